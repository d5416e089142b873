// Every route pattern of the product, named once. Each package's src/routes.ts takes its `path` from this table
// (tooling/routes reads the name statically), and @skynet/kit's `paths` builds each href from the same pattern: a
// pattern changed here changes the route and its links together. Which remote owns a pattern is the registry's say.

export const ROUTE_PATTERNS = {
  landing: '/',
  home: '/home',
  homeList: '/home-list',
  planets: '/planets',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgetpassword',
  resetPassword: '/resetpassword/:token',
  confirmEmail: '/confirmemail/:token',
  undoEmail: '/undoemail/:token',
  feed: '/feed',
  planetFeed: '/feed/:planetName/:id',
  newPost: '/post',
  post: '/post/:id',
  search: '/search',
  searchText: '/search/:text',
  profile: '/profile',
  editProfile: '/profile/edit',
  user: '/user/:id',
  settings: '/settings',
  manageAccount: '/settings/manageAccount',
  messages: '/messages',
  chat: '/messages/:id',
  notifications: '/notifications',
  liked: '/liked',
  saved: '/saved',
  commented: '/commented',
  following: '/following',
  followers: '/followers',
  about: '/about',
  policy: '/about/policy',
  terms: '/about/terms',
  aboutSkynet: '/about/about-skynet',
  faqs: '/faqs',
  support: '/support',
} as const;

export type RoutePatternName = keyof typeof ROUTE_PATTERNS;

/** A pattern with its `:name` parameters filled in, each URL-encoded (`/post/:id`, { id: 'a b' } -> `/post/a%20b`). */
export const fillPattern = (pattern: string, params: Record<string, string>): string =>
  pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
