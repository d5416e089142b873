/**
 * Benchmark on PostgreSQL: seeds 10,000 users and 100,000 posts, boots the built server (or src via tsx) in a child
 * process, then runs autocannon at 50 connections and measures chat delivery latency POST -> member socket.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skynet_bench npm run bench
 *
 * The target database is wiped. BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 50).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { migrateDatabase, openPostgres } from '../src/db/database.js';
import { seed } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/skynet_bench';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = 10_000;
const POSTS = 100_000;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const PORT = Number(process.env.BENCH_PORT ?? 18_980);
const BASE = `http://127.0.0.1:${PORT}`;

async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(DATABASE_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function seedData() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
  );
  await client.end();

  const database = await openPostgres(DATABASE_URL, 2);
  await migrateDatabase(database);
  await seed(database.db);
  await database.close();

  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  const hash = await hashPassword('bench-password');
  const t0 = Date.now();
  await c.query(
    `INSERT INTO users (id, user_name, email, password_hash, planet_id, created_at)
     SELECT md5('user' || i)::uuid, 'user' || i, 'user' || i || '@bench.local', $1,
            (ARRAY['mercury','venus','earth','mars','jupiter','saturn','uranus','neptune','pluto'])[1 + i % 9],
            now() - interval '400 days' + i * interval '1 minute'
     FROM generate_series(1, $2::int) i`,
    [hash, USERS],
  );
  const words = [
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
  // Gapless per-planet and per-author numbers, in creation order (what POST /api/post assigns one by one).
  await c.query(
    `INSERT INTO posts (seq, author_id, author_seq, planet_id, planet_seq, content, created_at)
     SELECT i, author, row_number() OVER (PARTITION BY author ORDER BY i), planet,
            row_number() OVER (PARTITION BY planet ORDER BY i), content, created
     FROM (SELECT i, md5('user' || (1 + i % $2::int))::uuid AS author,
                  (ARRAY['mercury','venus','earth','mars','jupiter','saturn','uranus','neptune','pluto'])[1 + (i * 7) % 9] AS planet,
                  'Post ' || i || ' about the ' || ($3::text[])[1 + i % 10] || ' seen from ' || (1 + i % 97) || ' light years' AS content,
                  now() - interval '300 days' + i * interval '2 minutes' AS created
           FROM generate_series(1, $1::int) i) g`,
    [POSTS, USERS, words],
  );
  await c.query('UPDATE feed_counter SET value = (SELECT max(seq) FROM posts) WHERE id = 1');
  await c.query(
    'UPDATE planets pl SET post_seq = s.n FROM (SELECT planet_id, count(*) n FROM posts GROUP BY planet_id) s WHERE pl.id = s.planet_id',
  );
  await c.query(
    'UPDATE users u SET post_seq = s.n, post_count = s.n FROM (SELECT author_id, count(*) n FROM posts GROUP BY author_id) s WHERE u.id = s.author_id',
  );
  await c.query('VACUUM ANALYZE');
  const ids = (await c.query<{ id: string }>('SELECT id FROM users ORDER BY user_name LIMIT 2000')).rows.map(
    (r) => r.id,
  );
  await c.end();
  console.log(`seeded ${USERS} users and ${POSTS} posts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return ids;
}

function startServer(dataDir: string): Promise<ChildProcess> {
  const built = path.join(API_DIR, 'dist', 'server.js');
  const args = existsSync(built) ? [built] : ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const r = await fetch(`${BASE}/api/health`);
        if (r.ok) return resolve(child);
      } catch {}
      if (Date.now() - started > 60_000) return reject(new Error('server did not start'));
      setTimeout(poll, 250);
    };
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    void poll();
  });
}

const token = (id: string) =>
  new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(name: string, opts: Partial<autocannon.Options>): Promise<Row> {
  const result = await autocannon({ url: BASE, connections: CONNECTIONS, duration: DURATION, ...opts });
  const bad = result.errors + result.timeouts + result.non2xx;
  const row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
  console.log(`${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${bad}`);
  return row;
}

async function chatLatency(a: string, b: string, aId: string, bId: string, samples = 50) {
  const first = await fetch(`${BASE}/api/user/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'hello', receiverId: bId }),
  }).then((r) => r.json() as Promise<{ value: { conversationId: string } }>);
  const socket = connect(BASE, { path: '/socket.io', auth: { token: b }, transports: ['websocket'] });
  await new Promise<void>((r) => socket.once('connect', () => r()));
  await socket.emitWithAck('sendID', first.value.conversationId);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const got = new Promise<void>((r) => socket.once('displayMessage', () => r()));
    const t0 = performance.now();
    await fetch(`${BASE}/api/user/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `latency ${i}`, receiverId: bId }),
    });
    await got;
    times.push(performance.now() - t0);
  }
  socket.close();
  void aId;
  times.sort((x, y) => x - y);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { p50: pct(50), p99: pct(99), max: times.at(-1)! };
}

async function main() {
  await ensureDatabase();
  const ids = await seedData();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skynet-bench-'));
  const server = await startServer(dataDir);
  try {
    const tokens = await Promise.all(ids.slice(0, 1000).map(token));
    const auth = { authorization: `Bearer ${tokens[0]}` };
    const rows: Row[] = [];
    rows.push(await cannon('GET /api/health (hello world)', { url: `${BASE}/api/health` }));
    rows.push(await cannon('GET /api/feed?page=1', { url: `${BASE}/api/feed?page=1`, headers: auth }));
    rows.push(
      await cannon('GET /api/feed/mars?page=200', { url: `${BASE}/api/feed/mars?page=200`, headers: auth }),
    );
    rows.push(
      await cannon('GET /api/post/search/nebula?page=0', {
        url: `${BASE}/api/post/search/nebula?page=0`,
        headers: auth,
      }),
    );
    let n = 0;
    rows.push(
      await cannon('POST /api/user/chat', {
        url: `${BASE}/api/user/chat`,
        method: 'POST',
        requests: [
          {
            setupRequest: (req) => {
              // 500 sender/receiver pairs, so conversations stay realistic in size.
              const i = n++ % 500;
              return {
                ...req,
                headers: {
                  ...req.headers,
                  authorization: `Bearer ${tokens[i]}`,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({ content: `bench message ${n}`, receiverId: ids[500 + i] }),
              };
            },
          },
        ],
      }),
    );
    const latency = await chatLatency(tokens[900]!, tokens[901]!, ids[900]!, ids[901]!);
    console.log('\n| call (50 connections) | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    console.log(
      `\nchat delivery POST -> member socket (50 sequential messages): p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`,
    );
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
