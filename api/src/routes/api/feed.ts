import { FIRST_PAGE, normalizeTag, PAGE_SIZE } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import { sendSharedValue } from '../../lib/shared-reply.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import type { Viewer } from '../../plugins/app/safety-repository.js';
import type { Post } from '../../schemas/entities.js';

/** Pages read past one that the reader's blocks, mutes and words (or hidden authors) left empty. */
const READ_ON_MAX = 10;

/**
 * Page `index` of a feed as this reader sees it. A page the reader's filters leave empty is not the end of the feed
 * (the list would stop there: an empty page ends it), so the next pages are read until one shows something, the feed
 * ends, or READ_ON_MAX pages were read. Pages read on are the ones the reader asks for next: their posts come twice,
 * and the list shows each post once (it keys them by id).
 */
export async function visiblePage<P extends Pick<Post, 'authorId' | 'content'>>(
  viewer: Viewer,
  index: number,
  load: (index: number) => Promise<P[]>,
  hasOlder: (index: number, page: P[]) => boolean | Promise<boolean>,
): Promise<P[]> {
  for (let i = index; i < index + READ_ON_MAX; i++) {
    const page = await load(i);
    const shown = viewer.posts(page);
    if (shown.length > 0) return shown;
    if (!(await hasOlder(i, page))) return [];
  }
  return [];
}

/** For a feed of gapless numbers: pages below `index` exist while its counter is above them. */
const belowTop = (top: () => Promise<number>) => async (index: number) =>
  (await top()) > (index + 1) * PAGE_SIZE;

/** Galaxy feed (page from 1), a planet's feed (page from 1), a user's feed (page from 0). 20 a page, newest first. */
export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const posts = app.postsRepository;

  app.get(calls.galaxyFeed.path, { schema: routeSchema(calls.galaxyFeed) }, async (request, reply) => {
    const index = pageIndex(request.query.page, FIRST_PAGE.feed);
    const viewer = await app.safety.viewer(request.user?.id);
    const first = await posts.galaxy(index);
    // Most readers hide nothing: the shared page goes out as read (serialized once for all of them).
    if (first.length > 0 && viewer.posts(first) === first) return sendSharedValue(reply, first);
    return sendSharedValue(
      reply,
      await visiblePage(
        viewer,
        index,
        (i) => posts.galaxy(i),
        belowTop(() => posts.top('galaxy', '')),
      ),
    );
  });

  // Issue 35: the reader's Following timeline (api/src/plugins/app/timelines.ts); the reader's filters as any feed's.
  app.get(calls.followingFeed.path, { schema: routeSchema(calls.followingFeed) }, async (request, reply) => {
    const me = currentUser(request);
    const index = pageIndex(request.query.page, FIRST_PAGE.feed);
    const viewer = await app.safety.viewer(me.id);
    const value = await visiblePage(
      viewer,
      index,
      (i) => app.timelines.page(me.id, i),
      async (i) => ((await app.timelines.top(me.id)) ?? 0) > (i + 1) * PAGE_SIZE,
    );
    return sendSharedValue(reply, value);
  });

  // Issue 35: a tag's posts (post_tags), newest first; page from 1 as the other feeds.
  app.get(calls.tagFeed.path, { schema: routeSchema(calls.tagFeed) }, async (request, reply) => {
    const tag = normalizeTag(request.params.tag);
    if (tag === null) throw badRequest("A tag is 1 to 50 letters, digits or '_', with or without '#'.");
    const index = pageIndex(request.query.page, FIRST_PAGE.feed);
    const viewer = await app.safety.viewer(request.user?.id);
    const value = await visiblePage(
      viewer,
      index,
      (i) => posts.tag(tag, i),
      (_i, found) => found.length === PAGE_SIZE,
    );
    return sendSharedValue(reply, value);
  });

  // Issue 35: the composer's tag suggestions (signed in, as the feeds).
  app.get(calls.tagSuggestions.path, { schema: routeSchema(calls.tagSuggestions) }, async (request) => {
    const prefix = normalizeTag(request.params.prefix);
    if (prefix === null) throw badRequest("A tag is 1 to 50 letters, digits or '_', with or without '#'.");
    return { success: true as const, value: await posts.tagsStartingWith(prefix) };
  });

  app.get(calls.feedOf.path, { schema: routeSchema(calls.feedOf) }, async (request, reply) => {
    const { id } = request.params;
    const viewer = await app.safety.viewer(request.user?.id);
    // One query for the page; only an empty page asks whether the id exists.
    if (isUuid(id)) {
      const author = id.toLowerCase();
      // A profile whose owner and reader block one another shows no posts (issue 31); a muted one still does.
      if (viewer.blocked.has(author)) return sendSharedValue(reply, []);
      const index = pageIndex(request.query.page, FIRST_PAGE.list);
      const value = await posts.author(author, index);
      if (value.length === 0 && !(await app.usersRepository.exists(author)))
        throw notFound('User not found.');
      return sendSharedValue(reply, value);
    }
    const index = pageIndex(request.query.page, FIRST_PAGE.feed);
    const first = await posts.planet(id, index);
    if (first.length > 0 && viewer.posts(first) === first) return sendSharedValue(reply, first);
    const value = await visiblePage(
      viewer,
      index,
      (i) => posts.planet(id, i),
      belowTop(() => posts.top('planet', id)),
    );
    if (value.length === 0 && !(await app.planetsRepository.exists(id)))
      throw notFound('There is no planet or user with that id.');
    return sendSharedValue(reply, value);
  });
}
