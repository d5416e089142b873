import { LAST_MESSAGE_PREVIEW_LENGTH } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { type Database, type Db, rows } from '../../db/database.js';
import { forbidden } from '../../lib/errors.js';
import type { ConversationRow, DayGroup, Message } from '../../schemas/entities.js';
import { BLOCKED_TEXT, MESSAGE_POLICY_TEXT } from './safety-texts.js';
import { avatarUrl } from './users/rows.js';

/** Messages returned by getchats (and a catch-up that starts over): the most recent ones, oldest first. */
export const CHAT_HISTORY_LIMIT = 500;

export interface MessageRow {
  id: string;
  content: string;
  sender_id: string;
  created_at: Date | string;
  conversation_id: string;
  seq: number;
}

/** Whether an error is the unique violation of a second message with the same sender and Idempotency-Key. */
export function isClientKeyConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === '23505' && constraint === 'messages_sender_client_key_idx';
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

/** The default bound of one process's history cache (CHAT_CACHE_MB). */
export const HISTORY_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * What one cached message costs on the heap besides its text (measured on Node 20: the object, three uuid strings,
 * the ISO date, its number), and an entry besides its messages. The text counts 2 bytes per UTF-16 unit, an upper
 * bound (V8 keeps Latin-1 texts in one byte each).
 */
const MESSAGE_OVERHEAD_BYTES = 320;
const ENTRY_OVERHEAD_BYTES = 256;
export const cachedMessageBytes = (m: Message) => MESSAGE_OVERHEAD_BYTES + 2 * m.content.length;

/**
 * The latest CHAT_HISTORY_LIMIT messages of a conversation: exactly the messages numbered (top - limit, top], oldest
 * first. Every message takes the next number of its conversation's gapless counter in the statement that stores it
 * (under the conversation row's lock, so numbers follow commit order and all numbers below a committed one are
 * committed), so an entry knows by arithmetic whether it is complete: a message numbered top + 1 is appended, a
 * higher number fetches just the missing range (messages stored by other processes), a lower one is already in.
 * No notification between processes is needed, and nothing can be missed. Entries live in an LRU cache bounded by
 * their estimated bytes (cachedMessageBytes), not by a count.
 */
interface History {
  top: number;
  seqs: number[];
  messages: Message[];
  /** Estimated heap bytes of `messages`. */
  bytes: number;
  /** Operations on one entry run one after another. */
  queue: Promise<unknown>;
}

/** What a (re)joining socket missed: see CatchUp in @skynet/contract. */
export interface CatchUpAnswer {
  messages: Message[];
  top: number;
  replace: boolean;
}

const HISTORY_COLUMNS = 'id, content, sender_id, created_at, conversation_id, seq';

/** Most messages stored by one statement. */
const SEND_BATCH_MAX = 200;

/**
 * Stores messages in one statement and one commit (the commit, a WAL flush, is what limits messages per second):
 * conversations are created or locked in a fixed order (no deadlock between batches), each takes as many numbers of
 * its counter as the batch has messages for it, and the messages are numbered in arrival order. `created` is true
 * for the first message of a conversation this statement created. Answers in input order. A message the same
 * statement judges refused (issue 31: a block either way, or, for a conversation not started yet, the receiver's
 * message policy) is not stored, takes no number, and answers its reason in `refused`: no extra round trip per send.
 */
