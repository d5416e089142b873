// Build-time only (tooling/rspack/prerender.mjs runs it in Node): the signed-in Galactic Feed's frame, drawn by the
// real components, with one post card drawn by the real PostCard around a placeholder post, as a <template>. The
// server puts it into the HTML of `/feed` for a visitor with a saved token, and a small inline script fills one card
// per post of the page's head start answer (`/feed?page=1`), so the first page paints before any script file
// (docs/decisions.md, "The signed-in feed paints from the HTML"). No data is ever rendered here: the posts are the
// visitor's, fetched with their token by the browser. Never part of the browser build.
import {
  PLANET_FEED_ROUTE,
  POST_ROUTE,
  type Post,
  PROFILE_ROUTE,
  SEARCH_TEXT_ROUTE,
  USER_ROUTE,
  type User,
} from '@skynet/contract';
import { PageHeader } from '@skynet/kit';
import { type Slot, withSlots } from '@skynet/kit/prerender';
import { MemoryRouter } from '@skynet/shared';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CommentForm } from '../components/CommentForm';
import { FEED_PANEL_ID, FeedTabs, tabId } from '../components/FeedTabs';
import { Page } from '../components/Page';
import { PostCard } from '../components/PostCard';
import listStyles from '../components/PostList.module.css';
import { postMenu } from '../components/PostMenu';
import postPageStyles from '../components/PostPage.module.css';
import { ProfileCard } from '../components/ProfileCard';
import { VIEWS } from '../components/ProfileView';
import { SearchFrame } from '../components/SearchFrame';
import { ViewToggles } from '../components/ViewToggles';
import { GALAXY_FEED_TITLE } from '../pages/GalaxyFeedPage';
import { planetFeedLabel } from '../pages/PlanetFeedPage';
import { OwnProfileActions } from '../pages/ProfilePage';
import SearchPage, { postsLabel } from '../pages/SearchPage';
import { NONE, UserActions } from '../pages/UserPage';
import { routes } from '../routes';
import { PERSON_ATTRIBUTE } from './profile-fill';
import { UNFILLED_ATTRIBUTE } from './route-fill';

/** The placeholder post the card is drawn around; its values become the fill script's slots (SLOTS). */
const PLACEHOLDER_POST: Post = {
  _id: 'post-id-0',
  authorId: 'author-id-0',
  userName: 'Author',
  avatarUrl: null,
  content: 'Text',
  createdAt: '2001-02-03T12:00:00.000Z',
  location: { _id: 'planet-id', planetId: 'planet-id', latitude: 0, longitude: 0 },
  planetId: 'planet-id',
  mentions: [],
  tags: [],
  parentPost: null,
  parentPreview: null,
  deleted: false,
  likeCount: 7,
  commentCount: 8,
  editedAt: null,
  contentWarning: null,
};

