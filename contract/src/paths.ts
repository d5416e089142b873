// Every route pattern of the product, named once. Each package's src/routes.ts takes its `path` from here
// (`path: FEED_ROUTE`; tooling/routes reads the name statically), and @skynet/kit's `paths` helpers are tested to
// land on them (kit/src/paths.test.ts). Which remote owns a pattern is the registry's say. One constant a pattern, so
// a bundle carries only the patterns it routes; ROUTE_PATTERNS lists them by name for tools and tests.

export const LANDING_ROUTE = '/';
export const HOME_ROUTE = '/home';
export const HOME_LIST_ROUTE = '/home-list';
export const PLANETS_ROUTE = '/planets';
export const LOGIN_ROUTE = '/login';
export const SIGNUP_ROUTE = '/signup';
export const FORGOT_PASSWORD_ROUTE = '/forgetpassword';
export const RESET_PASSWORD_ROUTE = '/resetpassword/:token';
/** The link mailed at sign-up to confirm the address (issue 32). */
export const VERIFY_EMAIL_ROUTE = '/verifyemail/:token';
export const CONFIRM_EMAIL_ROUTE = '/confirmemail/:token';
export const UNDO_EMAIL_ROUTE = '/undoemail/:token';
export const FEED_ROUTE = '/feed';
export const PLANET_FEED_ROUTE = '/feed/:planetName/:id';
/** The posts of a hashtag (issue 35), newest first. */
export const TAG_ROUTE = '/tag/:tag';
export const NEW_POST_ROUTE = '/post';
export const POST_ROUTE = '/post/:id';
export const SEARCH_ROUTE = '/search';
export const SEARCH_TEXT_ROUTE = '/search/:text';
export const PROFILE_ROUTE = '/profile';
export const EDIT_PROFILE_ROUTE = '/profile/edit';
export const USER_ROUTE = '/user/:id';
export const SETTINGS_ROUTE = '/settings';
export const MANAGE_ACCOUNT_ROUTE = '/settings/manageAccount';
export const MESSAGES_ROUTE = '/messages';
export const CHAT_ROUTE = '/messages/:id';
export const NOTIFICATIONS_ROUTE = '/notifications';
export const LIKED_ROUTE = '/liked';
export const SAVED_ROUTE = '/saved';
export const COMMENTED_ROUTE = '/commented';
export const FOLLOWING_ROUTE = '/following';
export const FOLLOWERS_ROUTE = '/followers';
export const ABOUT_ROUTE = '/about';
export const POLICY_ROUTE = '/about/policy';
export const TERMS_ROUTE = '/about/terms';
export const ABOUT_SKYNET_ROUTE = '/about/about-skynet';
export const FAQS_ROUTE = '/faqs';
export const SUPPORT_ROUTE = '/support';
export const ADMIN_ROUTE = '/admin';
export const ADMIN_AUDIT_ROUTE = '/admin/audit';
export const ADMIN_RELEASES_ROUTE = '/admin/releases';

/** Every pattern by its name (tools and tests: browser code imports the constants). */
export const ROUTE_PATTERNS = {
  landing: LANDING_ROUTE,
  home: HOME_ROUTE,
  homeList: HOME_LIST_ROUTE,
  planets: PLANETS_ROUTE,
  login: LOGIN_ROUTE,
  signup: SIGNUP_ROUTE,
  forgotPassword: FORGOT_PASSWORD_ROUTE,
  resetPassword: RESET_PASSWORD_ROUTE,
  verifyEmail: VERIFY_EMAIL_ROUTE,
  confirmEmail: CONFIRM_EMAIL_ROUTE,
  undoEmail: UNDO_EMAIL_ROUTE,
  feed: FEED_ROUTE,
  planetFeed: PLANET_FEED_ROUTE,
  tag: TAG_ROUTE,
  newPost: NEW_POST_ROUTE,
  post: POST_ROUTE,
  search: SEARCH_ROUTE,
  searchText: SEARCH_TEXT_ROUTE,
  profile: PROFILE_ROUTE,
  editProfile: EDIT_PROFILE_ROUTE,
  user: USER_ROUTE,
  settings: SETTINGS_ROUTE,
  manageAccount: MANAGE_ACCOUNT_ROUTE,
  messages: MESSAGES_ROUTE,
  chat: CHAT_ROUTE,
  notifications: NOTIFICATIONS_ROUTE,
  liked: LIKED_ROUTE,
  saved: SAVED_ROUTE,
  commented: COMMENTED_ROUTE,
  following: FOLLOWING_ROUTE,
  followers: FOLLOWERS_ROUTE,
  about: ABOUT_ROUTE,
  policy: POLICY_ROUTE,
  terms: TERMS_ROUTE,
  aboutSkynet: ABOUT_SKYNET_ROUTE,
  faqs: FAQS_ROUTE,
  support: SUPPORT_ROUTE,
  admin: ADMIN_ROUTE,
  adminAudit: ADMIN_AUDIT_ROUTE,
  adminReleases: ADMIN_RELEASES_ROUTE,
} as const;

export type RoutePatternName = keyof typeof ROUTE_PATTERNS;
