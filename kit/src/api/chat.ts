// Direct messages, each sent exactly once however often it is retried (spec point 7).
import type { Envelope, Id } from '@skynet/contract';
import { http, unwrap } from '@skynet/shared';
import type { AnswerOf, BodyOf, ValueOf } from './types';

export interface ChatHistory {
  days: AnswerOf<'chatHistory'>['message'];
  conversationId: Id | null;
}

/**
 * A fresh Idempotency-Key for one chat message: a UUID. crypto.randomUUID exists only in secure contexts (https,
 * localhost); getRandomValues everywhere.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The keys of sends that failed, by receiver and text. A failed send may still have been stored (its answer lost on
 * the way back), and the chat's retry is sending the same text again (a failed send keeps it in the input): that
 * send reuses the key, so the server answers the stored message instead of storing it twice. Forgotten once a send
 * of that text succeeds, so a later message with the same words is a new message.
 */
const failedSendKeys = new Map<string, string>();
/** Most remembered failed sends (the oldest go first). */
const FAILED_SEND_KEYS_MAX = 50;

export const chatApi = {
  async history(receiverId: Id): Promise<ChatHistory> {
    const data = (
      await http.post<Partial<AnswerOf<'chatHistory'>>>('/user/getchats', {
        receiverId,
      } satisfies BodyOf<'chatHistory'>)
    ).data;
    const days = Array.isArray(data.message) ? data.message : [];
    const conversationId = data.conversationId ?? days[0]?.messages[0]?.conversationId ?? null;
    return { days, conversationId };
  },
  /** Sends one message, exactly once however often it is retried (see failedSendKeys). */
  async send(receiverId: Id, content: string): Promise<ValueOf<'sendMessage'>> {
    const slot = `${receiverId}\n${content}`;
    const key = failedSendKeys.get(slot) ?? newIdempotencyKey();
    failedSendKeys.delete(slot);
    try {
      return unwrap(
        (
          await http.post<Envelope<ValueOf<'sendMessage'>>>(
            '/user/chat',
            { content, receiverId } satisfies BodyOf<'sendMessage'>,
            { headers: { 'Idempotency-Key': key } },
          )
        ).data,
      );
    } catch (error) {
      failedSendKeys.set(slot, key);
      if (failedSendKeys.size > FAILED_SEND_KEYS_MAX) {
        const oldest = failedSendKeys.keys().next().value;
        if (oldest !== undefined) failedSendKeys.delete(oldest);
      }
      throw error;
    }
  },
  async conversations(): Promise<AnswerOf<'conversations'>['data']> {
    const data = (await http.post<Partial<AnswerOf<'conversations'>>>('/user/conversations')).data;
    return Array.isArray(data.data) ? data.data : [];
  },
};
