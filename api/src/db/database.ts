import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../config.js';
import {
  DatabaseUnavailableError,
  destroyConnection,
  startWatchdog,
  type Watchdog,
} from './postgres-watchdog.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /**
   * A hot query as a named prepared statement: on PostgreSQL each pooled connection parses and plans it once (a
   * generic plan, when PostgreSQL finds one as good as the custom ones) and then only binds and executes it, with no
   * query-builder work per call. `name` must identify `text` (one text per name). PGlite runs it as a plain query.
   */
  query<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /**
   * LISTENs on `channel` (PostgreSQL: on a connection of its own, reconnected with backoff when lost). `onState(true)`
   * once listening, `onState(false)` whenever notifications may have been missed (connection lost, closing), so a
   * cache built on them can drop everything. Returns the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs SQL text with positional values, answering `{ rows }`: the shape pg-boss's `db` option wants (jobs.ts), so the
   * job queue runs on this same pool or embedded database. Text without values may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * The embedded database only: a consistent copy of its whole data folder as a tar (PGlite's dumpDataDir, taken
   * after a CHECKPOINT while no query runs), which `openPglite(dir, dump)` or `createInMemoryPglite(dump)` loads.
   */
  dump?(): Promise<Blob>;
  /**
   * False while the watchdog finds PostgreSQL not answering (frozen, unreachable): queries then fail at once with
   * DatabaseUnavailableError. Absent without a watchdog (the embedded database, tests).
   */
  answering?(): boolean;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (none for the embedded database). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** Runs raw SQL and returns its rows (the two drivers both answer `{ rows }`). */
export async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** int8 and numeric come back as strings from node-postgres and as numbers from PGlite: normalise to number. */
function pgTypes() {
  const parseNumber = (v: string) => Number(v);
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === 20 || oid === 1700) return parseNumber;
      return pg.types.getTypeParser(oid, format);
    }) as typeof pg.types.getTypeParser,
  };
}

const LISTEN_RETRY_MS = [250, 1000, 5000];

/** One LISTEN connection: reconnects with backoff; `onState(false)` while it is down. */
function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (listening: boolean) => void,
) {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  const retry = () => {
    if (closed || timer) return;
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {}); // 'end' follows
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onPayload(n.payload);
    });
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      onState(false);
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
    } catch {
      await c.end().catch(() => {});
      retry();
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    onState(true);
  };
  return {
    start: connect,
    async stop() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      onState(false);
      await c?.end().catch(() => {});
    },
  };
}

export interface PostgresOptions {
  /** `statement_timeout` of every pooled connection, in ms (0 or unset: none). */
  statementTimeoutMs?: number;
  /** How long a query waits for a connection (the pool's `connectionTimeoutMillis`; 0 or unset: forever). */
  connectionTimeoutMs?: number;
  /**
   * Watch PostgreSQL (postgres-watchdog.ts): a probe unanswered this long ends every pooled connection's wait and
   * fails queries at once until it answers again (0 or unset: no watchdog).
   */
  watchdogDeadlineMs?: number;
}

/**
 * A pooled client as handed out: its `release` works once (later calls do nothing), and it goes back by itself,
 * broken, when its connection ends while it is out. drizzle's `transaction()` sends BEGIN before its try/finally, so
 * a connection lost right then (closed by the watchdog, a restart) was never released and the pool shrank for good
 * (seen as a pool that could not end in postgres-frozen.test.ts).
 */
function lend(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let returned = false;
  const onEnd = () => giveBack(new DatabaseUnavailableError());
  const giveBack = (err?: Error | boolean) => {
    if (returned) return;
    returned = true;
    client.off('end', onEnd);
    release(err);
  };
  client.once('end', onEnd);
  client.release = giveBack;
  return client;
}

type ConnectCallback = (
  err: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: Error | boolean) => void,
) => void;

/**
 * Fails the pool's queries at once while `answering()` is false, instead of queueing them on a server that does not
 * answer, and answers every caller still waiting for a connection when the watchdog trips (`tripped()`): those waits
 * would otherwise end only at `connectionTimeoutMillis`, on a handshake the silent server never finishes. Overrides
 * `connect`, which `pool.query` and drizzle's transactions both go through (callback and promise forms, as pg-pool).
 */
