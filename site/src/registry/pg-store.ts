// The registry in PostgreSQL (with DATABASE_URL): one row holding the current document and its revision, changed only
// by compare-and-swap in a transaction that also appends the history rows and NOTIFYs every API node. Two writers
// that read the same revision never both win. The first time a database is used, the site folder's remotes.json and
// registry-history.jsonl are imported (once: under the advisory lock, only into an empty table). The SQL is
// @skynet/contract's (registry-table.ts), its lock key contract/src/locks.ts's.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_SCHEMA_SQL, REGISTRY_SQL, type Registry } from '@skynet/contract';
import pg from 'pg';
import { currentUser } from './file-store.js';
import { readHistoryFile } from './history.js';
import {
  type EnsureResult,
  type HistoryEntry,
  type HistoryInput,
  nextDocument,
  REGISTRY_FILE,
  RegistryError,
  type RegistrySnapshot,
  type RegistryStore,
  snapshotOf,
} from './snapshot.js';

/** Runs one statement, answering its rows: a pg.Client's, or the pool the API server mounts the site with. */
export type Query = <T>(sql: string, params: readonly unknown[]) => Promise<T[]>;

/** The text's md5, as PostgreSQL's md5(document::text) computes it (the compare-and-swap checks both). */
export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Where DATABASE_URL points, without its credentials (for messages). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `postgres://${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

const queryOf =
  (source: pg.Client | Query): Query =>
  async <T>(sql: string, params: readonly unknown[]) =>
    typeof source === 'function'
      ? source<T>(sql, params)
      : ((await source.query(sql, [...params])).rows as T[]);

/**
 * Runs `work` on a connection of its own, closed after. A connection that fails is a RegistryError naming the server
 * (never the password).
 */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
  applicationName = 'skynet-ops',
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 15_000,
    application_name: applicationName,
  });
  client.on('error', () => {}); // a lost connection fails the query in progress
  try {
    await client.connect();
  } catch (error) {
    // 3D000: the server answers but has no such database; say how to make it.
    const missing = (error as { code?: string }).code === '3D000';
    const name = missing ? new URL(url).pathname.slice(1) : '';
    throw new RegistryError(
      `cannot reach the registry's PostgreSQL at ${describeUrl(url)}: ${(error as Error).message}` +
        (missing ? `. Create it first (createdb ${name}, or CREATE DATABASE ${name} in psql).` : ''),
      'unavailable',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function transaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Creates the tables when missing, and imports the site folder's remotes.json (and its history) into an empty table:
 * once, under the advisory lock, so two processes starting together import it once. A remotes.json that is not a
 * JSON object is not imported (`refused` says why; the tables are created all the same).
 */
export async function ensureRegistryTables(client: pg.Client, siteDir: string): Promise<EnsureResult> {
  return transaction(client, async () => {
    await client.query(REGISTRY_SQL.lock);
    for (const statement of REGISTRY_SCHEMA_SQL) await client.query(statement);
    const { rowCount } = await client.query(REGISTRY_SQL.revision);
    const file = join(siteDir, REGISTRY_FILE);
    if (rowCount || !existsSync(file)) return { imported: false };
    const text = await readFile(file, 'utf8');
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      document = null;
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      return {
        imported: false,
        refused: `${file} is not valid JSON, so it cannot be imported into PostgreSQL: fix it first`,
      };
    }
    // Copied as written (the order of its remotes is the order routes are matched in), its revision kept when whole.
    const given = (document as { revision?: unknown }).revision;
    const revision = typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : 1;
    const stored = given === revision ? text.trimEnd() : JSON.stringify({ ...document, revision }, null, 2);
    await client.query(REGISTRY_SQL.insertFirst, [revision, stored]);
    const lines = (await readHistoryFile(siteDir)).map((entry) => ({
      ...entry,
      revision: Number.isInteger(entry.revision) ? entry.revision : 0,
    }));
    if (lines.length > 0) await client.query(REGISTRY_SQL.appendHistory, [JSON.stringify(lines)]);
    await client.query(REGISTRY_SQL.notify, [String(revision)]);
    return { imported: true, revision, historyRows: lines.length };
  });
}

