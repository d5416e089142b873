import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, type TestContext } from 'node:test';
import { ADVISORY_LOCKS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { API_ROOT, type Config, loadConfig } from '../src/config.js';
import {
  createInMemoryPglite,
  type Database,
  MIGRATIONS_DIR,
  migrateDatabase,
  openPostgres,
  wrapPglite,
} from '../src/db/database.js';
import { seed } from '../src/db/seed.js';

/** Which database the suite runs on: `postgres` (needs TEST_DATABASE_URL) or the default `pglite`. */
export const TEST_DB = process.env.SKYNET_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Changes whenever the migrations or the seed change, so a stale template is never reused. */
const schemaHash = (() => {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    h.update(readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  h.update(readFileSync(path.join(API_ROOT, 'src', 'db', 'seed.ts')));
  return h.digest('hex').slice(0, 12);
})();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A cross-process mutex (mkdir is atomic); stale after 2 minutes. */
async function withFileLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      try {
        const age = Date.now() - (await import('node:fs')).statSync(lockDir).mtimeMs;
        if (age > 120_000) rmSync(lockDir, { recursive: true, force: true });
      } catch {}
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** PGlite: migrate + seed once into a dump (shared by every test file and run), then clone it into memory. */
async function pgliteClone(): Promise<Database> {
  const file = path.join(os.tmpdir(), `skynet-api-template-${schemaHash}.tar`);
  let dump: Buffer;
  try {
    dump = await readFile(file);
  } catch {
    dump = await withFileLock(`${file}.lock`, async () => {
      try {
        return await readFile(file);
      } catch {}
      const client = await createInMemoryPglite();
      const database = wrapPglite(client);
      await migrateDatabase(database);
      await seed(database.db);
      const blob = await client.dumpDataDir('none');
      const buf = Buffer.from(await blob.arrayBuffer());
      await database.close();
      writeFileSync(`${file}.tmp`, buf);
      renameSync(`${file}.tmp`, file);
      return buf;
    });
  }
  return wrapPglite(await createInMemoryPglite(new Blob([dump])));
}

/** PostgreSQL: a template database migrated + seeded once, then a fresh database per test file cloned from it. */
export async function postgresClone(): Promise<{
  database: Database;
  url: string;
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('SKYNET_TEST_DB=postgres needs TEST_DATABASE_URL.');
  const urlFor = (name: string) => {
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    return u.href;
  };
  const template = `skynet_tpl_${schemaHash}`;
  const name = `skynet_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(${ADVISORY_LOCKS.testTemplate})`);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount === 0) {
        await admin.query(`CREATE DATABASE ${template}`);
        const db = await openPostgres(urlFor(template), 2);
        await migrateDatabase(db);
        await seed(db.db);
        await db.close();
      }
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCKS.testTemplate})`);
    }
  } finally {
    await admin.end();
  }
  const database = await openPostgres(urlFor(name), 5);
  return {
    database,
    url: urlFor(name),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
}

export interface BuildTestOptions {
  env?: Record<string, string>;
  /** Share another app's database (two API processes on one database). */
  database?: Database;
  /** Fastify's logger option (default false: no logs). */
  logger?: FastifyServerOptions['logger'];
  /** Put the scheduled jobs (the purge) on pg-boss's timetable (default false). */
  scheduleJobs?: boolean;
}

/**
 * test/run.mjs's Redis run (SKYNET_TEST_REDIS_URL, a redis-server of its own): every app a test builds without a
 * REDIS_URL of its own uses that Redis, each deployment (an app and the apps sharing its database) in a logical
 * database of its own, so one test's rate-limit counters never meet another's.
 */
const SUITE_REDIS_URL = process.env.SKYNET_TEST_REDIS_URL || null;
const redisDbOf = new WeakMap<Database, number>();
let redisDbs = 0;

/**
 * The real app on a fresh database for this test file (fastify/demo `build(t)`), closed after the file's tests.
 */
export async function build(
  t: TestContext | { after: (fn: () => Promise<void>) => void },
  opts: BuildTestOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skynet-api-test-'));
  const redisDb =
    SUITE_REDIS_URL && opts.env?.REDIS_URL === undefined
      ? ((opts.database && redisDbOf.get(opts.database)) ?? ++redisDbs)
      : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_ORIGIN: 'http://localhost:8080',
    ...(redisDb === null ? {} : { REDIS_URL: `${SUITE_REDIS_URL}/${redisDb}` }),
    ...opts.env,
  });
  let database: Database;
  let drop: (() => Promise<void>) | null = null;
  if (opts.database) {
    database = { ...opts.database, close: async () => {} };
  } else if (TEST_DB === 'postgres') {
    const clone = await postgresClone();
    database = clone.database;
    drop = clone.drop;
  } else {
    database = await pgliteClone();
  }
  if (redisDb !== null) redisDbOf.set(database, redisDb);
  const app = await buildApp(config, {
    database,
    logger: opts.logger ?? false,
    scheduleJobs: opts.scheduleJobs ?? false,
  });
  await app.ready();
  t.after(async () => {
    await app.close();
    if (drop) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, config, database, dataDir };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SignedUp {
  id: string;
  token: string;
  userName: string;
  email: string;
  password: string;
}

let counter = 0;
/** Signs a new user up through the API and returns its id and token. */
export async function signup(
  app: FastifyInstance,
  overrides: Partial<{ userName: string; email: string; planetId: string; confirmed: boolean }> = {},
): Promise<SignedUp> {
  counter += 1;
  const userName = overrides.userName ?? `user${counter}_${randomBytes(3).toString('hex')}`;
  const email = overrides.email ?? `${userName}@example.com`;
  const password = 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload: {
      email,
      userName,
      password,
      location: { latitude: 1, longitude: 2, planetId: overrides.planetId ?? 'earth' },
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const token = res.json().value as string;
  const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
  const id = me.json().value._id as string;
  // Tests post, follow and message at once: the account's address counts as confirmed, as if its link was opened
  // (issue 32's limits of an unconfirmed account are tested with `confirmed: false`).
  if (overrides.confirmed !== false)
    await app.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${id}`);
  return { id, token, userName, email: email.toLowerCase(), password };
}

