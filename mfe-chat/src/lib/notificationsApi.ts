// The calls of the notifications page and the chat's read marks (issue 22; API docs: api/README.md).
import type { Envelope, NotificationGroup } from '@skynet/contract';
import { http, unwrap } from '@skynet/shared';

export const notificationsApi = {
  /** Page `page` (from 0) of the signed-in person's notification groups, newest first. */
  async list(page: number): Promise<NotificationGroup[]> {
    const value = unwrap(
      (await http.get<Envelope<NotificationGroup[]>>('/notifications', { params: { page } })).data,
    );
    return Array.isArray(value) ? value : [];
  },
  /** Marks these groups read (each up to the newest notification it covered when listed). */
  async markRead(ids: string[]): Promise<void> {
    await http.post('/notifications/read', { ids });
  },
  /** The chat showed its conversation up to `messageId`: the person's unread messages there end at it. */
  async chatRead(conversationId: string, messageId: string): Promise<void> {
    await http.post('/user/chat/read', { conversationId, messageId });
  },
};
