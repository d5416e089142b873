import { Type } from '@sinclair/typebox';
import { FIRST_PAGE } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { toUser } from '../../plugins/app/users-repository.js';
import { errors, IdParams, PageQuery, Post, User } from '../../schemas/entities.js';

/** Profiles, user search, follow lists and toggles, liked/saved/commented history, a user's replies. */
export default async function userProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const users = app.usersRepository;
  const posts = app.postsRepository;

  app.get(
    '/user/search/:text',
    {
      schema: {
        tags: ['users'],
        description: 'Users whose name contains the text; page counts from 0.',
        params: Type.Object({ text: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: PageQuery,
        response: {
          200: Type.Object({ success: Type.Literal(true), value: Type.Array(User) }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      const text = request.params.text.trim();
      return { success: true as const, value: text ? await users.search(text, page) : [] };
    },
  );

  for (const [path, load] of [
    ['/user/following', (id: string) => users.following(id)],
    ['/user/follower', (id: string) => users.followers(id)],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['users'],
          response: {
            200: Type.Object({ success: Type.Literal(true), value: Type.Array(User) }),
            ...errors(401),
          },
        },
      },
      async (request) => ({ success: true as const, value: await load(currentUser(request).id) }),
    );
  }

  const history = [
    ['/user/liked', 'likedPosts', (id: string, page: number) => posts.history('likes', id, page)],
    ['/user/saved', 'savedPosts', (id: string, page: number) => posts.history('saves', id, page)],
    ['/user/commented', 'commentedPosts', (id: string, page: number) => posts.commented(id, page)],
  ] as const;
  for (const [path, key, load] of history) {
    app.get(
      path,
      {
        schema: {
          tags: ['users'],
          description: `value.${key}; page counts from 0.`,
          querystring: PageQuery,
          response: {
            200: Type.Object({
              success: Type.Literal(true),
              value: Type.Object({ [key]: Type.Array(Post) }),
            }),
            ...errors(400, 401),
          },
        },
      },
      async (request) => {
        const page = pageIndex(request.query.page, FIRST_PAGE.list);
        return { success: true as const, value: { [key]: await load(currentUser(request).id, page) } };
      },
    );
  }

  const target = async (id: string) => {
    const row = isUuid(id) ? await users.byId(id) : null;
    if (!row) throw notFound('User not found.');
    return row;
  };

  app.get(
    '/user/:id',
    {
      schema: {
        tags: ['users'],
        params: IdParams,
        response: { 200: Type.Object({ success: Type.Literal(true), value: User }), ...errors(401, 404) },
      },
    },
    async (request) => ({ success: true as const, value: toUser(await target(request.params.id)) }),
  );

  app.get(
    '/user/:id/replies',
    {
      schema: {
        tags: ['users'],
        description:
          "The user's replies (comments and reply posts), newest first, each with parentPost and parentPreview; page counts from 0.",
        params: IdParams,
        querystring: PageQuery,
        response: {
          200: Type.Object({ success: Type.Literal(true), value: Type.Array(Post) }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      const user = await target(request.params.id);
      return { success: true as const, value: await posts.replies(user.id, page) };
    },
  );

  const followSchema = (description: string) => ({
    tags: ['users'],
    description,
    params: IdParams,
    response: {
      200: Type.Object({ success: Type.Literal(true), value: Type.Boolean() }),
      ...errors(400, 401, 404),
    },
  });

  app.get('/user/:id/follow', { schema: followSchema('Whether you follow this user.') }, async (request) => {
    const other = await target(request.params.id);
    return { success: true as const, value: await users.isFollowing(currentUser(request).id, other.id) };
  });

  app.post(
    '/user/:id/follow',
    { schema: followSchema('Follow (idempotent); value = true.') },
    async (request) => {
      const me = currentUser(request);
      const other = await target(request.params.id);
      if (other.id === me.id) throw badRequest('You cannot follow yourself.');
      if (other.deleted_at) throw badRequest('This account has been deleted.');
      await users.follow(me.id, other.id);
      await app.notifications.record('follow', me.id, { userId: other.id });
      return { success: true as const, value: true };
    },
  );

  app.delete(
    '/user/:id/follow',
    { schema: followSchema('Unfollow (idempotent); value = false.') },
    async (request) => {
      const me = currentUser(request);
      const other = await target(request.params.id);
      await users.unfollow(me.id, other.id);
      await app.notifications.retract('follow', me.id, { userId: other.id });
      return { success: true as const, value: false };
    },
  );
}