/** The current registry (through the contract's parser) with what a later commit checks against. */
export async function readSnapshot(source: pg.Client | Query): Promise<RegistrySnapshot> {
  const rows = await queryOf(source)<{ revision: number; document: string }>(REGISTRY_SQL.read, []);
  const row = rows[0];
  if (!row) return withoutFlag(snapshotOf(null, ''));
  return withoutFlag(snapshotOf(row.document, md5(row.document), Number(row.revision)));
}

const withoutFlag = ({ json: _json, ...snapshot }: ReturnType<typeof snapshotOf>): RegistrySnapshot =>
  snapshot;

/** The revision alone (0: none yet): what a node compares to learn whether to read again. */
export async function readRevision(source: pg.Client | Query): Promise<number> {
  const rows = await queryOf(source)<{ revision: number }>(REGISTRY_SQL.revision, []);
  return rows[0] ? Number(rows[0].revision) : 0;
}

/**
 * Compare-and-swap: writes `next` as revision `expected.revision + 1` only when the row is still what `expected`
 * read (same revision, same text), in one transaction with the history rows and the NOTIFY; otherwise refuses.
 */
export async function commitSnapshot(
  client: pg.Client,
  expected: Pick<RegistrySnapshot, 'revision' | 'hash'>,
  next: Pick<Registry, 'remotes' | 'product'>,
  entries: HistoryInput[],
): Promise<Registry> {
  const at = new Date().toISOString();
  const revision = expected.revision + 1;
  const written = nextDocument(revision, at, next);
  const document = JSON.stringify(written, null, 2);
  const user = currentUser();
  const host = hostname();
  await transaction(client, async () => {
    const { rowCount } =
      expected.revision === 0
        ? await client.query(REGISTRY_SQL.insertFirst, [revision, document])
        : await client.query(REGISTRY_SQL.compareAndSwap, [
            revision,
            document,
            expected.revision,
            expected.hash,
          ]);
    if (rowCount !== 1) {
      throw new RegistryError(
        `the registry changed since it was read (revision ${expected.revision} -> ${await readRevision(client)}): ` +
          'someone else changed the registry; nothing was written, run the command again',
        'conflict',
      );
    }
    const history = entries.map((entry) => ({ at, revision, user, host, ...entry }));
    if (history.length > 0) await client.query(REGISTRY_SQL.appendHistory, [JSON.stringify(history)]);
    await client.query(REGISTRY_SQL.notify, [String(revision)]);
  });
  return written;
}

/** Every history entry, oldest first. */
export async function readHistoryRows(source: pg.Client | Query): Promise<HistoryEntry[]> {
  const rows = await queryOf(source)<{ entry: string }>(REGISTRY_SQL.history, []);
  return rows.map((row) => JSON.parse(row.entry) as HistoryEntry);
}

/** Databases (and site folders) whose tables this process has made sure of, and imported into. */
const ensured = new Set<string>();

export interface PostgresStoreOptions {
  siteDir: string;
  /** DATABASE_URL. Each operation runs on a connection of its own. */
  url: string;
  /** The connection's application_name (pg_stat_activity). */
  applicationName?: string;
}

/**
 * The registry in PostgreSQL behind the store interface: each operation on its own connection, after making sure
 * of the tables once per process (a site folder that cannot be imported is refused, saying why). A failure that is
 * not the store's own refusal is `unavailable`, with PostgreSQL's message.
 */
export function postgresStore({ siteDir, url, applicationName }: PostgresStoreOptions): RegistryStore {
  const key = `${url}\n${siteDir}`;
  const onDatabase = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> =>
    withClient(
      url,
      async (client) => {
        if (!ensured.has(key)) {
          const { refused } = await ensureRegistryTables(client, siteDir);
          if (refused) throw new RegistryError(refused);
          ensured.add(key);
        }
        return work(client);
      },
      applicationName,
    ).catch((error: unknown) => {
      if (error instanceof RegistryError) throw error;
      throw new RegistryError(`the registry's PostgreSQL failed: ${(error as Error).message}`, 'unavailable');
    });
  return {
    kind: 'postgres',
    where: describeWhere(url),
    ensure: () => withClient(url, (client) => ensureRegistryTables(client, siteDir), applicationName),
    read: () => onDatabase(readSnapshot),
    commit: (expected, next, entries) =>
      onDatabase((client) => commitSnapshot(client, expected, next, entries)),
    history: () => onDatabase(readHistoryRows),
  };
}

/** `PostgreSQL host/database` (the store's `where`), or just `PostgreSQL` for what is not a URL. */
function describeWhere(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
