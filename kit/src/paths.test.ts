import { matchRoute, ROUTE_PATTERNS, type RoutePatternName } from '@skynet/contract';
import { paths } from './paths';

type Helper = keyof typeof paths;
const ID = 'a b/ç?#';

/**
 * Each href helper, called as a caller would, with the pattern it must land on and the parameters that pattern must
 * read back from the href. A helper without a case here fails the test.
 */
const cases: Record<Helper, [string, RoutePatternName, Record<string, string>?][]> = {
  landing: [[paths.landing(), 'landing']],
  home: [[paths.home(), 'home']],
  homeList: [[paths.homeList(), 'homeList']],
  planets: [[paths.planets(), 'planets']],
  login: [
    [paths.login(), 'login'],
    [paths.login('/post/1?x=y'), 'login'],
  ],
  signup: [[paths.signup(), 'signup']],
  forgotPassword: [[paths.forgotPassword(), 'forgotPassword']],
  resetPassword: [[paths.resetPassword(ID), 'resetPassword', { token: ID }]],
  feed: [[paths.feed(), 'feed']],
  planetFeed: [
    [
      paths.planetFeed({ _id: ID, name: 'Planet Nine!' }),
      'planetFeed',
      { planetName: 'planet-nine', id: ID },
    ],
  ],
  tag: [[paths.tag('mars'), 'tag', { tag: 'mars' }]],
  newPost: [[paths.newPost(), 'newPost']],
  post: [[paths.post(ID), 'post', { id: ID }]],
  search: [
    [paths.search(), 'search'],
    [paths.search(ID), 'searchText', { text: ID }],
  ],
  profile: [[paths.profile(), 'profile']],
  editProfile: [[paths.editProfile(), 'editProfile']],
  user: [[paths.user(ID), 'user', { id: ID }]],
  settings: [[paths.settings(), 'settings']],
  manageAccount: [[paths.manageAccount(), 'manageAccount']],
  messages: [[paths.messages(), 'messages']],
  notifications: [[paths.notifications(), 'notifications']],
  chat: [[paths.chat(ID), 'chat', { id: ID }]],
  liked: [[paths.liked(), 'liked']],
  saved: [[paths.saved(), 'saved']],
  commented: [[paths.commented(), 'commented']],
  following: [[paths.following(), 'following']],
  followers: [[paths.followers(), 'followers']],
  about: [[paths.about(), 'about']],
  policy: [[paths.policy(), 'policy']],
  terms: [[paths.terms(), 'terms']],
  aboutSkynet: [[paths.aboutSkynet(), 'aboutSkynet']],
  faqs: [[paths.faqs(), 'faqs']],
  support: [[paths.support(), 'support']],
  admin: [[paths.admin(), 'admin']],
  adminAudit: [[paths.adminAudit(), 'adminAudit']],
  adminReleases: [[paths.adminReleases(), 'adminReleases']],
};

describe('paths: every href lands on the pattern it is built from', () => {
  it('has a case for every helper', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(paths).sort());
  });

  const rows = Object.entries(cases).flatMap(([helper, list]) =>
    list.map(([href, name, params = {}]) => ({ helper, href, name, params })),
  );
  it.each(rows)('$helper: $href is ROUTE_PATTERNS.$name, and only that pattern', ({ href, name, params }) => {
    const pathname = href.split('?')[0] ?? '';
    const matching = (Object.keys(ROUTE_PATTERNS) as RoutePatternName[]).filter(
      (candidate) => matchRoute(ROUTE_PATTERNS[candidate], pathname) !== null,
    );
    expect(matching).toEqual([name]);
    const read = matchRoute(ROUTE_PATTERNS[name], pathname) ?? {};
    const decoded = Object.fromEntries(
      Object.entries(read).map(([key, value]) => [key, decodeURIComponent(value)]),
    );
    expect(decoded).toEqual(params);
  });
});
