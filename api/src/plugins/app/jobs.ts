import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/database.js';

const PURGE_LOCK = 727274002;
const HOUR = 60 * 60 * 1000;

/**
 * Purges accounts deleted more than `days` ago. Safe on every process at once: one transaction holding
 * pg_try_advisory_xact_lock (others skip), rows locked with SKIP LOCKED. Their posts and comments stay as deleted
 * items (feeds and replies stay consistent), everything else of theirs goes, and the counts they touched are
 * corrected in the same transaction. Returns the purged ids (avatar files are removed after commit).
 */
export async function purgeDeletedAccounts(
  db: Db,
  days: number,
  now = new Date(),
): Promise<{ ids: string[]; avatars: string[] }> {
  const cutoff = new Date(now.getTime() - days * 24 * HOUR);
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS ok`,
    );
    if (!lock?.ok) return { ids: [], avatars: [] };
    const victims = await rows<{ id: string; avatar_file: string | null }>(
      tx,
      sql`SELECT id, avatar_file FROM users WHERE deleted_at IS NOT NULL AND deleted_at < ${cutoff}
          ORDER BY deleted_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
    );
    if (victims.length === 0) return { ids: [], avatars: [] };
    const ids = victims.map((v) => v.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE posts SET deleted = true, content = '' WHERE author_id IN (${idList})`);
    await tx.execute(sql`UPDATE comments SET deleted = true, content = '' WHERE author_id IN (${idList})`);
    await tx.execute(sql`UPDATE posts p SET like_count = GREATEST(p.like_count - l.n, 0)
      FROM (SELECT post_id, count(*)::int AS n FROM likes WHERE user_id IN (${idList}) GROUP BY post_id) l
      WHERE p.id = l.post_id`);
    await tx.execute(sql`UPDATE users u SET follower_count = GREATEST(u.follower_count - f.n, 0)
      FROM (SELECT followee_id, count(*)::int AS n FROM follows WHERE follower_id IN (${idList}) GROUP BY followee_id) f
      WHERE u.id = f.followee_id`);
    await tx.execute(sql`UPDATE users u SET following_count = GREATEST(u.following_count - f.n, 0)
      FROM (SELECT follower_id, count(*)::int AS n FROM follows WHERE followee_id IN (${idList}) GROUP BY follower_id) f
      WHERE u.id = f.follower_id`);
    // Cascades: likes, saves, follows, conversations (and their messages), reset tokens, sign-in codes.
    await tx.execute(sql`DELETE FROM users WHERE id IN (${idList})`);
    return { ids, avatars: victims.map((v) => v.avatar_file).filter((f): f is string => f !== null) };
  });
}

export interface Jobs {
  runPurge(now?: Date): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

async function jobsPlugin(app: FastifyInstance, opts: { config: Config; schedule?: boolean }) {
  const jobs: Jobs = {
    async runPurge(now) {
      const { ids, avatars } = await purgeDeletedAccounts(app.db, opts.config.purgeAfterDays, now);
      for (const id of ids) app.tokens.forget(id);
      await Promise.all(avatars.map((f) => app.avatars.remove(f)));
      await app.db.execute(sql`DELETE FROM oauth_states WHERE expires_at < now()`);
      await app.db.execute(sql`DELETE FROM oauth_codes WHERE expires_at < now()`);
      await app.db.execute(sql`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
      await app.platformRepository.prune();
      if (ids.length > 0) app.log.info({ count: ids.length }, 'purged deleted accounts');
      return ids;
    },
  };
  app.decorate('jobs', jobs);

  if (opts.schedule === false) return;
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  const tick = () => {
    jobs.runPurge().catch((err: unknown) => app.log.error({ err }, 'purge job failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, HOUR);
    timer.unref();
    first = setTimeout(tick, 30_000);
    first.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (first) clearTimeout(first);
  });
}

export default fp(jobsPlugin, {
  name: 'jobs',
  dependencies: ['database', 'auth', 'avatars', 'platform-repository'],
});
