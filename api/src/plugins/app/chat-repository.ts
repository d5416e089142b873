import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import type { ConversationRow, DayGroup, Message } from '../../schemas/entities.js';
import { avatarUrl } from './users-repository.js';

/** Messages returned by getchats / displayMessage: the most recent ones, oldest first. */
export const CHAT_HISTORY_LIMIT = 500;

interface MessageRow {
  id: string;
  content: string;
  sender_id: string;
  created_at: Date | string;
  conversation_id: string;
}

const toMessage = (r: MessageRow): Message => ({
  _id: r.id,
  content: r.content,
  senderId: r.sender_id,
  createdAt: new Date(r.created_at).toISOString(),
  conversationId: r.conversation_id,
});

/** Groups messages (oldest first) by UTC day: `[{_id:'YYYY-MM-DD', messages:[...]}]`. */
export function groupByDay(messages: Message[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const day = m.createdAt.slice(0, 10);
    const last = groups[groups.length - 1];
    if (last && last._id === day) last.messages.push(m);
    else groups.push({ _id: day, messages: [m] });
  }
  return groups;
}

const pair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export function createChatRepository(db: Db) {
  return {
    async conversationBetween(a: string, b: string): Promise<string | null> {
      const [x, y] = pair(a, b);
      const [r] = await rows<{ id: string }>(
        db,
        sql`SELECT id FROM conversations WHERE user_a = ${x} AND user_b = ${y}`,
      );
      return r?.id ?? null;
    },

    async isMember(conversationId: string, userId: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND (user_a = ${userId} OR user_b = ${userId})`,
      );
      return r.length > 0;
    },

    /**
     * Stores a message, creating the pair's conversation on first use (`created` tells whether it is new). One
     * statement (atomic on its own): one round trip instead of BEGIN, two inserts and COMMIT.
     */
    async send(
      senderId: string,
      receiverId: string,
      content: string,
    ): Promise<{ message: Message; conversationId: string; created: boolean }> {
      const [x, y] = pair(senderId, receiverId);
      const [m] = await rows<MessageRow & { created: boolean }>(
        db,
        sql`WITH c AS (
              INSERT INTO conversations (user_a, user_b) VALUES (${x}, ${y})
              ON CONFLICT (user_a, user_b) DO UPDATE SET last_message_at = now()
              RETURNING id, (xmax = 0) AS created)
            INSERT INTO messages (conversation_id, sender_id, content)
            SELECT c.id, ${senderId}, ${content} FROM c
            RETURNING id, content, sender_id, created_at, conversation_id, (SELECT created FROM c) AS created`,
      );
      if (!m) throw new Error('message not stored');
      return { message: toMessage(m), conversationId: m.conversation_id, created: m.created };
    },

    async dayGroups(conversationId: string): Promise<DayGroup[]> {
      const list = await rows<MessageRow>(
        db,
        sql`SELECT * FROM (SELECT id, content, sender_id, created_at, conversation_id FROM messages
              WHERE conversation_id = ${conversationId} ORDER BY created_at DESC, id DESC LIMIT ${CHAT_HISTORY_LIMIT}) m
            ORDER BY created_at, id`,
      );
      return groupByDay(list.map(toMessage));
    },

    /** One row per partner, newest conversation first. */
    async conversations(userId: string): Promise<ConversationRow[]> {
      const list = await rows<{
        user_id: string;
        user_name: string;
        avatar_file: string | null;
        last_message_at: Date | string;
      }>(
        db,
        sql`SELECT u.id AS user_id, u.user_name, u.avatar_file, c.last_message_at
            FROM conversations c
            JOIN users u ON u.id = CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END
            WHERE c.user_a = ${userId} OR c.user_b = ${userId}
            ORDER BY c.last_message_at DESC, c.id DESC LIMIT 500`,
      );
      return list.map((r) => ({
        userId: r.user_id,
        name: r.user_name,
        avatar: avatarUrl(r.avatar_file),
        lastMessageAt: new Date(r.last_message_at).toISOString(),
      }));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    chatRepository: ChatRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('chatRepository', createChatRepository(app.db));
  },
  { name: 'chat-repository', dependencies: ['database'] },
);
