import { FIRST_PAGE, normalizeTag, PAGE_SIZE, POST_MARKS_MAX, type Post } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, POST_DELETED } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import { sendSharedValue } from '../../lib/shared-reply.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { unconfirmedPostingLimit } from '../../plugins/app/email-verification.js';
import { visiblePage } from './feed.js';

/**
 * A content warning as given (issue 35): absent stays absent (an edit keeps the one it had), blank text or null is
 * none, else trimmed and needing a visible character.
 */
function contentWarningOf(given: string | null | undefined): string | null | undefined {
  if (given === undefined || given === null) return given;
  const text = given.trim();
  if (text === '') return null;
  if (!hasVisibleCharacter(text)) throw badRequest('The content warning must contain a visible character.');
  return text;
}

/** Posts, replies, deletion, likes, saves, comments, post search. */
export default async function postRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const posts = app.postsRepository;

  const existing = async (id: string) => {
    const p = isUuid(id) ? await posts.exists(id) : null;
    if (!p) throw notFound('Post not found.');
    return p;
  };
  /**
   * A post to act on (like, save, comment): refused when its author and the caller block one another, and with 400
   * when it was deleted (issue 32: no like, save or comment lands on it, and its author hears of none).
   */
  const reachable = async (id: string, meId: string) => {
    const p = await existing(id);
    if (p.deleted) throw badRequest(POST_DELETED);
    await app.safety.assertNoBlock(meId, p.authorId);
    return p;
  };

  /** Issue 35: the users a post or comment names hear of it (those who block, are blocked or mute: not). */
  const notifyMentions = (post: Pick<Post, '_id' | 'authorId' | 'mentions'>) =>
    app.notifications.record('mention', post.authorId, {
      postId: post._id,
      mentioned: post.mentions.map((m) => m._id),
    });

  // An account whose address is not confirmed yet posts less (issue 32, docs/security.md).
  const unconfirmedLimit = unconfirmedPostingLimit(fastify);

  app.post(
    calls.createPost.path,
    { preHandler: unconfirmedLimit, schema: routeSchema(calls.createPost) },
    async (request) => {
      const me = currentUser(request);
      const { content, location, parentPost } = request.body;
      if (!hasVisibleCharacter(content)) throw badRequest('The post must contain a visible character.');
      const contentWarning = contentWarningOf(request.body.contentWarning) ?? null;
      if (parentPost && !isUuid(parentPost)) throw notFound('The post you reply to does not exist.');
      if (parentPost) {
        const parent = await posts.exists(parentPost);
        if (parent) await app.safety.assertNoBlock(me.id, parent.authorId);
      }
      const post = await posts.create({
        authorId: me.id,
        content,
        planetId: location.planetId,
        latitude: location.latitude,
        longitude: location.longitude,
        parentId: parentPost ?? null,
        contentWarning,
      });
      if (parentPost)
        await app.notifications.record('reply', me.id, { postId: parentPost, sourceId: post._id });
      await notifyMentions(post);
      // Live feeds (issue 22): a post made here (a reply too) shows in the galaxy and planet feeds, so their readers
      // hear of it. Comments (POST /post/:id/comment) show in no feed and announce nothing.
      // The Following timelines of the author and their followers (issue 35): a job, so the answer never waits on them.
      await app.jobs.queueFanOut({ postId: post._id, authorId: me.id, planetId: post.location.planetId });
      const audience = await app.safety.liveAudience(me.id);
      if (!audience.silenced)
        app.realtime.newPost({ id: post._id, planetId: post.location.planetId }, audience.excluded);
      return { success: true as const, value: post };
    },
  );

  app.get(calls.searchPosts.path, { schema: routeSchema(calls.searchPosts) }, async (request, reply) => {
    const page = pageIndex(request.query.page, FIRST_PAGE.list);
    const text = request.params.text.trim();
    if (!text) return sendSharedValue(reply, []);
    const viewer = await app.safety.viewer(request.user?.id);
    // Issue 35: a single '#tag' is that tag's feed (its posts newest first, the reader's filters as any feed's).
    const tag = text.startsWith('#') ? normalizeTag(text) : null;
    if (tag !== null) {
      return sendSharedValue(
        reply,
        await visiblePage(
          viewer,
          page,
          (i) => posts.tag(tag, i),
          (_i, found) => found.length === PAGE_SIZE,
        ),
      );
    }
    const first = await posts.search(text, page);
    if (viewer.posts(first) === first) return sendSharedValue(reply, first);
    return sendSharedValue(
      reply,
      await visiblePage(
        viewer,
        page,
        (i) => posts.search(text, i),
        (_i, found) => found.length > 0,
      ),
    );
  });

  app.get(
    calls.post.path,
    {
      config: { public: true },
      schema: routeSchema(calls.post),
    },
    async (request) => {
      const post = isUuid(request.params.id) ? await posts.byId(request.params.id) : null;
      // A post of someone the reader blocks or is blocked by is not there for them (issue 31).
      if (!post || (await app.safety.viewer(request.user?.id)).blocked.has(post.authorId))
        throw notFound('Post not found.');
      return { success: true as const, value: post };
    },
  );

  app.delete(calls.deletePost.path, { schema: routeSchema(calls.deletePost) }, async (request) => {
    if (!isUuid(request.params.id)) throw notFound('Post not found.');
    // Its planet, for the live feeds that may have announced it (read before: a deleted post keeps its row).
    const before = await posts.byId(request.params.id);
    const me = currentUser(request);
    let author: string | null = null;
    await posts.remove(request.params.id, me, async (tx, post) => {
      author = post.authorId;
      await app.moderation.adminDeleted(tx, { id: me.id }, post);
    });
    if (author) app.notifications.changed(author);
    // Its mentions leave the notifications of those it named (issue 35): their counts change.
    for (const m of before?.deleted ? [] : (before?.mentions ?? [])) app.notifications.changed(m._id);
    if (before && !before.deleted)
      app.realtime.postDeleted({ id: before._id, planetId: before.location.planetId });
    return { success: true as const };
  });

  // Editing (issue 35): the author only; the text is checked as a new post's is.
  app.patch(
    calls.editPost.path,
    { preHandler: unconfirmedLimit, schema: routeSchema(calls.editPost) },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Post not found.');
      const { content } = request.body;
      if (!hasVisibleCharacter(content)) throw badRequest('The post must contain a visible character.');
      const warning = contentWarningOf(request.body.contentWarning);
      const post = await posts.edit(request.params.id, currentUser(request).id, content, warning);
      // Those the new text names first hear of it now (someone already told is not told again).
      await notifyMentions(post);
      return { success: true as const, value: post };
    },
  );

  app.get(
    calls.postHistory.path,
    { config: { public: true }, schema: routeSchema(calls.postHistory) },
    async (request) => {
      const found = isUuid(request.params.id) ? await posts.versions(request.params.id) : null;
      // As GET /post/:id: not there for someone the author blocks or is blocked by.
      if (!found || (await app.safety.viewer(request.user?.id)).blocked.has(found.authorId))
        throw notFound('Post not found.');
      return { success: true as const, value: found.versions };
    },
  );

  // One call for a list's cards instead of two a card (issue 34): only the caller's own marks, nothing of anyone else's.
  app.get(calls.postMarks.path, { schema: routeSchema(calls.postMarks) }, async (request) => {
    const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()))];
    if (ids.length > POST_MARKS_MAX) throw badRequest(`Ask about at most ${POST_MARKS_MAX} posts at a time.`);
    if (!ids.every(isUuid)) throw badRequest('ids must be post ids, separated by commas.');
    return { success: true as const, value: await posts.marks(currentUser(request).id, ids) };
  });

  for (const [kind, ask, add, undo] of [
    ['saves', calls.isSaved, calls.save, calls.unsave],
    ['likes', calls.isLiked, calls.like, calls.unlike],
  ] as const) {
    app.get(ask.path, { schema: routeSchema(ask) }, async (request) => {
      await existing(request.params.id);
      return {
        success: true as const,
        value: await posts.has(kind, currentUser(request).id, request.params.id),
      };
    });
    app.post(add.path, { schema: routeSchema(add) }, async (request) => {
      await reachable(request.params.id, currentUser(request).id);
      await posts.toggle(kind, currentUser(request).id, request.params.id, true);
      if (kind === 'likes')
        await app.notifications.record('like', currentUser(request).id, { postId: request.params.id });
      return { success: true as const, value: true };
    });
    app.delete(undo.path, { schema: routeSchema(undo) }, async (request) => {
      await existing(request.params.id);
      await posts.toggle(kind, currentUser(request).id, request.params.id, false);
      if (kind === 'likes')
        await app.notifications.retract('like', currentUser(request).id, { postId: request.params.id });
      return { success: true as const, value: false };
    });
  }

  app.post(
    calls.comment.path,
    { preHandler: unconfirmedLimit, schema: routeSchema(calls.comment) },
    async (request) => {
      const me = currentUser(request);
      const content = request.body.content.trim();
      if (!hasVisibleCharacter(content)) throw badRequest('The comment must contain a visible character.');
      await reachable(request.params.id, me.id);
      const author = await app.usersRepository.byId(me.id);
      if (!author) throw notFound('Account not found.');
      const comment = await posts.addComment(
        request.params.id,
        { id: me.id, planetId: author.planet_id, latitude: author.latitude, longitude: author.longitude },
        content,
      );
      await app.notifications.record('comment', me.id, { postId: request.params.id, sourceId: comment._id });
      await notifyMentions(comment);
      return { success: true as const, value: comment };
    },
  );

  app.get(
    calls.comments.path,
    {
      config: { public: true },
      schema: routeSchema(calls.comments),
    },
    async (request) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      await existing(request.params.id);
      const viewer = await app.safety.viewer(request.user?.id);
      const value = await visiblePage(
        viewer,
        page,
        (i) => posts.comments(request.params.id, i),
        (_i, found) => found.length === PAGE_SIZE, // comment pages are exact ranges: only the last is short
      );
      return { success: true as const, value };
    },
  );
}
