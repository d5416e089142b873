import { Type } from '@sinclair/typebox';
import { FIRST_PAGE } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { type GroupRef, parseGroupId, READ_IDS_MAX } from '../../plugins/app/notifications.js';
import { errors, IsoDate, OkValue, PageQuery } from '../../schemas/entities.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

export const UnreadCountsSchema = Type.Object({
  notifications: Type.Integer({ minimum: 0 }),
  messages: Type.Integer({ minimum: 0 }),
});

const NotificationGroupSchema = Type.Object({
  id: Type.String({ description: 'The group up to its newest notification; send it back to mark it read.' }),
  kind: Type.Union([
    Type.Literal('like'),
    Type.Literal('comment'),
    Type.Literal('reply'),
    Type.Literal('follow'),
  ]),
  postId: Nullable(Type.String()),
  postPreview: Nullable(Type.String({ description: "The post's first characters; '' when deleted." })),
  actors: Type.Array(
    Type.Object({ _id: Type.String(), userName: Type.String(), avatarUrl: Nullable(Type.String()) }),
  ),
  actorCount: Type.Integer(),
  latestAt: IsoDate,
  unread: Type.Boolean(),
});

/** Notifications (likes, comments, replies, follows of yours), their unread counts, and what the chat has shown. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const notifications = app.notifications;

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags: ['notifications'],
        description:
          'Your unread notifications and unread direct messages (messages of others after the newest one your chat showed). Pushed live as the socket event unreadCounts to your own room whenever either changes.',
        response: { 200: OkValue(UnreadCountsSchema), ...errors(401) },
      },
    },
    async (request) => ({
      success: true as const,
      value: await notifications.counts(currentUser(request).id),
    }),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        description:
          'Your notifications, newest first, grouped by kind, post and UTC day (many likes of one post are one entry naming the latest 3 people and the count); page counts from 0. Reading does not mark them read.',
        querystring: PageQuery,
        response: { 200: OkValue(Type.Array(NotificationGroupSchema)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const page = pageIndex(request.query.page, FIRST_PAGE.list);
      return { success: true as const, value: await notifications.page(currentUser(request).id, page) };
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        description: `Marks notification groups read: \`ids\` (up to ${READ_IDS_MAX} group ids from GET /notifications, each up to the notification it covered), or \`all: true\`. value = how many notifications became read.`,
        body: Type.Object(
          {
            ids: Type.Optional(Type.Array(Type.String({ maxLength: 80 }), { maxItems: READ_IDS_MAX })),
            all: Type.Optional(Type.Literal(true)),
          },
          { additionalProperties: false },
        ),
        response: { 200: OkValue(Type.Integer({ minimum: 0 })), ...errors(400, 401, 429) },
      },
    },
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

  app.post(
    '/user/chat/read',
    {
      schema: {
        tags: ['chat'],
        description:
          'Your chat showed the conversation up to messageId (its newest shown message): your unread messages there end at it. value = whether your unread count changed.',
        body: Type.Object({
          conversationId: Type.String({ minLength: 1, maxLength: 64 }),
          messageId: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const { conversationId, messageId } = request.body;
      if (!isUuid(conversationId) || !(await app.chatRepository.isMember(conversationId, me)))
        throw notFound('That conversation does not exist.');
      if (!isUuid(messageId)) throw notFound('That message is not in this conversation.');
      const changed = await notifications.chatRead(me, conversationId, messageId);
      if (!changed && !(await notifications.messageIn(conversationId, messageId)))
        throw notFound('That message is not in this conversation.');
      return { success: true as const, value: changed };
    },
  );
}
