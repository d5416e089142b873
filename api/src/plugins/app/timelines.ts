import { TIMELINE_MAX } from '@skynet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, rows } from '../../db/database.js';
import { coalescer } from '../../lib/coalesce.js';
import { PAGE_SIZE } from '../../lib/paging.js';
import type { Post } from '../../schemas/entities.js';
import { AUTHOR_SHOWN, POST_COLUMNS, type PostRow, toPost } from './posts-repository.js';

type Tx = Pick<Db, 'execute'>;

/**
 * Page n of a reader's timeline in one prepared statement, as the galaxy feed's (posts-repository's feedPage): the
 * counter row bounds an index range of exactly PAGE_SIZE positions. A timeline not built yet (top null) reads empty.
 */
const TIMELINE_PAGE = `SELECT ${POST_COLUMNS}, c.top AS top, (${AUTHOR_SHOWN}) AS shown
  FROM timelines c
  CROSS JOIN LATERAL (
    SELECT post_id, position FROM timeline_entries
    WHERE owner_id = c.owner_id AND position <= c.top - $2 AND position > c.top - $2 - ${PAGE_SIZE}
    ORDER BY position DESC LIMIT ${PAGE_SIZE}) t
  JOIN posts p ON p.id = t.post_id
  LEFT JOIN users u ON u.id = p.author_id LEFT JOIN posts pp ON pp.id = p.parent_id
  WHERE c.owner_id = $1 ORDER BY t.position DESC`;

interface Entry {
  id: string;
  author_id: string;
}

/** A post the fan-out appended, and the readers whose timeline took it. */
export interface FannedOut {
  postId: string;
  authorId: string;
  planetId: string;
  owners: string[];
}

/** Posts appended per fan-out transaction (a backlog after an outage goes in several). */
const FANOUT_BATCH = 200;

/**
 * Appends one post to its author's and every follower's built timeline (answers those readers). Their timeline rows are
 * locked in id order first; readers who have it already (their timeline was built after it was published) are
 * skipped; the entry past TIMELINE_MAX goes in the same statement.
 */
async function appendEverywhere(tx: Tx, postId: string, authorId: string): Promise<string[]> {
  const readers = sql`(t.owner_id = ${authorId}
    OR t.owner_id IN (SELECT follower_id FROM follows WHERE followee_id = ${authorId}))`;
  await tx.execute(
    sql`SELECT 1 FROM timelines t WHERE t.top IS NOT NULL AND ${readers} ORDER BY t.owner_id FOR UPDATE`,
  );
  const added = await rows<{ owner_id: string }>(
    tx,
    sql`WITH fresh AS (
          UPDATE timelines t SET top = t.top + 1
          WHERE t.top IS NOT NULL AND ${readers}
            AND NOT EXISTS (SELECT 1 FROM timeline_entries e WHERE e.owner_id = t.owner_id AND e.post_id = ${postId})
          RETURNING t.owner_id, t.top),
        added AS (
          INSERT INTO timeline_entries (owner_id, position, post_id, author_id)
          SELECT owner_id, top, ${postId}, ${authorId} FROM fresh RETURNING owner_id, position),
        trimmed AS (
          DELETE FROM timeline_entries e USING added a
          WHERE e.owner_id = a.owner_id AND e.position = a.position - ${TIMELINE_MAX})
        SELECT owner_id FROM added`,
  );
  return added.map((r) => r.owner_id);
}

/** `author`'s newest TIMELINE_MAX posts (comments take no feed number), on posts_author_seq_idx backwards. */
const newestOf = (author: SQL) =>
  sql`SELECT id, seq, author_id FROM posts WHERE author_id = ${author} AND author_seq IS NOT NULL
      ORDER BY author_seq DESC LIMIT ${TIMELINE_MAX}`;

