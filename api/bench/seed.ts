/**
 * Bench seeder: wipes the target PostgreSQL database, applies the app's migrations and seed, then streams users and
 * posts in with COPY (a progress line on stderr: rows, rows/s, ETA), 10,000,000 posts in minutes.
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
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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
/** Post i says "the ADJECTIVE WORD": each of the 100 pairs matches one post in 100 (the varied search terms). */
export const ADJECTIVES = [
  'red',
  'frozen',
  'distant',
  'bright',
  'silent',
  'ancient',
  'golden',
  'hidden',
  'lonely',
  'wild',
];
export const SEARCH_TERMS = ADJECTIVES.flatMap((a) => WORDS.map((w) => `${a} ${w}`));

/**
 * Bench user k is named STEM + k (stem k % 100): a user search for a stem matches about one user in 100 (plus names
 * holding it inside, as "ana" in "diana"): the 100 varied user-search terms.
 */
export const NAME_STEMS = (
  'ana bela cora dara eva fay gia hana ida jana kira lea mila nina ola pia rosa sara tia uma vera wren xena yara ' +
  'zoe adam ben carl dan eli finn gus hugo ivan jon kai leo max ned otto paul quin ray sam tom ugo vik walt xavi ' +
  'yuri zed alba bruno celia dino elsa fabio greta hans ines joao karl lina marco noor olga pablo rita stan tara ' +
  'ulla vito wanda yves zara amir bao chen dev emre farah goran hiro idris jiro kofi lars mei nils omar priya ravi ' +
  'sven taro uri vlad wei xiu yoko zuri'
).split(' ');
export const userName = (k: number) => `${NAME_STEMS[k % NAME_STEMS.length]}${k}`;

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

/** Text-format COPY field escaping (backslash, tab, newline, carriage return). */
const copyField = (v: string) =>
  v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

/** Prints "label: rows of total (rows/s, ETA)" to stderr about once a second (one updating line on a terminal). */
function progress(label: string, total: number) {
  const started = Date.now();
  let last = 0;
  const tty = process.stderr.isTTY;
  const line = (done: number, final = false) => {
    const s = (Date.now() - started) / 1000;
    const rate = done / Math.max(s, 0.001);
    const eta = rate > 0 ? (total - done) / rate : 0;
    const text = `${label}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} (${Math.round(rate).toLocaleString('en')} rows/s, ${final ? `${s.toFixed(1)} s` : `ETA ${eta.toFixed(0)} s`})`;
    process.stderr.write(tty ? `\r${text}${final ? '\n' : ''}` : `${text}\n`);
  };
  return {
    tick(done: number) {
      const now = Date.now();
      if (now - last < (tty ? 250 : 5000)) return;
      last = now;
      line(done);
    },
    done: () => line(total, true),
  };
}

/** Streams `count` rows made by `row(i)` (i = 1..count) into `COPY table (columns) FROM STDIN`. */
async function copyRows(
  c: pg.Client,
  table: string,
  columns: string[],
  count: number,
  row: (i: number) => string[],
): Promise<void> {
  const bar = progress(`COPY ${table}`, count);
  const sink = c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  let i = 1;
  const source = new Readable({
    read() {
      let chunk = '';
      for (const end = Math.min(count, i + 4999); i <= end; i++) chunk += `${row(i).join('\t')}\n`;
      bar.tick(i - 1);
      this.push(chunk || null);
    },
  });
  await pipeline(source, sink);
  bar.done();
}

/** A bench user's id as seed's userIdSql writes it: md5('user' || k) as a uuid. */
export const benchUserId = (k: number) =>
  createHash('md5')
    .update(`user${k}`)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const result = await work();
  process.stderr.write(`${label}: ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  return result;
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
    await c.query(`SET synchronous_commit = off; SET maintenance_work_mem = '1GB'`);
    const hash = await hashPassword('bench-password');
    const ids = Array.from({ length: users + 1 }, (_, k) => (k === 0 ? '' : benchUserId(k)));
    const day = 86_400_000;
    const now = Date.now();
    await copyRows(
      c,
      'users',
      ['id', 'user_name', 'email', 'password_hash', 'planet_id', 'created_at'],
      users,
      (k) => [
        ids[k]!,
        userName(k),
        `user${k}@bench.local`,
        copyField(hash),
        PLANET_IDS[k % 9]!,
        new Date(now - 400 * day + k * 60_000).toISOString(),
      ],
    );

    // Secondary indexes are dropped before the load and rebuilt from their own definitions (what the migrations
    // created) after it: one sorted build each instead of 10,000,000 inserts into six indexes.
    const indexes = await c.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = 'posts'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    );
    for (const ix of indexes.rows) await c.query(`DROP INDEX "${ix.indexname}"`);
    await copyRows(
      c,
      'posts',
      ['seq', 'author_id', 'author_seq', 'planet_id', 'planet_seq', 'content', 'created_at'],
      posts,
      (i) => [
        String(i),
        ids[1 + ((i - 1) % users)]!,
        String(1 + Math.floor((i - 1) / users)),
        PLANET_IDS[(i - 1) % 9]!,
        String(1 + Math.floor((i - 1) / 9)),
        `Post ${i} about the ${ADJECTIVES[Math.floor(i / 10) % 10]} ${WORDS[i % 10]} seen from ${1 + (i % 97)} light years`,
        new Date(now - (posts - i) * 15_000).toISOString(),
      ],
    );
    for (const ix of indexes.rows) await timed(`index ${ix.indexname}`, () => c.query(ix.indexdef));

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
    const check = await timed('numbering check', () =>
      c.query<{ bad: number }>(
        `SELECT ((SELECT count(*) FROM planets pl WHERE pl.post_seq <> (SELECT count(*) FROM posts p WHERE p.planet_id = pl.id))
            + (SELECT count(*) FROM (SELECT author_id FROM posts GROUP BY author_id
                                     HAVING max(author_seq) <> count(*) OR count(DISTINCT author_seq) <> count(*)) a)
            + (SELECT CASE WHEN max(seq) = count(*) AND max(seq) = (SELECT value FROM feed_counter) THEN 0 ELSE 1 END FROM posts)
            )::int AS bad`,
      ),
    );
    if (check.rows[0]?.bad !== 0) throw new Error('bench seed: post numbering has gaps');
    await timed('VACUUM ANALYZE', () => c.query('VACUUM ANALYZE'));
  } finally {
    await c.end();
  }
  return (Date.now() - t0) / 1000;
}
