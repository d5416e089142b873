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
    if (!text) return { success: true as const, value: [] };
    // People who block one another do not find each other (issue 31).
    const viewer = await app.safety.viewer(currentUser(request).id);
    const found = await users.search(text, page);
    return { success: true as const, value: found.filter((u) => !viewer.blocked.has(u._id)) };
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
      const me = currentUser(request).id;
      const viewer = await app.safety.viewer(me);
      // What you liked, saved or commented on stays yours; a post of someone blocked either way leaves it.
      const list = (await load(me, page)).filter((p) => !viewer.blocked.has(p.authorId));
      // One of the three keys at run time; the union type checks the answer against each call's schema.
      return { success: true as const, value: { [key]: list } as Record<typeof key, typeof list> };
    });
  }

  const target = async (id: string) => {
    const row = isUuid(id) ? await users.byId(id) : null;
    if (!row) throw notFound('User not found.');
    return row;
  };

  app.get(calls.user.path, { schema: routeSchema(calls.user) }, async (request) => {
    const me = currentUser(request).id;
    const user = toUser(await target(request.params.id));
    if (user._id === me) return { success: true as const, value: user };
    // Blocked by them: their name and counts stay (the profile can say so), their content goes (issue 31).
    const blockedBy = (await app.safety.blockBetween(me, user._id)) === 'blockedBy';
    return { success: true as const, value: blockedBy ? { ...user, bio: '', avatarUrl: null } : user };
  });

  app.get(calls.userReplies.path, { schema: routeSchema(calls.userReplies) }, async (request) => {
    const page = pageIndex(request.query.page, FIRST_PAGE.list);
    const user = await target(request.params.id);
    const viewer = await app.safety.viewer(currentUser(request).id);
    if (viewer.blocked.has(user.id)) return { success: true as const, value: [] };
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
    await users.follow(me.id, other.id); // refused (403) when a block stands between the two
    await app.timelines.followed(me.id, other.id);
    await app.notifications.record('follow', me.id, { userId: other.id });
    return { success: true as const, value: true };
  });

  app.delete(calls.unfollow.path, { schema: routeSchema(calls.unfollow) }, async (request) => {
    const me = currentUser(request);
    const other = await target(request.params.id);
    await users.unfollow(me.id, other.id);
    await app.timelines.unfollowed(me.id, other.id);
    await app.notifications.retract('follow', me.id, { userId: other.id });
    return { success: true as const, value: false };
  });
}
