// An href helper for every route of the product, each built from its pattern in @skynet/contract's ROUTE_PATTERNS
// (the table every src/routes.ts takes its paths from), so a link in one remote to a screen of another never spells
// a path by hand. The registry (/remotes.json) decides which remote owns each.
import { fillPattern, ROUTE_PATTERNS as P } from '@skynet/contract';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'planet';

const seg = encodeURIComponent;

export const paths = {
  landing: () => P.landing,
  home: () => P.home,
  homeList: () => P.homeList,
  planets: () => P.planets,
  login: (returnTo?: string) => (returnTo ? `${P.login}?returnTo=${seg(returnTo)}` : P.login),
  signup: () => P.signup,
  forgotPassword: () => P.forgotPassword,
  resetPassword: (token: string) => fillPattern(P.resetPassword, { token }),
  feed: () => P.feed,
  planetFeed: (planet: { _id: string; name: string }) =>
    fillPattern(P.planetFeed, { planetName: slugify(planet.name), id: planet._id }),
  newPost: () => P.newPost,
  post: (id: string) => fillPattern(P.post, { id }),
  search: (text?: string) => (text ? fillPattern(P.searchText, { text }) : P.search),
  profile: () => P.profile,
  editProfile: () => P.editProfile,
  user: (id: string) => fillPattern(P.user, { id }),
  settings: () => P.settings,
  manageAccount: () => P.manageAccount,
  messages: () => P.messages,
  notifications: () => P.notifications,
  chat: (userId: string) => fillPattern(P.chat, { id: userId }),
  liked: () => P.liked,
  saved: () => P.saved,
  commented: () => P.commented,
  following: () => P.following,
  followers: () => P.followers,
  about: () => P.about,
  policy: () => P.policy,
  terms: () => P.terms,
  aboutSkynet: () => P.aboutSkynet,
  faqs: () => P.faqs,
  support: () => P.support,
} as const;
