// What a conversation's row says of its newest message, shared by the list and the HTML's drawing of it.
import type { ConversationRow } from '@skynet/contract';

/** The newest message's start, "You: " first when the viewer sent it ('' if none). */
export function lastMessagePreview(row: Pick<ConversationRow, 'lastMessage' | 'lastMessageMine'>): string {
  const text = row.lastMessage ?? '';
  return text && row.lastMessageMine ? `You: ${text}` : text;
}