const hueOf = (name: string) => [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;

/**
 * Where the card shows the placeholder's values, as the slots the HTML's fill script (./fill.ts)
 * replaces in text and attribute values: {i} id, {a} author id, {n} name, {x} its initial, {h} its avatar's hue, {c}
 * text, {l} likes and {L} " like"/" likes", {o} comments and {O} " comment"/" comments", {t} date, {d} the date as
 * the card formats it. Each must be found exactly as often as said: a PostCard that draws differently fails the
 * build here rather than filling wrongly.
 */
const SLOTS: Slot[] = [
  [/post-id-0/g, '{i}', 4],
  [/author-id-0/g, '{a}', 1],
  [/>Author</g, '>{n}<', 1],
  [/Author&#x27;s avatar/g, '{n}&#x27;s avatar', 1],
  [/>A<\/span>/g, '>{x}</span>', 1],
  [new RegExp(`hsl\\(${hueOf(PLACEHOLDER_POST.userName)} `, 'g'), 'hsl({h} ', 1],
  [/>Text<\/p>/g, '>{c}</p>', 1],
  [/>7<span/g, '>{l}<span', 1],
  [/> likes</g, '>{L}<', 1],
  [/"8 comments"/g, '"{o}{O}"', 1],
  [/<span>8<\/span>/g, '<span>{o}</span>', 1],
  [/2001-02-03T12:00:00.000Z/g, '{t}', 1],
  [/>[^<>]*<\/time>/g, '>{d}</time>', 1],
];

function cardWithSlots(path: string): string {
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <PostCard post={PLACEHOLDER_POST} interactive />
    </MemoryRouter>,
  );
  return withSlots(markup, SLOTS, 'card');
}

/** The first call of a route's page as the HTML starts it (`early` in ../routes.ts), or its first call like `kind`. */
const firstCall = (path: string, kind = /./) => {
  const call = routes.find((route) => route.path === path)?.early?.find((early) => kind.test(early));
  if (!call) throw new Error(`prerender: ${path} declares no early call like ${kind}`);
  return call;
};

/**
 * A PostList with items, as it draws itself once its first page is there, and the card template the fill script
 * draws each post of the route's first call with. `at`: an address of the route (the card's links are drawn there).
 */
function postListTemplate(
  route: string,
  at: string,
  label: string,
  call = firstCall(route),
  more: Record<string, string> = {},
) {
  return (
    <>
      <section className={listStyles.section} aria-label={label}>
        <div role="feed" aria-label={label} aria-busy="false" className={listStyles.feed} data-posts="" />
      </section>
      <template
        data-card=""
        // A route with parameters: the fill script puts the address's into the call, as the server's head start did.
        {...(route.includes(':') ? { 'data-route': route } : {})}
        {...more}
        data-call={call}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the card PostCard draws, with slots for the script
        dangerouslySetInnerHTML={{ __html: cardWithSlots(at) }}
      />
    </>
  );
}

/** As GalacticFeedPage draws it once its first page is there, on its Galaxy tab. */
function feedTemplate(path: string, title: string) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <Page>
        <PageHeader title={title} />
        <FeedTabs value="galaxy" onChange={noop} />
        <div role="tabpanel" id={FEED_PANEL_ID} aria-labelledby={tabId('galaxy')}>
          {postListTemplate(path, path, title)}
        </div>
      </Page>
    </MemoryRouter>,
  );
}

const noop = () => {};

/** A frame with slots: hidden until its fill script has filled them (it then takes the wrapper away). */
const unfilled = (frame: ReactNode) => (
  <div {...{ [UNFILLED_ATTRIBUTE]: '' }} hidden>
    {frame}
  </div>
);

/**
 * As SearchPage draws `/search/:text` once its first page of posts is there, the text as slots its fill script
 * (./search-fill.ts) fills from the address: {q} the text as typed, {Q} trimmed, as the page names its results.
 */
function searchResultsTemplate() {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/search/q']}>
      {unfilled(
        <SearchFrame draft="{q}" onDraft={noop} onSubmit={noop} kind="posts" onKind={noop}>
          {postListTemplate(SEARCH_TEXT_ROUTE, '/search/q', postsLabel('{Q}'))}
        </SearchFrame>,
      )}
    </MemoryRouter>,
  );
}

/** As PlanetFeedPage draws a planet's feed once its first page is there, {P} the planet's name (./planet-fill.ts). */
function planetFeedTemplate() {
  const at = '/feed/planet/planet-id';
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      {unfilled(
        <Page>
          <PageHeader title="{P}" />
          {postListTemplate(PLANET_FEED_ROUTE, at, planetFeedLabel('{P}'))}
        </Page>,
      )}
    </MemoryRouter>,
  );
}

/** The person a profile is drawn around; its values become the profile fill's frame slots (profileSlots). */
const PLACEHOLDER_USER: User = {
  _id: 'person-id-0',
  userName: 'Person',
  avatarUrl: null,
  bio: 'Bio',
  createdAt: '2001-02-03T12:00:00.000Z',
  deleted: false,
  followerCount: 5,
  followingCount: 6,
  postCount: 9,
  location: { planetId: 'planet-id', latitude: 0, longitude: 0 },
};

/**
 * Where a profile's frame shows the placeholder person, as the slots ./profile-fill.ts fills: {T} the page's title,
 * {N} the name, {X} its initial, {H} its avatar's hue, {B} the bio (its paragraph marked, to go when there is none),
 * {P} the home planet's name, {J} the date joined as the card formats it, {F} '5 followers', {G} the following count,
 * {K} '9 posts', {I} the person's id.
 */
