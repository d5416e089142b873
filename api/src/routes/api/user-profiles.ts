import { FIRST_PAGE } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { toUser } from '../../plugins/app/users-repository.js';

/** Profiles, user search, follow lists and toggles, liked/saved/commented history, a user's replies. */
export default async function userProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const users = app.usersRepository;
  const posts = app.postsRepository;

  app.get(calls.searchUsers.path, { schema: routeSchema(calls.searchUsers) }, async (request) => {
    const page = pageIndex(request.query.page, FIRST_PAGE.list);
    const text = request.params.text.trim();
    return { success: true as const, value: text ? await users.search(text, page) : [] };
  });

  for (const [call, load] of [
    [calls.following, (id: string) => users.following(id)],
    [calls.followers, (id: string) => users.followers(id)],
  ] as const) {
    app.get(call.path, { schema: routeSchema(call) }, async (request) => ({
      success: true as const,
      value: await load(currentUser(request).id),
    }));
  }

  const history = [
    [calls.likedPosts, 'likedPosts', (id: string, page: number) => posts.history('likes', id, page)],
    [calls.savedPosts, 'savedPosts', (id: string, page: number) => posts.history('saves', id, page)],
    [calls.commentedPosts, 'commentedPosts', (id: string, page: number) => posts.commented(id, page)],
  ] as const;
  for (const [call, key, load] of history) {
    app.get(call.path, { schema: routeSchema(call) }, async (request) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      const list = await load(currentUser(request).id, page);
      // One of the three keys at run time; the union type checks the answer against each call's schema.
      return { success: true as const, value: { [key]: list } as Record<typeof key, typeof list> };
    });
  }

  const target = async (id: string) => {
    const row = isUuid(id) ? await users.byId(id) : null;
    if (!row) throw notFound('User not found.');
    return row;
  };

  app.get(calls.user.path, { schema: routeSchema(calls.user) }, async (request) => ({
    success: true as const,
    value: toUser(await target(request.params.id)),
  }));

  app.get(calls.userReplies.path, { schema: routeSchema(calls.userReplies) }, async (request) => {
    const page = pageIndex(request.query.page, FIRST_PAGE.list);
    const user = await target(request.params.id);
    return { success: true as const, value: await posts.replies(user.id, page) };
  });

  app.get(calls.isFollowing.path, { schema: routeSchema(calls.isFollowing) }, async (request) => {
    const other = await target(request.params.id);
    return { success: true as const, value: await users.isFollowing(currentUser(request).id, other.id) };
  });

  app.post(calls.follow.path, { schema: routeSchema(calls.follow) }, async (request) => {
    const me = currentUser(request);
    const other = await target(request.params.id);
    if (other.id === me.id) throw badRequest('You cannot follow yourself.');
    if (other.deleted_at) throw badRequest('This account has been deleted.');
    await users.follow(me.id, other.id);
    await app.notifications.record('follow', me.id, { userId: other.id });
    return { success: true as const, value: true };
  });

  app.delete(calls.unfollow.path, { schema: routeSchema(calls.unfollow) }, async (request) => {
    const me = currentUser(request);
    const other = await target(request.params.id);
    await users.unfollow(me.id, other.id);
    await app.notifications.retract('follow', me.id, { userId: other.id });
    return { success: true as const, value: false };
  });
}