const STORE_BATCH = `WITH sent AS (
    SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[])
      WITH ORDINALITY AS t(user_a, user_b, sender_id, content, client_key, ord)
  ), judged AS (
    SELECT t.*, CASE
        WHEN b.blocker_id IS NOT NULL THEN CASE WHEN b.blocker_id = t.sender_id THEN 'blocking' ELSE 'blockedBy' END
        WHEN EXISTS (SELECT 1 FROM conversations cv WHERE cv.user_a = t.user_a AND cv.user_b = t.user_b) THEN NULL
        WHEN r.message_policy = 'nobody' THEN 'nobody'
        WHEN r.message_policy = 'following' AND NOT EXISTS (
          SELECT 1 FROM follows f WHERE f.follower_id = r.id AND f.followee_id = t.sender_id) THEN 'following'
      END AS refused
    FROM sent t
    LEFT JOIN users r ON r.id = CASE WHEN t.sender_id = t.user_a THEN t.user_b ELSE t.user_a END
    LEFT JOIN LATERAL (SELECT blocker_id FROM blocks
      WHERE (blocker_id = t.user_a AND blocked_id = t.user_b) OR (blocker_id = t.user_b AND blocked_id = t.user_a)
      LIMIT 1) b ON true
  ), input AS (
    SELECT * FROM judged WHERE refused IS NULL
  ), pairs AS (
    SELECT user_a, user_b, count(*)::int AS n FROM input GROUP BY user_a, user_b
  ), c AS (
    INSERT INTO conversations AS cv (user_a, user_b, message_seq)
    SELECT user_a, user_b, n FROM pairs ORDER BY user_a, user_b
    ON CONFLICT (user_a, user_b)
      DO UPDATE SET last_message_at = now(), message_seq = cv.message_seq + EXCLUDED.message_seq
    RETURNING id, user_a, user_b, message_seq, (xmax = 0) AS created
  ), numbered AS (
    SELECT i.ord, c.id AS conversation_id, i.sender_id, i.content, i.client_key, c.created, row_number() OVER w AS k,
      c.message_seq - p.n + row_number() OVER w AS seq
    FROM input i JOIN pairs p USING (user_a, user_b) JOIN c USING (user_a, user_b)
    WINDOW w AS (PARTITION BY i.user_a, i.user_b ORDER BY i.ord)
  ), stored AS (
    INSERT INTO messages (conversation_id, seq, sender_id, content, client_key, created_at)
    SELECT conversation_id, seq, sender_id, content, client_key, clock_timestamp()
    FROM numbered ORDER BY conversation_id, seq
    RETURNING ${HISTORY_COLUMNS}
  )
  SELECT s.*, (n.created AND n.k = 1) AS created, NULL AS refused, n.ord
  FROM stored s JOIN numbered n ON n.conversation_id = s.conversation_id AND n.seq = s.seq
  UNION ALL
  SELECT NULL, NULL, NULL, NULL, NULL, NULL, false, j.refused, j.ord FROM judged j WHERE j.refused IS NOT NULL
  ORDER BY ord`;

/** Why a message was not stored (issue 31): a block either way, or the receiver's policy for new conversations. */
type Refusal = 'blocking' | 'blockedBy' | 'nobody' | 'following';
type StoredRow = MessageRow & { created: boolean; refused: Refusal | null };

const refusalError = (why: Refusal) =>
  forbidden(why === 'blocking' || why === 'blockedBy' ? BLOCKED_TEXT[why] : MESSAGE_POLICY_TEXT[why]);

interface WaitingSend {
  userA: string;
  userB: string;
  senderId: string;
  content: string;
  clientKey: string | null;
  resolve: (row: StoredRow) => void;
  reject: (err: unknown) => void;
}

export interface ChatRepositoryOptions {
  /** Most estimated bytes the history cache holds (default HISTORY_CACHE_BYTES). */
  cacheBytes?: number;
}

