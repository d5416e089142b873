// Builders for tests.
import type { Message, MessageDay } from '@skynet/contract';

let counter = 0;

export function message(createdAt: string, overrides: Partial<Message> = {}): Message {
  counter += 1;
  return {
    _id: `m${counter}`,
    content: `message ${counter}`,
    senderId: 'me',
    conversationId: 'c1',
    createdAt,
    ...overrides,
  };
}

/** The server's grouping: by UTC day. */
export function utcDays(messages: Message[]): MessageDay[] {
  const days = new Map<string, Message[]>();
  for (const m of messages) {
    const key = m.createdAt.slice(0, 10);
    days.set(key, [...(days.get(key) ?? []), m]);
  }
  return [...days].map(([_id, list]) => ({ _id, messages: list }));
}
