// An href helper for every route of the product, so a link in one remote to a screen of another never spells a path
// by hand. The registry (/remotes.json) decides which remote owns each. Each helper writes its path out rather than
// import its pattern from @skynet/contract: the patterns' module rode whole in each package's first chunk and put
// /feed's cold load over its budget (docs/decisions.md). paths.test.ts holds every helper to its pattern there.

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'planet';

const seg = encodeURIComponent;

export const paths = {
  landing: () => '/',
  home: () => '/home',
  homeList: () => '/home-list',
  planets: () => '/planets',
  login: (returnTo?: string) => (returnTo ? `/login?returnTo=${seg(returnTo)}` : '/login'),
  signup: () => '/signup',
  forgotPassword: () => '/forgetpassword',
  resetPassword: (token: string) => `/resetpassword/${seg(token)}`,
  feed: () => '/feed',
  planetFeed: (planet: { _id: string; name: string }) => `/feed/${slugify(planet.name)}/${seg(planet._id)}`,
  /** A hashtag's feed (issue 35); the tag without its '#'. */
  tag: (tag: string) => `/tag/${seg(tag)}`,
  newPost: () => '/post',
  post: (id: string) => `/post/${seg(id)}`,
  search: (text?: string) => (text ? `/search/${seg(text)}` : '/search'),
  profile: () => '/profile',
  editProfile: () => '/profile/edit',
  user: (id: string) => `/user/${seg(id)}`,
  settings: () => '/settings',
  manageAccount: () => '/settings/manageAccount',
  messages: () => '/messages',
  notifications: () => '/notifications',
  chat: (userId: string) => `/messages/${seg(userId)}`,
  liked: () => '/liked',
  saved: () => '/saved',
  commented: () => '/commented',
  following: () => '/following',
  followers: () => '/followers',
  about: () => '/about',
  policy: () => '/about/policy',
  terms: () => '/about/terms',
  aboutSkynet: () => '/about/about-skynet',
  faqs: () => '/faqs',
  support: () => '/support',
  /** The moderation queue (administrators only: others get the 404 page). */
  admin: () => '/admin',
  adminAudit: () => '/admin/audit',
  adminReleases: () => '/admin/releases',
} as const;
