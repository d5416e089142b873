import { Type } from '@sinclair/typebox';
import { FIRST_PAGE, POST_MAX_LENGTH } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { sendSharedValue } from '../../lib/shared-reply.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { Comment, errors, IdParams, Ok, OkValue, PageQuery, Post } from '../../schemas/entities.js';
import { PlanetLocation } from '../../schemas/fields.js';

/** Posts, replies, deletion, likes, saves, comments, post search. */
export default async function postRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const posts = app.postsRepository;

  const existing = async (id: string) => {
    const p = isUuid(id) ? await posts.exists(id) : null;
    if (!p) throw notFound('Post not found.');
    return p;
  };

  app.post(
    '/post',
    {
      schema: {
        tags: ['posts'],
        body: Type.Object({
          content: Type.String({ minLength: 1, maxLength: POST_MAX_LENGTH }),
          location: PlanetLocation,
          parentPost: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
        }),
        response: { 200: OkValue(Post), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { content, location, parentPost } = request.body;
      if (!hasVisibleCharacter(content)) throw badRequest('The post must contain a visible character.');
      if (parentPost && !isUuid(parentPost)) throw notFound('The post you reply to does not exist.');
      const post = await posts.create({
        authorId: me.id,
        content,
        planetId: location.planetId,
        latitude: location.latitude,
        longitude: location.longitude,
        parentId: parentPost ?? null,
      });
      if (parentPost)
        await app.notifications.record('reply', me.id, { postId: parentPost, sourceId: post._id });
      // Live feeds (issue 22): a post made here (a reply too) shows in the galaxy and planet feeds, so their readers
      // hear of it. Comments (POST /post/:id/comment) show in no feed and announce nothing.
      app.realtime.newPost({ id: post._id, planetId: post.location.planetId });
      return { success: true as const, value: post };
    },
  );

  app.get(
    '/post/search/:text',
    {
      schema: {
        tags: ['posts'],
        description: 'Full-text search of posts, newest first; page counts from 0.',
        params: Type.Object({ text: Type.String({ minLength: 1, maxLength: 200 }) }),
        querystring: PageQuery,
        response: { 200: OkValue(Type.Array(Post)), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      const text = request.params.text.trim();
      return sendSharedValue(reply, text ? await posts.search(text, page) : []);
    },
  );

  app.get(
    '/post/:id',
    {
      config: { public: true },
      schema: {
        tags: ['posts'],
        security: [],
        params: IdParams,
        response: { 200: OkValue(Post), ...errors(404) },
      },
    },
    async (request) => {
      const post = isUuid(request.params.id) ? await posts.byId(request.params.id) : null;
      if (!post) throw notFound('Post not found.');
      return { success: true as const, value: post };
    },
  );

  app.delete(
    '/post/:id',
    {
      schema: {
        tags: ['posts'],
        description: 'Author or admin only.',
        params: IdParams,
        response: { 200: Ok, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Post not found.');
      // Its planet, for the live feeds that may have announced it (read before: a deleted post keeps its row).
      const before = await posts.byId(request.params.id);
      await posts.remove(request.params.id, currentUser(request));
      if (before && !before.deleted)
        app.realtime.postDeleted({ id: before._id, planetId: before.location.planetId });
      return { success: true as const };
    },
  );

  for (const [segment, kind] of [
    ['save', 'saves'],
    ['like', 'likes'],
  ] as const) {
    const schema = (description: string) => ({
      tags: ['posts'],
      description,
      params: IdParams,
      response: { 200: OkValue(Type.Boolean()), ...errors(401, 404) },
    });
    app.get(
      `/post/:id/${segment}`,
      { schema: schema(`Whether you ${segment}d this post.`) },
      async (request) => {
        await existing(request.params.id);
        return {
          success: true as const,
          value: await posts.has(kind, currentUser(request).id, request.params.id),
        };
      },
    );
    app.post(
      `/post/:id/${segment}`,
      { schema: schema(`${segment} (idempotent); value = true.`) },
      async (request) => {
        await existing(request.params.id);
        await posts.toggle(kind, currentUser(request).id, request.params.id, true);
        if (kind === 'likes')
          await app.notifications.record('like', currentUser(request).id, { postId: request.params.id });
        return { success: true as const, value: true };
      },
    );
    app.delete(
      `/post/:id/${segment}`,
      { schema: schema(`Undo ${segment} (idempotent); value = false.`) },
      async (request) => {
        await existing(request.params.id);
        await posts.toggle(kind, currentUser(request).id, request.params.id, false);
        if (kind === 'likes')
          await app.notifications.retract('like', currentUser(request).id, { postId: request.params.id });
        return { success: true as const, value: false };
      },
    );
  }

  app.post(
    '/post/:id/comment',
    {
      schema: {
        tags: ['posts'],
        params: IdParams,
        body: Type.Object({ content: Type.String({ minLength: 1, maxLength: POST_MAX_LENGTH }) }),
        response: { 200: OkValue(Comment), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const content = request.body.content.trim();
      if (!hasVisibleCharacter(content)) throw badRequest('The comment must contain a visible character.');
      if (!isUuid(request.params.id)) throw notFound('Post not found.');
      const author = await app.usersRepository.byId(me.id);
      if (!author) throw notFound('Account not found.');
      const comment = await posts.addComment(
        request.params.id,
        { id: me.id, planetId: author.planet_id, latitude: author.latitude, longitude: author.longitude },
        content,
      );
      await app.notifications.record('comment', me.id, { postId: request.params.id, sourceId: comment._id });
      return { success: true as const, value: comment };
    },
  );

  app.get(
    '/post/:id/comment',
    {
      config: { public: true },
      schema: {
        tags: ['posts'],
        security: [],
        description: 'Comments, newest first; page counts from 0.',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: OkValue(Type.Array(Comment)), ...errors(400, 404) },
      },
    },
    async (request) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      await existing(request.params.id);
      return { success: true as const, value: await posts.comments(request.params.id, page) };
    },
  );
}