const profileSlots = (route: string): Slot[] => [
  // Someone else's: in the link to message them.
  [/person-id-0/g, '{I}', route === USER_ROUTE ? 1 : 0],
  [/>@Person</g, '>@{N}<', 1],
  [/Posts by Person/g, 'Posts by {N}', 2],
  [/Person&#x27;s avatar/g, '{N}&#x27;s avatar', 1],
  [/>P<\/span>/g, '>{X}</span>', 1],
  [new RegExp(`hsl\\(${hueOf(PLACEHOLDER_USER.userName)} `, 'g'), 'hsl({H} ', 1],
  [/<p class="([^"]*)">Bio<\/p>/g, '<p class="$1" data-bio="">{B}</p>', 1],
  [/ on February 3, 2001</g, ' on {J}<', 1],
  [/>5 followers</g, '>{F}<', 1],
  [/>6 following</g, '>{G} following<', 1],
  [/>9 posts</g, '>{K}<', 1],
];

/**
 * As ProfileView draws a profile once its person and first page of posts are there (own: `/profile`; someone
 * else's: `/user/:id`, as it draws before your standing with them changes anything), hidden until ./profile-fill.ts
 * has filled its slots.
 */
function profileTemplate(route: string, at: string, title: string, actions: ReactNode) {
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      {unfilled(
        <Page>
          <PageHeader title={title} />
          <ProfileCard
            user={PLACEHOLDER_USER}
            planetName="{P}"
            followerCount={PLACEHOLDER_USER.followerCount}
            actions={actions}
          />
          <ViewToggles label="Show" options={VIEWS} value="posts" onChange={noop} />
          {postListTemplate(route, at, 'Posts by Person', firstCall(route, /^\/feed\//), {
            'data-route': route,
            [PERSON_ATTRIBUTE]: firstCall(route, /^\/user\/:\w+$/),
          })}
        </Page>,
      )}
    </MemoryRouter>,
  );
  return withSlots(markup, profileSlots(route), 'profile');
}

/**
 * As PostPage draws a post for a signed-in visitor who did not write it (its menu offers Report), before its
 * comments are there: the card with the same slots as a list's (./post-fill.ts fills them, the date as the page's
 * expanded card formats it), the comment form and the comments' heading, hidden until filled.
 */
function postTemplate() {
  const at = '/post/post-id-0';
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      {unfilled(
        <Page>
          <PageHeader title="Post" />
          <div className={postPageStyles.post}>
            <PostCard
              post={PLACEHOLDER_POST}
              expanded
              interactive
              authorName={PLACEHOLDER_POST.userName}
              menu={postMenu(PLACEHOLDER_POST, 'viewer-id-0')}
            />
          </div>
          <CommentForm postId={PLACEHOLDER_POST._id} onCommented={noop} />
          <h2 className={postPageStyles.heading}>Comments</h2>
        </Page>,
      )}
    </MemoryRouter>,
  );
  return withSlots(markup, SLOTS, 'post');
}

/**
 * Signed-in route path -> its template. `/search` before anything is searched needs no data: the real page is drawn
 * whole (./static-page.ts starts it). `/search/:text` and a planet's feed draw their first page of posts as `/feed`
 * does, their frame's slots filled from the address (./search-fill.ts) or the planets' list (./planet-fill.ts).
 */
export const signedIn: Record<string, () => string> = {
  '/feed': () => feedTemplate('/feed', GALAXY_FEED_TITLE),
  [SEARCH_TEXT_ROUTE]: searchResultsTemplate,
  [PLANET_FEED_ROUTE]: planetFeedTemplate,
  [PROFILE_ROUTE]: () => profileTemplate(PROFILE_ROUTE, '/profile', '{T}', <OwnProfileActions />),
  [USER_ROUTE]: () =>
    profileTemplate(
      USER_ROUTE,
      '/user/person-id-0',
      'Profile',
      <UserActions
        user={PLACEHOLDER_USER}
        relationship={NONE}
        onDelta={noop}
        onBlocked={noop}
        onChange={noop}
      />,
    ),
  [POST_ROUTE]: postTemplate,
  '/search': () =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={['/search']}>
        <SearchPage />
      </MemoryRouter>,
    ),
};