/**
 * The Following timeline (issue 35; the design and why in docs/plans/issue-35-following-timeline.md): each reader's
 * list of their own posts and those of the people they follow, numbered by the reader's own gapless counter.
 * - A new post is appended to its author's and every follower's built timeline by `fanOut`, which a pg-boss job runs
 *   after the post commits (jobs.ts): the post's transaction never waits on its followers' rows. A cursor keeps the
 *   appends in publication order.
 * - A timeline is built on its reader's first read (`page`), from the newest posts of the people followed then.
 * - Following and unfollowing rewrite the reader's timeline (a gapless counter cannot take an older post in the
 *   middle): the followed person's newest posts merged in, or the unfollowed one's taken out.
 * Each timeline keeps its newest TIMELINE_MAX entries; past them a page is empty (the end), as Mastodon's home feed.
 */
export function createTimelines(db: Db, database: Pick<Database, 'query'>) {
  const shared = coalescer<{ posts: Post[]; top: number | null }>();

  /** The reader's timeline row locked, or null when it is not built (built on their next read). */
  const lockBuilt = async (tx: Tx, owner: string) => {
    const [row] = await rows<{ top: number | null }>(
      tx,
      sql`SELECT top FROM timelines WHERE owner_id = ${owner} FOR UPDATE`,
    );
    return row && row.top !== null ? row : null;
  };

  /** Replaces a locked timeline's entries with `entries`, oldest first, numbered 1..n. */
  const rewrite = async (tx: Tx, owner: string, entries: Entry[]) => {
    await tx.execute(sql`DELETE FROM timeline_entries WHERE owner_id = ${owner}`);
    // 4 parameters an entry, at most TIMELINE_MAX entries: within a statement's 65,535 parameters.
    if (entries.length > 0) {
      const values = entries.map((e, i) => sql`(${owner}, ${i + 1}, ${e.id}, ${e.author_id})`);
      await tx.execute(
        sql`INSERT INTO timeline_entries (owner_id, position, post_id, author_id) VALUES ${sql.join(values, sql`, `)}`,
      );
    }
    await tx.execute(sql`UPDATE timelines SET top = ${entries.length} WHERE owner_id = ${owner}`);
  };

  /** Newest TIMELINE_MAX of `candidates` (a query of id, seq, author_id), oldest first. */
  const newest = (tx: Tx, candidates: SQL) =>
    rows<Entry>(
      tx,
      sql`SELECT id, author_id FROM (SELECT DISTINCT ON (seq) id, seq, author_id FROM (${candidates}) c
            ORDER BY seq DESC LIMIT ${TIMELINE_MAX}) n ORDER BY seq`,
    );

  /** Builds a reader's timeline if it is not built yet (a second build waits for the first, then does nothing). */
  const build = async (owner: string) => {
    await db.execute(sql`INSERT INTO timelines (owner_id) VALUES (${owner}) ON CONFLICT DO NOTHING`);
    await db.transaction(async (tx) => {
      const [row] = await rows<{ top: number | null }>(
        tx,
        sql`SELECT top FROM timelines WHERE owner_id = ${owner} FOR UPDATE`,
      );
      if (!row || row.top !== null) return;
      // Per person followed, their newest posts on their own index (bounded: never a walk of the whole feed).
      const entries = await newest(
        tx,
        sql`SELECT p.id, p.seq, p.author_id
            FROM (SELECT ${owner}::uuid AS a UNION ALL SELECT followee_id FROM follows WHERE follower_id = ${owner}) f
            CROSS JOIN LATERAL (${newestOf(sql`f.a`)}) p`,
      );
      await rewrite(tx, owner, entries);
    });
  };

  const read = (owner: string, index: number) =>
    shared(`${owner}\n${index}`, async () => {
      const found = await database.query<PostRow>('feed_following', TIMELINE_PAGE, [
        owner,
        index * PAGE_SIZE,
      ]);
      const top = found[0]?.top;
      return {
        posts: found.filter((r) => r.shown !== false).map(toPost),
        top: top === undefined || top === null ? null : Number(top),
      };
    });

  return {
    /** Page `index` (from 0) of the reader's timeline, built first if it never was. */
    async page(owner: string, index: number): Promise<Post[]> {
      const first = await read(owner, index);
      if (first.top !== null || (await this.top(owner)) !== null) return first.posts;
      await build(owner);
      return (await read(owner, index)).posts;
    },

    /** The reader's counter: null before the first build; pages below `index` exist while top > (index + 1) x 20. */
    async top(owner: string): Promise<number | null> {
      const [r] = await database.query<{ top: number | null }>(
        'timeline_top',
        'SELECT top FROM timelines WHERE owner_id = $1',
        [owner],
      );
      return r?.top === undefined || r.top === null ? null : Number(r.top);
    },

    /**
     * Appends published posts to their authors' and followers' built timelines, in the order they were published: every
     * post above the fan-out cursor up to `postId`, oldest first (posts commit in galaxy-number order, so none below it
     * is still to come), the cursor moved in the same transaction. So whichever job runs first, on whichever process,
     * timelines list posts in publication order, and a job run twice adds nothing. Fan-outs run one at a time (the
     * cursor's row lock); FANOUT_BATCH posts a transaction. Answers each post with the readers whose timeline took it.
     */
    async fanOut(postId: string): Promise<FannedOut[]> {
      const done: FannedOut[] = [];
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const [target] = await rows<{ seq: number | null }>(
            tx,
            sql`SELECT seq FROM posts WHERE id = ${postId}`,
          );
          if (!target || target.seq === null) return null;
          const [cursor] = await rows<{ seq: number }>(
            tx,
            sql`SELECT seq FROM timeline_cursor WHERE id = 1 FOR UPDATE`,
          );
          if (!cursor || cursor.seq >= target.seq) return null;
          const due = await rows<{ id: string; author_id: string; planet_id: string; seq: number }>(
            tx,
            sql`SELECT id, author_id, planet_id, seq FROM posts WHERE seq > ${cursor.seq} AND seq <= ${target.seq}
                ORDER BY seq LIMIT ${FANOUT_BATCH}`,
          );
          const fanned: FannedOut[] = [];
          for (const post of due) {
            const owners = await appendEverywhere(tx, post.id, post.author_id);
            fanned.push({ postId: post.id, authorId: post.author_id, planetId: post.planet_id, owners });
          }
          const last = due.at(-1);
          if (last) await tx.execute(sql`UPDATE timeline_cursor SET seq = ${last.seq} WHERE id = 1`);
          return { fanned, more: due.length === FANOUT_BATCH };
        });
        if (!batch) return done;
        done.push(...batch.fanned);
        if (!batch.more) return done;
      }
    },

    /** `owner` now follows `followee`: the followee's newest posts merged into the owner's timeline (if built). */
    async followed(owner: string, followee: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await lockBuilt(tx, owner))) return;
        const entries = await newest(
          tx,
          sql`SELECT p.id, p.seq, p.author_id FROM timeline_entries e JOIN posts p ON p.id = e.post_id
                WHERE e.owner_id = ${owner}
              UNION ALL (${newestOf(sql`${followee}::uuid`)})`,
        );
        await rewrite(tx, owner, entries);
      });
    },

    /** `owner` no longer follows `followee` (an unfollow, or a block either way): the followee's posts leave. */
    async unfollowed(owner: string, followee: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await lockBuilt(tx, owner))) return;
        const [gone] = await rows(
          tx,
          sql`SELECT 1 FROM timeline_entries WHERE owner_id = ${owner} AND author_id = ${followee} LIMIT 1`,
        );
        if (!gone) return;
        const entries = await rows<Entry>(
          tx,
          sql`SELECT post_id AS id, author_id FROM timeline_entries
              WHERE owner_id = ${owner} AND author_id <> ${followee} ORDER BY position`,
        );
        await rewrite(tx, owner, entries);
      });
    },
  };
}

export type Timelines = ReturnType<typeof createTimelines>;

declare module 'fastify' {
  interface FastifyInstance {
    timelines: Timelines;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('timelines', createTimelines(app.db, app.database));
  },
  { name: 'timelines', dependencies: ['database', 'posts-repository'] },
);
