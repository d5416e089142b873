// Notifications (likes, comments, replies, follows of yours) and their unread counts.
import { Type } from '@sinclair/typebox';
import { NOTIFICATIONS_READ_MAX } from '../limits.js';
import { defineCall } from './call.js';
import { NotificationGroup, UnreadCounts } from './entities.js';
import { errors, OkValue } from './envelope.js';
import { PageQuery } from './fields.js';

const tags = ['notifications'] as const;

export const notificationCalls = {
  unreadCounts: defineCall({
    operationId: 'unreadCounts',
    method: 'GET',
    path: '/notifications/unread',
    tags,
    description:
      'Your unread notifications and unread direct messages (messages of others after the newest one your chat showed). Pushed live as the socket event unreadCounts to your own room whenever either changes.',
    response: { 200: OkValue(UnreadCounts), ...errors(401) },
  }),
  notifications: defineCall({
    operationId: 'notifications',
    method: 'GET',
    path: '/notifications',
    tags,
    description:
      'Your notifications, newest first, grouped by kind, post and UTC day (many likes of one post are one entry naming the latest 3 people and the count); page counts from 0. Reading does not mark them read.',
    querystring: PageQuery,
    response: { 200: OkValue(Type.Array(NotificationGroup)), ...errors(400, 401) },
  }),
  markNotificationsRead: defineCall({
    operationId: 'markNotificationsRead',
    method: 'POST',
    path: '/notifications/read',
    tags,
    description: `Marks notification groups read: \`ids\` (up to ${NOTIFICATIONS_READ_MAX} group ids from GET /notifications, each up to the notification it covered), or \`all: true\`. value = how many notifications became read.`,
    body: Type.Object(
      {
        ids: Type.Optional(Type.Array(Type.String({ maxLength: 80 }), { maxItems: NOTIFICATIONS_READ_MAX })),
        all: Type.Optional(Type.Literal(true)),
      },
      { additionalProperties: false },
    ),
    response: { 200: OkValue(Type.Integer({ minimum: 0 })), ...errors(400, 401, 429) },
  }),
};
