// The registry in PostgreSQL (with DATABASE_URL): one row holding the current document and its revision, changed
// only by compare-and-swap in a transaction that also appends the history rows and NOTIFYs every API node. Two ops
// commands on two hosts that read the same revision never both win. The first time a database is used, the site
// folder's remotes.json and registry-history.jsonl are imported (once: under a lock, only into an empty table).
// Asynchronous: registry-store.mjs runs it in a worker (registry-pg-worker.mjs) for the synchronous ops commands.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_SCHEMA_SQL, REGISTRY_SQL } from '@skynet/contract';
import pg from 'pg';
import { HISTORY_FILE, OpsError, REGISTRY_FILE } from './registry-store.mjs';

/** @typedef {import('./registry-store.mjs').Registry} Registry */
/** @typedef {import('./registry-store.mjs').Snapshot} Snapshot */
/** @typedef {import('./registry-store.mjs').HistoryEntry} HistoryEntry */

/** The text's md5, as PostgreSQL's md5(document::text) computes it (the compare-and-swap checks both). */
export const md5 = (/** @type {string} */ text) => createHash('md5').update(text, 'utf8').digest('hex');

/** Where DATABASE_URL points, without its credentials (for messages). */
export function describeUrl(/** @type {string} */ url) {
  try {
    const u = new URL(url);
    return `postgres://${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

/**
 * Runs `work` on a connection of its own, closed after. Connection failures become an OpsError naming the server
 * (never the password).
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withClient(url, work) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 15_000,
    application_name: 'skynet-ops',
  });
  client.on('error', () => {}); // a lost connection fails the query in progress
  try {
    await client.connect();
  } catch (error) {
    throw new OpsError(
      `cannot reach the registry's PostgreSQL at ${describeUrl(url)}: ${/** @type {Error} */ (error).message}`,
      'unavailable',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * @template T
 * @param {pg.Client} client
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function transaction(client, work) {
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

/** A history line as a row: its revision a whole number (0 when the line had none). */
const historyRow = (/** @type {Record<string, unknown>} */ entry) => ({
  ...entry,
  revision: Number.isInteger(entry.revision) ? entry.revision : 0,
});

/**
 * Creates the tables when missing, and imports the site folder's remotes.json (and its history) into an empty
 * table: once, under a lock, so two processes starting together import it once. Answers whether it imported.
 * @param {pg.Client} client
 * @param {string} site
 * @returns {Promise<{ imported: boolean, revision?: number, historyRows?: number }>}
 */
export async function ensureRegistryTables(client, site) {
  return transaction(client, async () => {
    await client.query(REGISTRY_SQL.lock);
    for (const statement of REGISTRY_SCHEMA_SQL) await client.query(statement);
    const { rowCount } = await client.query(REGISTRY_SQL.revision);
    const file = join(site, REGISTRY_FILE);
    if (rowCount || !existsSync(file)) return { imported: false };
    const text = readFileSync(file, 'utf8');
    /** @type {Registry} */
    let registry;
    try {
      registry = JSON.parse(text);
    } catch {
      throw new OpsError(`${file} is not valid JSON, so it cannot be imported into PostgreSQL: fix it first`);
    }
    const revision =
      Number.isInteger(registry.revision) && /** @type {number} */ (registry.revision) > 0
        ? /** @type {number} */ (registry.revision)
        : 1;
    const document =
      registry.revision === revision ? text.trimEnd() : JSON.stringify({ ...registry, revision }, null, 2);
    await client.query(REGISTRY_SQL.insertFirst, [revision, document]);
    /** @type {Record<string, unknown>[]} */
    const lines = [];
    const historyFile = join(site, HISTORY_FILE);
    if (existsSync(historyFile)) {
      for (const line of readFileSync(historyFile, 'utf8').split('\n')) {
        try {
          if (line.trim()) lines.push(historyRow(JSON.parse(line)));
        } catch {
          // an unreadable line is skipped, as readHistory does
        }
      }
    }
    if (lines.length > 0) await client.query(REGISTRY_SQL.appendHistory, [JSON.stringify(lines)]);
    await client.query(REGISTRY_SQL.notify, [String(revision)]);
    return { imported: true, revision, historyRows: lines.length };
  });
}

/**
 * The current registry with what a later commit checks against (its revision and the md5 of its text).
 * @param {pg.Client} client
 * @returns {Promise<Snapshot>}
 */
export async function readSnapshot(client) {
  const { rows } = await client.query(REGISTRY_SQL.read);
  const row = rows[0];
  if (!row) return { registry: { schemaVersion: 1, revision: 0, remotes: {} }, revision: 0, hash: '' };
  /** @type {Registry} */
  const registry = JSON.parse(row.document);
  registry.remotes ??= {};
  return { registry, revision: row.revision, hash: md5(row.document) };
}

/**
 * Compare-and-swap: writes `next` as revision `snapshot.revision + 1` only when the row is still what `snapshot`
 * read (same revision, same text), in one transaction with the history rows and the NOTIFY; otherwise refuses.
 * @param {pg.Client} client
 * @param {Snapshot} snapshot
 * @param {Registry} next
 * @param {Array<Omit<HistoryEntry, 'at' | 'revision'>>} entries
 * @returns {Promise<Registry>}
 */
export async function commitSnapshot(client, snapshot, next, entries) {
  const at = new Date().toISOString();
  const revision = snapshot.revision + 1;
  /** @type {Registry} */
  const written = { schemaVersion: 1, revision, updatedAt: at, remotes: next.remotes };
  const document = JSON.stringify(written, null, 2);
  let user;
  try {
    user = userInfo().username;
  } catch {
    user = undefined;
  }
  const host = hostname();
  await transaction(client, async () => {
    const { rowCount } =
      snapshot.revision === 0
        ? await client.query(REGISTRY_SQL.insertFirst, [revision, document])
        : await client.query(REGISTRY_SQL.compareAndSwap, [
            revision,
            document,
            snapshot.revision,
            snapshot.hash,
          ]);
    if (rowCount !== 1) {
      const { rows } = await client.query(REGISTRY_SQL.revision);
      throw new OpsError(
        `the registry changed since it was read (revision ${snapshot.revision} -> ${rows[0]?.revision ?? 0}): ` +
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

/**
 * Every history entry, oldest first.
 * @param {pg.Client} client
 * @returns {Promise<HistoryEntry[]>}
 */
export async function readHistoryRows(client) {
  const { rows } = await client.query(REGISTRY_SQL.history);
  return rows.map((row) => JSON.parse(row.entry));
}

/** Databases whose tables this process has made sure of (and imported into). */
const ensured = new Set();

/**
 * One store operation on its own connection, after making sure of the tables (once per process and database).
 * @template T
 * @param {string} url @param {string} site @param {(client: pg.Client) => Promise<T>} work
 */
export function onDatabase(url, site, work) {
  return withClient(url, async (client) => {
    const key = `${url}\n${site}`;
    if (!ensured.has(key)) {
      await ensureRegistryTables(client, site);
      ensured.add(key);
    }
    return work(client);
  });
}

/** The store's operations by name, as the worker runs them. */
export const operations = {
  /** @param {string} url @param {string} site */
  read: (url, site) => onDatabase(url, site, readSnapshot),
  /** @param {string} url @param {string} site @param {Snapshot} snapshot @param {Registry} next @param {Array<Omit<HistoryEntry, 'at' | 'revision'>>} entries */
  commit: (url, site, snapshot, next, entries) =>
    onDatabase(url, site, (client) => commitSnapshot(client, snapshot, next, entries)),
  /** @param {string} url @param {string} site */
  history: (url, site) => onDatabase(url, site, readHistoryRows),
};
