/**
 * Bench seeder: wipes the target PostgreSQL database, applies the app's migrations and seed, then bulk-loads users and
 * posts with generate_series in a few set-based statements.
 *
 * Posts are numbered exactly as POST /api/post numbers them one by one (posts-repository `create`): the global `seq`
 * is 1..N, and every planet's `planet_seq` and every author's `author_seq` run 1..count without gaps in creation
 * order; the counters (feed_counter, planets.post_seq, users.post_seq/post_count) end at those maxima, so the feeds'
 * keyset pages are exact index ranges at any depth. Post i (1-based) goes to planet (i-1) % 9 and author (i-1) % U,
 * so its numbers are arithmetic: planet_seq = (i-1)/9 + 1, author_seq = (i-1)/U + 1 (integer division).
 *
 * The secondary indexes of `posts` are dropped before the load and recreated from their exact definitions
 * (pg_indexes.indexdef, i.e. what the migrations created) afterwards: one sorted build beats 1,000,000 inserts into
 * six indexes.
 */
import pg from 'pg';
import { migrateDatabase, openPostgres } from '../src/db/database.js';
import { seed } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';

export const PLANET_IDS = [
  'mercury',
  'venus',
  'earth',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
];
/** One of these per post, round robin: a search for one of them matches a tenth of all posts. */
export const WORDS = [
  'nebula',
  'orbit',
  'comet',
  'rover',
  'crater',
  'aurora',
  'eclipse',
  'quasar',
  'meteor',
  'galaxy',
];

/** Bench user k (1-based): deterministic id, so the bench can sign tokens without reading them back. */
export const userIdSql = (k: string) => `md5('user' || ${k})::uuid`;

export async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

/** True when the database already holds exactly this seed (BENCH_REUSE=1 skips the wipe then). */
export async function isSeeded(url: string, users: number, posts: number): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ users: number; posts: number }>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT value FROM feed_counter WHERE id = 1) AS posts`,
    );
    return r.rows[0]?.users === users && r.rows[0]?.posts === posts;
  } catch {
    return false;
  } finally {
    await c.end();
  }
}

export async function seedBench(url: string, users: number, posts: number): Promise<number> {
  const t0 = Date.now();
  const wipe = new pg.Client({ connectionString: url });
  await wipe.connect();
  await wipe.query(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
  );
  await wipe.end();

  const database = await openPostgres(url, 2);
  await migrateDatabase(database);
  await seed(database.db);
  await database.close();

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`SET synchronous_commit = off; SET maintenance_work_mem = '512MB'`);
    const planets = `ARRAY[${PLANET_IDS.map((p) => `'${p}'`).join(',')}]`;
    const hash = await hashPassword('bench-password');
    await c.query(
      `INSERT INTO users (id, user_name, email, password_hash, planet_id, created_at)
       SELECT ${userIdSql('i')}, 'user' || i, 'user' || i || '@bench.local', $1,
              (${planets})[1 + i % 9], now() - interval '400 days' + i * interval '1 minute'
       FROM generate_series(1, $2::int) i`,
      [hash, users],
    );

    const indexes = await c.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = 'posts'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    );
    for (const ix of indexes.rows) await c.query(`DROP INDEX "${ix.indexname}"`);
    await c.query(
      `INSERT INTO posts (seq, author_id, author_seq, planet_id, planet_seq, content, created_at)
       SELECT i, ${userIdSql('1 + (i - 1) % $2::int')}, 1 + (i - 1) / $2::int,
              (${planets})[1 + (i - 1) % 9], 1 + (i - 1) / 9,
              'Post ' || i || ' about the ' || ($3::text[])[1 + i % 10] || ' seen from ' || (1 + i % 97) || ' light years',
              now() - ($1::int - i) * interval '15 seconds'
       FROM generate_series(1, $1::int) i`,
      [posts, users, WORDS],
    );
    for (const ix of indexes.rows) await c.query(ix.indexdef);

    await c.query('UPDATE feed_counter SET value = $1 WHERE id = 1', [posts]);
    await c.query(
      `UPDATE planets pl SET post_seq = s.n
       FROM (SELECT planet_id, max(planet_seq) AS n FROM posts GROUP BY planet_id) s WHERE pl.id = s.planet_id`,
    );
    await c.query(
      `UPDATE users u SET post_seq = s.n, post_count = s.n
       FROM (SELECT author_id, max(author_seq) AS n FROM posts GROUP BY author_id) s WHERE u.id = s.author_id`,
    );
    // The numbering invariant the keyset pages rely on: every counter equals its row count (no gaps, no repeats).
    const check = await c.query<{ bad: number }>(
      `SELECT ((SELECT count(*) FROM planets pl WHERE pl.post_seq <> (SELECT count(*) FROM posts p WHERE p.planet_id = pl.id))
            + (SELECT count(*) FROM (SELECT author_id FROM posts GROUP BY author_id
                                     HAVING max(author_seq) <> count(*) OR count(DISTINCT author_seq) <> count(*)) a)
            + (SELECT CASE WHEN max(seq) = count(*) AND max(seq) = (SELECT value FROM feed_counter) THEN 0 ELSE 1 END FROM posts)
            )::int AS bad`,
    );
    if (check.rows[0]?.bad !== 0) throw new Error('bench seed: post numbering has gaps');
    await c.query('VACUUM ANALYZE');
  } finally {
    await c.end();
  }
  return (Date.now() - t0) / 1000;
}