/** A parsed JSON body; tests assert it field by field. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field; typing each is noise.
export type Body = any;

/** inject + parse: `call(app, 'GET /api/x', {token, payload})`. */
export async function call(
  app: FastifyInstance,
  route: string,
  opts: {
    token?: string;
    payload?: InjectOptions['payload'];
    headers?: Record<string, string>;
    /** The client's address as the server sees it (default 127.0.0.1). */
    remoteAddress?: string;
  } = {},
): Promise<{ status: number; body: Body; res: LightMyRequestResponse }> {
  const [method, url] = route.split(' ') as [InjectOptions['method'], string];
  const res = await app.inject({
    method,
    url,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, res };
}

/** The password this helper last set for the account a token signs in to (deleteAccount asks for it again). */
const passwordOfToken = new Map<string, string>();

/** Changes a signed-up user's password (older tokens stop working); `body.value` is the new token. */
export const changePassword = async (
  app: FastifyInstance,
  user: SignedUp,
  newPassword = 'another good password',
) => {
  const r = await call(app, 'PATCH /api/user/changepassword', {
    token: user.token,
    payload: { password: user.password, newpassword: newPassword, confirmpassword: newPassword },
  });
  if (r.status === 200 && typeof r.body.value === 'string') passwordOfToken.set(r.body.value, newPassword);
  return r;
};

/**
 * Deletes the account `token` signs in to (its tokens stop working at once). The current password is asked again:
 * the one given, else the one this helper last set for that token (signup's, or changePassword's).
 */
export const deleteAccount = (app: FastifyInstance, token: string, password?: string) =>
  call(app, 'POST /api/user/deleteaccount/delete', {
    token,
    payload: {
      confirmationInput: 'I-WANT-TO-DELETE-THIS-ACCOUNT',
      password: password ?? passwordOfToken.get(token) ?? 'correct horse battery',
    },
  });

/**
 * Registers before/after hooks in the current suite and returns a holder filled before the first test:
 * `const ctx = useApp(); it('...', () => ctx.app.inject(...))`.
 */
export function useApp(opts: BuildTestOptions = {}): TestApp {
  const holder = {} as TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  before(async () => {
    Object.assign(holder, await build({ after: (fn: () => Promise<void>) => cleanups.push(fn) }, opts));
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });
  return holder;
}
