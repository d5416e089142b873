// Issue 31: blocks, mutes, muted words and who may message whom, and what they hide from each person's reads.
// Feed pages are shared by every reader (the feed cache), so a reader's blocks, mutes and words are applied to the
// page after it is read (`Viewer.posts`); routes/api/feed.ts reads on when that leaves a page empty.
import { MUTED_WORDS_MAX, PAGE_SIZE } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, rows } from '../../db/database.js';
import { setBounded } from '../../lib/bounded-map.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { lockUsers, retryOnConflict } from '../../lib/retry.js';
import type { BlockedUser, MutedWord, Post } from '../../schemas/entities.js';
import { BLOCKED_TEXT, type BlockDirection, MESSAGE_POLICY_TEXT } from './safety-texts.js';
import { avatarUrl, type MessagePolicy, policyOf } from './users/rows.js';

/** What one reader does not want to see: the authors they block, are blocked by or mute, and their muted words. */
export interface Viewer {
  id: string | null;
  /** Blocked either way: hidden everywhere, profiles included. */
  blocked: ReadonlySet<string>;
  /** Blocked either way or muted: their posts, replies and notifications leave this reader's lists. */
  hidden: ReadonlySet<string>;
  /** Matches a post containing one of the muted words (whole words, any case); null without any. */
  words: RegExp | null;
  /** Whether anything is hidden at all (most readers: no, and lists go out as read). */
  filters: boolean;
  /** The posts of `list` this reader sees (their own always); `list` itself when they see all of it. */
  posts<P extends Pick<Post, 'authorId' | 'content'> & { contentWarning?: string | null }>(list: P[]): P[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for every muted word: a word or phrase counts only whole (not "cat" in "category"), in any case. */
export function mutedWordsPattern(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  const alternatives = words.map((w) => escapeRegExp(w.trim()).replace(/\s+/g, '\\s+')).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{N}_])`, 'iu');
}

function makeViewer(id: string | null, blocked: Set<string>, muted: Set<string>, words: string[]): Viewer {
  const hidden = new Set([...blocked, ...muted]);
  const pattern = mutedWordsPattern(words);
  const filters = hidden.size > 0 || pattern !== null;
  return {
    id,
    blocked,
    hidden,
    words: pattern,
    filters,
    posts(list) {
      if (!filters) return list;
      const kept = list.filter(
        (p) =>
          p.authorId === id ||
          (!hidden.has(p.authorId) &&
            !(pattern !== null && (pattern.test(p.content) || pattern.test(p.contentWarning ?? '')))),
      );
      return kept.length === list.length ? list : kept; // the same array when nothing went: it may be shared
    },
  };
}

/** A signed-out reader, or one who hides nothing. */
export const NO_FILTERS: Viewer = makeViewer(null, new Set(), new Set(), []);

const VIEWER_QUERY = `SELECT 'b' AS kind, blocked_id::text AS ref, NULL::timestamptz AS expires_at
  FROM blocks WHERE blocker_id = $1
  UNION ALL SELECT 'b', blocker_id::text, NULL FROM blocks WHERE blocked_id = $1
  UNION ALL SELECT 'm', muted_id::text, NULL FROM mutes WHERE muter_id = $1
  UNION ALL SELECT 'w', word, expires_at FROM muted_words
    WHERE user_id = $1 AND (expires_at IS NULL OR expires_at > now())`;

/** The channel the triggers on blocks, mutes and muted_words notify (drizzle/0012): payload = a user id. */
export const SAFETY_CHANGED_CHANNEL = 'skynet_safety_changed';
/**
 * Readers' filters kept in memory: a backstop lifetime (the notification at commit is what keeps them right; a muted
 * word's expiry ends its reader's entry sooner) and a size bound.
 */
const VIEWER_TTL_MS = 60_000;
const VIEWER_CACHE_MAX = 50_000;

interface PersonRow {
  id: string;
  user_name: string;
  avatar_file: string | null;
  since: Date | string;
}
interface WordRow {
  id: string;
  word: string;
  expires_at: Date | string | null;
  created_at: Date | string;
}
const iso = (d: Date | string) => new Date(d).toISOString();
const toWord = (r: WordRow): MutedWord => ({
  _id: r.id,
  word: r.word,
  expiresAt: r.expires_at === null ? null : iso(r.expires_at),
  createdAt: iso(r.created_at),
});

export function createSafetyRepository(db: Db, database: Pick<Database, 'query'>) {
  // Each signed-in read asks for its reader's filters (feeds, lists, search): kept in memory while this process
  // hears the changes (`caching`), so most reads cost one query, not two. A read that started before a change must not
  // fill the cache with what it read (`generation`), and a change cuts in-flight reads loose (`loading`).
  const viewers = new Map<string, { viewer: Viewer; until: number }>();
  const loading = new Map<string, Promise<Viewer>>();
  let caching = false;
  let generation = 0;
  const forget = (...userIds: string[]) => {
    generation += 1;
    for (const id of userIds) {
      viewers.delete(id);
      loading.delete(id);
    }
  };
  const readViewer = async (userId: string): Promise<{ viewer: Viewer; until: number }> => {
    const found = await database.query<{ kind: string; ref: string; expires_at: Date | string | null }>(
      'safety_viewer',
      VIEWER_QUERY,
      [userId],
    );
    let until = Date.now() + VIEWER_TTL_MS;
    if (found.length === 0) return { viewer: makeViewer(userId, new Set(), new Set(), []), until };
    const blocked = new Set<string>();
    const muted = new Set<string>();
    const words: string[] = [];
    for (const { kind, ref, expires_at } of found) {
      if (kind === 'b') blocked.add(ref);
      else if (kind === 'm') muted.add(ref);
      else {
        words.push(ref);
        if (expires_at !== null) until = Math.min(until, new Date(expires_at).getTime());
      }
    }
    return { viewer: makeViewer(userId, blocked, muted, words), until };
  };

  const people = async (table: 'blocks' | 'mutes', userId: string, page: number): Promise<BlockedUser[]> => {
    const [owner, other] = table === 'blocks' ? ['blocker_id', 'blocked_id'] : ['muter_id', 'muted_id'];
    const list = await rows<PersonRow>(
      db,
      sql`SELECT u.id, u.user_name, u.avatar_file, x.created_at AS since FROM ${sql.raw(table)} x
          JOIN users u ON u.id = ${sql.raw(`x.${other}`)}
          WHERE ${sql.raw(`x.${owner}`)} = ${userId}
          ORDER BY x.created_at DESC, u.id LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}`,
    );
    return list.map((r) => ({
      _id: r.id,
      userName: r.user_name,
      avatarUrl: avatarUrl(r.avatar_file),
      since: iso(r.since),
    }));
  };

  return {
    /** The reader's filters: from memory, else one query (blocks both ways, mutes, live muted words). */
    async viewer(userId: string | null | undefined): Promise<Viewer> {
      if (!userId) return NO_FILTERS;
      const hit = viewers.get(userId);
      if (hit && hit.until > Date.now()) return hit.viewer;
      const pending = loading.get(userId);
      if (pending) return pending;
      const seen = generation;
      const read = readViewer(userId)
        .then(({ viewer, until }) => {
          if (caching && seen === generation)
            setBounded(viewers, userId, { viewer, until }, VIEWER_CACHE_MAX);
          return viewer;
        })
        .finally(() => {
          if (loading.get(userId) === read) loading.delete(userId);
        });
      loading.set(userId, read);
      return read;
    },

    /** These people's filters changed (a notification, or this process's own write): read them again. */
    forgetViewers: forget,

    /**
     * Whether this process hears the changes: on, filters are kept in memory; off (the LISTEN connection is down or
     * closing, so a change may go unheard), everything kept is dropped and every read asks the database.
     */
    hearingChanges(on: boolean): void {
      generation += 1;
      viewers.clear();
      loading.clear();
      caching = on;
    },

    /** Whether a block stands between two people, and which way (`blocking`: `a` blocks `b`). */
    async blockBetween(a: string, b: string): Promise<BlockDirection | null> {
      const found = await database.query<{ blocker_id: string }>(
        'safety_block_between',
        `SELECT blocker_id::text FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2)
           OR (blocker_id = $2 AND blocked_id = $1)`,
        [a, b],
      );
      if (found.length === 0) return null;
      return found.some((r) => r.blocker_id === a) ? 'blocking' : 'blockedBy';
    },

    /** Refuses (403, with the text the UI shows) when a block stands between the two. */
    async assertNoBlock(me: string, other: string): Promise<void> {
      if (me === other) return;
      const direction = await this.blockBetween(me, other);
      if (direction) throw forbidden(BLOCKED_TEXT[direction]);
    },

    /** How `viewer` stands with `other`: for their profile's buttons. */
    async relationship(viewer: string, other: string) {
      const [r] = await database.query<{ blocking: boolean; blocked_by: boolean; muting: boolean }>(
        'safety_relationship',
        `SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2) AS blocking,
           EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2 AND blocked_id = $1) AS blocked_by,
           EXISTS (SELECT 1 FROM mutes WHERE muter_id = $1 AND muted_id = $2) AS muting`,
        [viewer, other],
      );
      return { blocking: !!r?.blocking, blockedBy: !!r?.blocked_by, muting: !!r?.muting };
    },

    /**
     * May `sender` write to `receiver`? No block either way, and for a conversation not started yet, the receiver's
     * message policy. One query on every send (the send path's only addition).
     */
    async assertMayMessage(sender: string, receiver: string): Promise<void> {
      const [r] = await database.query<{
        blocker: string | null;
        policy: MessagePolicy | null;
        follows: boolean;
        started: boolean;
      }>(
        'safety_may_message',
        `SELECT (SELECT blocker_id::text FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2)
                   OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1) AS blocker,
           (SELECT message_policy FROM users WHERE id = $2) AS policy,
           EXISTS (SELECT 1 FROM follows WHERE follower_id = $2 AND followee_id = $1) AS follows,
           EXISTS (SELECT 1 FROM conversations WHERE user_a = LEAST($1::uuid, $2::uuid)
                   AND user_b = GREATEST($1::uuid, $2::uuid)) AS started`,
        [sender, receiver],
      );
      if (!r) return;
      if (r.blocker) throw forbidden(BLOCKED_TEXT[r.blocker === sender ? 'blocking' : 'blockedBy']);
      if (r.started) return;
      if (r.policy === 'nobody') throw forbidden(MESSAGE_POLICY_TEXT.nobody);
      if (r.policy === 'following' && !r.follows) throw forbidden(MESSAGE_POLICY_TEXT.following);
    },

    /**
     * Who hears live of a new post by `authorId`: nobody when they are silenced (their posts leave the public feeds),
     * else every reader of the feed but those who block them, whom they block, and who mute them.
     */
    async liveAudience(authorId: string): Promise<{ silenced: boolean; excluded: string[] }> {
      const found = await database.query<{ kind: string; id: string }>(
        'safety_live_audience',
        `SELECT 'x' AS kind, blocker_id::text AS id FROM blocks WHERE blocked_id = $1
           UNION SELECT 'x', blocked_id::text FROM blocks WHERE blocker_id = $1
           UNION SELECT 'x', muter_id::text FROM mutes WHERE muted_id = $1
           UNION SELECT 's', id::text FROM users WHERE id = $1 AND silenced_at IS NOT NULL`,
        [authorId],
      );
      return {
        silenced: found.some((r) => r.kind === 's'),
        excluded: found.filter((r) => r.kind === 'x').map((r) => r.id),
      };
    },

    /**
     * Blocks (idempotent). Follows either way end in the same transaction, their counts with them; both rows are
     * locked in id order first, like follow and unfollow, so a follow racing the block cannot slip past it.
     */
    async block(blocker: string, blocked: string): Promise<void> {
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          await lockUsers(tx, blocker, blocked);
          await tx.execute(
            sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocker}, ${blocked}) ON CONFLICT DO NOTHING`,
          );
          const ended = await rows<{ follower_id: string; followee_id: string }>(
            tx,
            sql`DELETE FROM follows WHERE (follower_id = ${blocker} AND followee_id = ${blocked})
                  OR (follower_id = ${blocked} AND followee_id = ${blocker})
                RETURNING follower_id, followee_id`,
          );
          for (const f of ended) {
            await tx.execute(
              sql`UPDATE users SET following_count = GREATEST(following_count - 1, 0) WHERE id = ${f.follower_id}`,
            );
            await tx.execute(
              sql`UPDATE users SET follower_count = GREATEST(follower_count - 1, 0) WHERE id = ${f.followee_id}`,
            );
          }
        }),
      );
      forget(blocker, blocked);
    },

    async unblock(blocker: string, blocked: string): Promise<void> {
      await db.execute(sql`DELETE FROM blocks WHERE blocker_id = ${blocker} AND blocked_id = ${blocked}`);
      forget(blocker, blocked);
    },

    async mute(muter: string, muted: string): Promise<void> {
      await db.execute(
        sql`INSERT INTO mutes (muter_id, muted_id) VALUES (${muter}, ${muted}) ON CONFLICT DO NOTHING`,
      );
      forget(muter);
    },

    async unmute(muter: string, muted: string): Promise<void> {
      await db.execute(sql`DELETE FROM mutes WHERE muter_id = ${muter} AND muted_id = ${muted}`);
      forget(muter);
    },

    blocks(userId: string, page: number): Promise<BlockedUser[]> {
      return people('blocks', userId, page);
    },

    mutes(userId: string, page: number): Promise<BlockedUser[]> {
      return people('mutes', userId, page);
    },

    async mutedWords(userId: string): Promise<MutedWord[]> {
      const list = await rows<WordRow>(
        db,
        sql`SELECT id, word, expires_at, created_at FROM muted_words
            WHERE user_id = ${userId} AND (expires_at IS NULL OR expires_at > now())
            ORDER BY created_at DESC, id`,
      );
      return list.map(toWord);
    },

    /** Adds a muted word, or renews it (same word in any case: its expiry is replaced). */
    async addMutedWord(userId: string, word: string, days: number | undefined): Promise<MutedWord> {
      const expires = days === undefined ? null : new Date(Date.now() + days * 24 * 60 * 60 * 1000);
      const added = await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM muted_words WHERE user_id = ${userId} AND expires_at <= now()`);
        const [count] = await rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM muted_words WHERE user_id = ${userId} AND lower(word) <> lower(${word})`,
        );
        if ((count?.n ?? 0) >= MUTED_WORDS_MAX)
          throw badRequest(`You can mute at most ${MUTED_WORDS_MAX} words. Remove one first.`);
        const [r] = await rows<WordRow>(
          tx,
          sql`INSERT INTO muted_words (user_id, word, expires_at) VALUES (${userId}, ${word}, ${expires})
              ON CONFLICT (user_id, lower(word)) DO UPDATE SET expires_at = EXCLUDED.expires_at, word = EXCLUDED.word
              RETURNING id, word, expires_at, created_at`,
        );
        return toWord(r!);
      });
      forget(userId);
      return added;
    },

    async removeMutedWord(userId: string, id: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`DELETE FROM muted_words WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
      );
      forget(userId);
      return r.length > 0;
    },

    async messagePolicy(userId: string): Promise<MessagePolicy> {
      const [r] = await rows<{ message_policy: string }>(
        db,
        sql`SELECT message_policy FROM users WHERE id = ${userId}`,
      );
      return policyOf(r?.message_policy ?? 'everyone');
    },

    async setMessagePolicy(userId: string, policy: MessagePolicy): Promise<void> {
      await db.execute(sql`UPDATE users SET message_policy = ${policy} WHERE id = ${userId}`);
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    safety: SafetyRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const safety = createSafetyRepository(app.db, app.database);
    const unlisten = await app.database.listen(
      SAFETY_CHANGED_CHANNEL,
      (userId) => safety.forgetViewers(userId),
      (up) => safety.hearingChanges(up),
    );
    app.addHook('onClose', async () => {
      await unlisten();
    });
    app.decorate('safety', safety);
  },
  { name: 'safety-repository', dependencies: ['database'] },
);
