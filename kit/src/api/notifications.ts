// The notifications page's calls, the chat's read marks and the navigation's unread counts (issue 22; API docs:
// api/README.md, schemas in @skynet/contract).
import type { Envelope } from '@skynet/contract';
import { http, unwrap } from '@skynet/shared';
import type { AnswerOf, BodyOf, ValueOf } from './types';

export const notificationsApi = {
  /** Page `page` (from 0) of the signed-in person's notification groups, newest first. */
  async list(page: number): Promise<ValueOf<'notifications'>> {
    const value = unwrap(
      (await http.get<Envelope<ValueOf<'notifications'>>>('/notifications', { params: { page } })).data,
    );
    return Array.isArray(value) ? value : [];
  },
  /** Marks these groups read (each up to the newest notification it covered when listed). */
  async markRead(ids: string[]): Promise<void> {
    await http.post('/notifications/read', { ids } satisfies BodyOf<'markNotificationsRead'>);
  },
  /** The chat showed its conversation up to `messageId`: the person's unread messages there end at it. */
  async chatRead(conversationId: string, messageId: string): Promise<void> {
    await http.post('/user/chat/read', { conversationId, messageId } satisfies BodyOf<'chatRead'>);
  },
  /**
   * The unread counts' answer as it came (`value` unchecked: the navigation reads it leniently). Throws when the
   * call fails.
   */
  async unread(): Promise<Partial<AnswerOf<'unreadCounts'>> | undefined> {
    return (await http.get<Partial<AnswerOf<'unreadCounts'>>>('/notifications/unread')).data;
  },
};
