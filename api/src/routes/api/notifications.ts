import { FIRST_PAGE } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { type GroupRef, parseGroupId } from '../../plugins/app/notifications.js';

/** Notifications (likes, comments, replies, follows of yours), their unread counts, and what the chat has shown. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const notifications = app.notifications;

  app.get(calls.unreadCounts.path, { schema: routeSchema(calls.unreadCounts) }, async (request) => ({
    success: true as const,
    value: await notifications.counts(currentUser(request).id),
  }));

  app.get(calls.notifications.path, { schema: routeSchema(calls.notifications) }, async (request) => {
    const page = pageIndex(request.query.page, FIRST_PAGE.list);
    return { success: true as const, value: await notifications.page(currentUser(request).id, page) };
  });

  app.post(
    calls.markNotificationsRead.path,
    { schema: routeSchema(calls.markNotificationsRead) },
    async (request) => {
      const { ids, all } = request.body;
      if ((ids === undefined) === (all === undefined)) throw badRequest('Send either `ids` or `all: true`.');
      const me = currentUser(request).id;
      if (all) return { success: true as const, value: await notifications.markRead(me, 'all') };
      const refs: GroupRef[] = [];
      for (const id of ids ?? []) {
        const ref = parseGroupId(id);
        if (!ref) throw badRequest(`"${id.slice(0, 80)}" is not a notification id.`);
        refs.push(ref);
      }
      return { success: true as const, value: await notifications.markRead(me, refs) };
    },
  );

  app.post(calls.chatRead.path, { schema: routeSchema(calls.chatRead) }, async (request) => {
    const me = currentUser(request).id;
    const { conversationId, messageId } = request.body;
    if (!isUuid(conversationId) || !(await app.chatRepository.isMember(conversationId, me)))
      throw notFound('That conversation does not exist.');
    if (!isUuid(messageId)) throw notFound('That message is not in this conversation.');
    const changed = await notifications.chatRead(me, conversationId, messageId);
    if (!changed && !(await notifications.messageIn(conversationId, messageId)))
      throw notFound('That message is not in this conversation.');
    return { success: true as const, value: changed };
  });
}