export function createChatRepository(
  db: Db,
  database: Pick<Database, 'query'>,
  options: ChatRepositoryOptions = {},
) {
  // Least recently used first out when the estimated bytes pass the bound; an entry larger than the whole bound is
  // not kept (every call then reads the database).
  const cache = new LRUCache<string, History>({
    maxSize: options.cacheBytes ?? HISTORY_CACHE_BYTES,
    sizeCalculation: (h) => ENTRY_OVERHEAD_BYTES + h.bytes,
  });
  /** Counts the entry's new size (lru-cache sizes an entry when it is set), unless it was evicted meanwhile. */
  const resize = (conversationId: string, h: History) => {
    if (cache.peek(conversationId) !== h) return;
    cache.delete(conversationId);
    cache.set(conversationId, h);
  };

  // Sends made during one turn of the event loop are stored by one statement, on the next turn (group commit).
  let waiting: WaitingSend[] = [];
  let flushScheduled = false;
  const storeBatch = async (batch: WaitingSend[]) => {
    try {
      const stored = await database.query<StoredRow>('chat_store', STORE_BATCH, [
        batch.map((w) => w.userA),
        batch.map((w) => w.userB),
        batch.map((w) => w.senderId),
        batch.map((w) => w.content),
        batch.map((w) => w.clientKey),
      ]);
      if (stored.length !== batch.length) throw new Error('messages not stored');
      batch.forEach((w, i) => {
        const row = stored[i]!;
        if (row.refused) w.reject(refusalError(row.refused));
        else w.resolve(row);
      });
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      // One bad message (say, a receiver purged meanwhile, or the twin of a send with the same Idempotency-Key) must
      // not fail the others: store them one by one, in order. A failed statement stored nothing and took no number.
      else for (const w of batch) await storeBatch([w]);
    }
  };
  const flush = () => {
    flushScheduled = false;
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += SEND_BATCH_MAX) void storeBatch(all.slice(i, i + SEND_BATCH_MAX));
  };

  const range = (conversationId: string, above: number, upTo: number) =>
    database.query<MessageRow>(
      'chat_range',
      `SELECT ${HISTORY_COLUMNS} FROM messages WHERE conversation_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq`,
      [conversationId, above, upTo],
    );

  /** Appends rows numbered above the entry's top (in order) and keeps only the latest CHAT_HISTORY_LIMIT. */
  const append = (h: History, list: MessageRow[]) => {
    for (const r of list) {
      if (r.seq !== h.top + 1) throw new Error(`chat history out of order: ${r.seq} after ${h.top}`);
      const m = toMessage(r);
      h.seqs.push(r.seq);
      h.messages.push(m);
      h.bytes += cachedMessageBytes(m);
      h.top = r.seq;
    }
    const extra = h.messages.length - CHAT_HISTORY_LIMIT;
    if (extra > 0) {
      h.seqs.splice(0, extra);
      for (const m of h.messages.splice(0, extra)) h.bytes -= cachedMessageBytes(m);
    }
  };

  /** Brings the conversation's entry up to `top` (at least) and answers its messages and top as they are then. */
  const historyUpTo = (
    conversationId: string,
    top: number,
  ): Promise<{ top: number; messages: Message[] }> => {
    let h = cache.get(conversationId); // most recently used now
    if (!h) {
      h = {
        top: Math.max(0, top - CHAT_HISTORY_LIMIT),
        seqs: [],
        messages: [],
        bytes: 0,
        queue: Promise.resolve(),
      };
      cache.set(conversationId, h);
    }
    const entry = h;
    const run = entry.queue.then(async () => {
      if (top > entry.top) {
        if (top - entry.top > CHAT_HISTORY_LIMIT) {
          entry.seqs = [];
          entry.messages = [];
          entry.bytes = 0;
          entry.top = top - CHAT_HISTORY_LIMIT;
        }
        append(entry, await range(conversationId, entry.top, top));
        resize(conversationId, entry);
      }
      return { top: entry.top, messages: entry.messages.slice() };
    });
    entry.queue = run.catch(() => {
      // A failed fetch leaves the entry unknown: drop it, the next call reloads.
      if (cache.peek(conversationId) === entry) cache.delete(conversationId);
    });
    return run;
  };

  /** The messages numbered (above, upTo] (at most CHAT_HISTORY_LIMIT): from the cache when it holds them all. */
  const between = async (conversationId: string, above: number, upTo: number): Promise<Message[]> => {
    if (upTo <= above) return [];
    const h = cache.peek(conversationId);
    if (h && h.top >= upTo && (h.seqs[0] ?? h.top + 1) <= above + 1) {
      const from = h.seqs.indexOf(above + 1);
      const to = h.seqs.indexOf(upTo);
      if (from >= 0 && to >= from) return h.messages.slice(from, to + 1);
    }
    return (await range(conversationId, above, upTo)).map(toMessage);
  };

  return {
    async conversationBetween(a: string, b: string): Promise<string | null> {
      return (await this.conversationWith(a, b))?.id ?? null;
    },

    /** The pair's conversation and its message counter (the number of its latest message). */
    async conversationWith(a: string, b: string): Promise<{ id: string; top: number } | null> {
      const [x, y] = pair(a, b);
      const [r] = await database.query<{ id: string; message_seq: number }>(
        'chat_conversation',
        'SELECT id, message_seq FROM conversations WHERE user_a = $1 AND user_b = $2',
        [x, y],
      );
      return r ? { id: r.id, top: r.message_seq } : null;
    },

    async isMember(conversationId: string, userId: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND (user_a = ${userId} OR user_b = ${userId})`,
      );
      return r.length > 0;
    },

    /**
     * Stores a message, creating the pair's conversation on first use (`created` tells whether it is new), and numbers
     * it with the conversation's counter. Sends that arrive together are stored together (see `storeBatch`). With a
     * `clientKey` (the sender's Idempotency-Key) a second message of the same sender and key is refused by the unique
     * index (isClientKeyConflict): nothing is stored and no number is taken; the caller reads the first (byClientKey).
     */
    send(
      senderId: string,
      receiverId: string,
      content: string,
      clientKey: string | null = null,
    ): Promise<{ message: Message; conversationId: string; created: boolean; row: MessageRow }> {
      const [x, y] = pair(senderId, receiverId);
      return new Promise<StoredRow>((resolve, reject) => {
        waiting.push({ userA: x, userB: y, senderId, content, clientKey, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      }).then((m) => ({
        message: toMessage(m),
        conversationId: m.conversation_id,
        created: m.created,
        row: m,
      }));
    },

    /**
     * The message this sender stored with this Idempotency-Key, if any, and the partner of its conversation (to tell a
     * retry of the same send from a reuse of the key for another one).
     */
    async byClientKey(
      senderId: string,
      clientKey: string,
    ): Promise<{ message: Message; conversationId: string; receiverId: string; content: string } | null> {
      const [r] = await database.query<MessageRow & { receiver_id: string }>(
        'chat_by_client_key',
        `SELECT m.id, m.content, m.sender_id, m.created_at, m.conversation_id, m.seq,
           CASE WHEN c.user_a = m.sender_id THEN c.user_b ELSE c.user_a END AS receiver_id
         FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.sender_id = $1 AND m.client_key = $2`,
        [senderId, clientKey],
      );
      return r
        ? {
            message: toMessage(r),
            conversationId: r.conversation_id,
            receiverId: r.receiver_id,
            content: r.content,
          }
        : null;
    },

    /**
     * Notes a message send() just stored, without reading anything: a cached entry that ends right before it takes
     * it; any other entry is brought up to date by the next getchats (it knows by the numbers what it lacks). Sending
     * therefore costs the same whatever the conversation's length.
     */
    noteSent(stored: MessageRow): void {
      const h = cache.peek(stored.conversation_id);
      if (!h || stored.seq !== h.top + 1) return;
      // Behind a fetch still running on the entry, to keep its order.
      h.queue = h.queue.then(() => {
        if (stored.seq !== h.top + 1) return;
        append(h, [stored]);
        resize(stored.conversation_id, h);
      });
    },

    /** The day groups getchats answers, given the conversation's counter as conversationWith read it. */
    async history(conversation: { id: string; top: number }): Promise<DayGroup[]> {
      return groupByDay((await historyUpTo(conversation.id, conversation.top)).messages);
    },

    /**
     * What a member joining the room missed after the message `afterId` (their newest with all earlier ones): the
     * messages numbered above it, exactly, oldest first. No cursor, a cursor that is not a message of this
     * conversation, or more missed than the history holds: the latest history, to replace the shown list. Null if the
     * conversation does not exist.
     */
    async catchUp(conversationId: string, afterId: string | null): Promise<CatchUpAnswer | null> {
      const [r] = await database.query<{ top: number; cursor: number | null }>(
        'chat_cursor',
        `SELECT c.message_seq AS top, m.seq AS cursor
         FROM conversations c LEFT JOIN messages m ON m.id = $2 AND m.conversation_id = c.id
         WHERE c.id = $1`,
        [conversationId, afterId],
      );
      if (!r) return null;
      const { top, cursor } = r;
      if (cursor === null || top - cursor > CHAT_HISTORY_LIMIT) {
        const h = await historyUpTo(conversationId, top);
        return { messages: h.messages, top: h.top, replace: true };
      }
      return { messages: await between(conversationId, cursor, top), top, replace: false };
    },

    /** What the history cache holds now: conversations and estimated bytes, against its bound. */
    cacheStats(): { conversations: number; bytes: number; maxBytes: number } {
      return { conversations: cache.size, bytes: cache.calculatedSize, maxBytes: cache.maxSize };
    },

    /** The latest messages straight from the database (no cache). */
    async dayGroups(conversationId: string): Promise<DayGroup[]> {
      const list = await database.query<MessageRow>(
        'chat_latest',
        `SELECT ${HISTORY_COLUMNS} FROM messages m
         WHERE conversation_id = $1
           AND seq > (SELECT message_seq FROM conversations WHERE id = $1) - ${CHAT_HISTORY_LIMIT}
         ORDER BY seq`,
        [conversationId],
      );
      return groupByDay(list.map(toMessage));
    },

    /**
     * One row per partner, newest conversation first, with the newest message's first characters, whether the caller
     * sent it, and the partner's messages the caller has not read there (the unread badge's notion: above the
     * caller's read mark, ./notifications.ts). One query; both lookups are index ranges of (conversation_id, seq) run
     * only for the rows kept.
     */
    async conversations(userId: string): Promise<ConversationRow[]> {
      const list = await rows<{
        user_id: string;
        user_name: string;
        avatar_file: string | null;
        last_message_at: Date | string;
        last_message: string;
        last_message_mine: boolean;
        unread: number;
      }>(
        db,
        sql`SELECT u.id AS user_id, u.user_name, u.avatar_file, c.last_message_at,
              coalesce(left(l.content, ${LAST_MESSAGE_PREVIEW_LENGTH}::int), '') AS last_message,
              coalesce(l.sender_id = ${userId}, false) AS last_message_mine,
              (SELECT count(*)::int FROM messages m
                WHERE m.conversation_id = c.id AND m.seq > c.read_mark AND m.sender_id <> ${userId}) AS unread
            FROM (SELECT id, last_message_at,
                    CASE WHEN user_a = ${userId} THEN user_b ELSE user_a END AS partner_id,
                    CASE WHEN user_a = ${userId} THEN read_a ELSE read_b END AS read_mark
                  FROM conversations WHERE user_a = ${userId} OR user_b = ${userId}
                  ORDER BY last_message_at DESC, id DESC LIMIT 500) c
            JOIN users u ON u.id = c.partner_id
            LEFT JOIN LATERAL (SELECT content, sender_id FROM messages m
              WHERE m.conversation_id = c.id ORDER BY m.seq DESC LIMIT 1) l ON true
            ORDER BY c.last_message_at DESC, c.id DESC`,
      );
      return list.map((r) => ({
        userId: r.user_id,
        name: r.user_name,
        avatar: avatarUrl(r.avatar_file),
        lastMessageAt: new Date(r.last_message_at).toISOString(),
        lastMessage: r.last_message,
        lastMessageMine: r.last_message_mine,
        unread: r.unread,
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
    app.decorate(
      'chatRepository',
      createChatRepository(app.db, app.database, { cacheBytes: app.config.chatCacheBytes }),
    );
  },
  { name: 'chat-repository', dependencies: ['database'] },
);