function guardPool(pool: pg.Pool, answering: () => boolean): { tripped(): void } {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const waiting = new Set<() => void>();
  const attempt = () =>
    new Promise<pg.PoolClient>((resolve, reject) => {
      if (!answering()) return reject(new DatabaseUnavailableError());
      const fail = () => reject(new DatabaseUnavailableError());
      waiting.add(fail);
      connect().then(
        (client) => {
          // A connection that arrives after its caller was answered goes back broken (the pool drops it).
          if (waiting.delete(fail)) resolve(lend(client));
          else client.release(new DatabaseUnavailableError());
        },
        (err: Error) => {
          waiting.delete(fail);
          reject(err);
        },
      );
    });
  const guarded = (callback?: ConnectCallback) => {
    const connecting = attempt();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (err: Error) => callback(err),
    );
    return undefined;
  };
  pool.connect = guarded as typeof pool.connect;
  return {
    tripped() {
      for (const fail of waiting) fail();
      waiting.clear();
    },
  };
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  options: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes(),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.connectionTimeoutMs ? { connectionTimeoutMillis: options.connectionTimeoutMs } : {}),
    // No JIT compilation: every query here is a short index read, and PostgreSQL's cost estimates for some of them
    // (a count over a conversation's unread range) pass jit_above_cost, so each call spent ~150 ms compiling code
    // to run 0.3 ms of work (seen at 10 M rows in the bench). A SET per connection, so it works through any pooler,
    // run before the pool hands the connection out: from the 'connect' event it raced the first query on it (pg's
    // "client.query() when the client is already executing a query" warning, an error in pg 9).
    onConnect: async (client) => {
      await client.query('SET jit = off');
    },
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  let watchdog: Watchdog | null = null;
  if (options.watchdogDeadlineMs) {
    const clients = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      clients.add(client);
      // pg-pool listens for errors only on idle clients: a checked-out one whose socket the watchdog closes between
      // two queries would otherwise throw an unhandled 'error' and end the process. Its next query fails instead.
      client.on('error', () => {});
    });
    pool.on('remove', (client) => clients.delete(client));
    const guard = guardPool(pool, () => watchdog?.answering() ?? true);
    watchdog = startWatchdog({
      url,
      deadlineMs: options.watchdogDeadlineMs,
      onChange(answering) {
        if (answering) return;
        // Queries and connection waits on the silent server fail now (503, retried by the caller), not when it wakes.
        guard.tripped();
        for (const client of clients) destroyConnection(client);
      },
    });
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'pg',
    async query<T>(name: string, text: string, values: unknown[]) {
      return (await pool.query({ name, text, values })).rows as T[];
    },
    // Without values node-postgres uses the simple protocol, which runs pg-boss's multi-statement scripts.
    executeSql: (text, values) => (values && values.length > 0 ? pool.query(text, values) : pool.query(text)),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(watchdog ? { answering: watchdog.answering } : {}),
    async listen(channel, onPayload, onState) {
      const l = listenPostgres(url, channel, onPayload, onState);
      await l.start();
      const stop = async () => {
        listeners.delete(stop);
        await l.stop();
      };
      listeners.add(stop);
      return stop;
    },
    close: async () => {
      await watchdog?.stop();
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** pg-boss's scripts that must run as one transaction arrive as `BEGIN; ...; COMMIT;` in one text. */
const WRAPPED_TRANSACTION = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * `executeSql` on PGlite: one statement with values through `query`; a `BEGIN; ...; COMMIT;` script through PGlite's
 * own transaction (which rolls back on an error: PGlite has one session, and a script that failed half-way inside
 * its own BEGIN would leave that session in an aborted transaction for every later query); other scripts through
 * `exec`. Answers the last statement's rows, as a single-statement call would.
 */
async function pgliteExecuteSql(
  client: PGlite,
  text: string,
  values?: unknown[],
): Promise<{ rows: unknown[] }> {
  if (values && values.length > 0) return client.query(text, values);
  const wrapped = WRAPPED_TRANSACTION.exec(text);
  const results = wrapped ? await client.transaction((tx) => tx.exec(wrapped[1]!)) : await client.exec(text);
  return results[results.length - 1] ?? { rows: [] };
}

/** Wraps an already-open PGlite instance (tests clone a template into memory). */
export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query<T>(_name: string, text: string, values: unknown[]) {
      return (await client.query<T>(text, values)).rows;
    },
    executeSql: (text, values) => pgliteExecuteSql(client, text, values),
    async dump() {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    // One process owns the directory (lockDirectory), so every writer notifies this same instance.
    async listen(channel, onPayload, onState) {
      const unlisten = await client.listen(channel, onPayload);
      onState(true);
      return async () => {
        onState(false);
        await unlisten().catch(() => {});
      };
    },
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the embedded database in `dir` (its lock file names it), or null when none does. */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number(readFileSync(`${dir}.lock`, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock on the embedded database directory. PGlite does not: a second process opening the same
 * directory loses its writes silently.
 */
function lockDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${pid}. Stop that process, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}

/** Opens (or creates) the embedded database in `dir`; `loadDataDir`: a new one from a dump (`Database.dump`). */
export async function openPglite(dir: string, loadDataDir?: Blob): Promise<Database> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = lockDirectory(dir);
  try {
    const client = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    return wrapPglite(client, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

export async function createInMemoryPglite(loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * Applies the one migration set (drizzle/) and refreshes planner statistics on PGlite (it has no autovacuum).
 * `migrationsFolder`: another set (tests bring a database to an earlier release's level with a copy holding fewer).
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type; Db is the common base.
    await migratePglite(database.db as any, { migrationsFolder });
    await database.db.execute(sql`VACUUM ANALYZE`);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type; Db is the common base.
    await migratePg(database.db as any, { migrationsFolder });
  }
}
