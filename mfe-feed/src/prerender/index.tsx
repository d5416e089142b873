// Build-time only (tooling/rspack/prerender.mjs runs it in Node): the signed-in Galactic Feed's frame, drawn by the
// real components, with one post card drawn by the real PostCard around a placeholder post, as a <template>. The
// server puts it into the HTML of `/feed` for a visitor with a saved token, and a small inline script fills one card
// per post of the page's head start answer (`/feed?page=1`), so the first page paints before any script file
// (docs/decisions.md, "The signed-in feed paints from the HTML"). No data is ever rendered here: the posts are the
// visitor's, fetched with their token by the browser. Never part of the browser build.
import type { Post } from '@skynet/contract';
import { Avatar, PageHeader } from '@skynet/kit';
import { MemoryRouter } from '@skynet/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { Page } from '../components/Page';
import { PostCard } from '../components/PostCard';
import listStyles from '../components/PostList.module.css';
import { GALAXY_FEED_TITLE } from '../pages/GalaxyFeedPage';
import { routes } from '../routes';

/**
 * The placeholder the card is drawn around. The fill script finds each of these values as a whole text or attribute
 * value and puts the post's own there (so they must not occur elsewhere in the card): the id and author id in
 * links and ids, the name, the text, the counts; the date's text and the avatar's colour it computes the way the
 * card does. Published in the template (`data-post`), so the script needs no copy of them.
 */
export const PLACEHOLDER_POST: Post = {
  _id: 'post-id',
  authorId: 'author-id',
  userName: 'Author',
  avatarUrl: null,
  content: 'Text',
  createdAt: '2001-02-03T12:00:00.000Z',
  location: { _id: 'planet-id', planetId: 'planet-id', latitude: 0, longitude: 0 },
  parentPost: null,
  deleted: false,
  likeCount: 7,
  commentCount: 8,
};

/** The first call of the galaxy feed's page as the HTML starts it (`early` in ../routes.ts). */
const firstCall = (path: string) => {
  const call = routes.find((route) => route.path === path)?.early?.[0];
  if (!call) throw new Error(`prerender: ${path} declares no early call`);
  return call;
};

/** As GalacticFeedPage draws it once its first page is there (PostList with items). */
function feedTemplate(path: string, title: string) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <Page>
        <PageHeader title={title} />
        <section className={listStyles.section} aria-label={title}>
          <div role="feed" aria-label={title} aria-busy="false" className={listStyles.feed} data-posts="" />
        </section>
        <template data-card="" data-call={firstCall(path)} data-post={JSON.stringify(PLACEHOLDER_POST)}>
          <PostCard post={PLACEHOLDER_POST} interactive />
        </template>
        <template data-avatar="">
          <Avatar url="/avatar" name={PLACEHOLDER_POST.userName} />
        </template>
      </Page>
    </MemoryRouter>,
  );
}

/** Signed-in route path -> its template (the planet feeds wait for their planet's name: not here). */
export const signedIn: Record<string, () => string> = {
  '/feed': () => feedTemplate('/feed', GALAXY_FEED_TITLE),
};
