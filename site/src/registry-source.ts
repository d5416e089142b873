// Where this node reads the registry (/remotes.json) from, held in memory between changes so a request never waits
// for it:
// - without DATABASE_URL (one process, embedded PGlite): the site folder's remotes.json, read again whenever the file
//   changes (an ops command renames a new one over it);
// - with DATABASE_URL: PostgreSQL (the table `npm run ops` changes by compare-and-swap, @skynet/contract
//   registry-table.ts), the same for every node. A change reaches the node by LISTEN/NOTIFY at once, and within
//   REGISTRY_POLL_MS by comparing the revision when a notification was missed (a lost LISTEN connection is caught up
//   when it is back). An empty table is filled once from the site folder's remotes.json and history, as ops does.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REGISTRY_CHANNEL, REGISTRY_POLL_MS, REGISTRY_SCHEMA_SQL, REGISTRY_SQL } from '@skynet/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { fileStamp, isObject, siteFile } from './files.js';
import type { SitePort } from './port.js';

export interface RegistryState {
  /** Changes whenever the registry does (a key for caches built from it). */
  key: string;
  /** The registry as written (served as /remotes.json as is), or null while there is none. */
  text: string | null;
  /** The parsed registry (unchecked: readers parse it with @skynet/contract's parseRegistry), or null. */
  raw: unknown;
  /** Its revision (0: none). */
  revision: number;
  /** A strong validator of `text`, for /remotes.json's ETag. */
  etag: string;
}

export interface RegistrySource {
  kind: 'file' | 'postgres';
  /** The registry now, from memory (the file source looks at the file's stamp first). Never waits. */
  current(): RegistryState;
  /** Why the registry could not be read (readiness fails while it is not null), or null. */
  problem(): string | null;
  close(): Promise<void>;
}

const REGISTRY_FILE = 'remotes.json';
const HISTORY_FILE = 'registry-history.jsonl';

function stateOf(key: string, text: string | null): RegistryState {
  let raw: unknown = null;
  if (text !== null) {
    try {
      raw = JSON.parse(text);
    } catch {
      raw = null;
    }
  }
  const revision =
    raw && typeof raw === 'object' && Number.isInteger((raw as { revision?: unknown }).revision)
      ? ((raw as { revision: number }).revision ?? 0)
      : 0;
  const etag = text === null ? '' : createHash('sha256').update(text).digest('base64url').slice(0, 27);
  return { key, text, raw, revision, etag };
}

/** The site folder's remotes.json, read again when the file changes. */
export function fileRegistry(siteDir: string): RegistrySource {
  const file = path.join(siteDir, REGISTRY_FILE);
  let state: RegistryState | null = null;
  return {
    kind: 'file',
    current() {
      const key = `file:${fileStamp(file)}`;
      if (state?.key !== key) {
        let text: string | null = null;
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          text = null;
        }
        state = stateOf(key, text);
      }
      return state;
    },
    problem: () => null,
    close: async () => {},
  };
}

/** The history lines of a site folder (unreadable lines skipped), each with a whole-number revision. */
function historyLines(siteDir: string): Record<string, unknown>[] {
  const file = path.join(siteDir, HISTORY_FILE);
  if (!existsSync(file)) return [];
  const lines: Record<string, unknown>[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push({ ...entry, revision: Number.isInteger(entry.revision) ? entry.revision : 0 });
    } catch {
      // skipped, as ops' readHistory does
    }
  }
  return lines;
}

/**
 * Creates the registry tables when missing and imports the site folder's remotes.json and history into an empty
 * table, once (under the lock ops takes too). Answers the revision imported, or null when nothing was.
 */
export async function ensureRegistryTables(url: string, siteDir: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query(REGISTRY_SQL.lock);
      for (const statement of REGISTRY_SCHEMA_SQL) await client.query(statement);
      const existing = await client.query(REGISTRY_SQL.revision);
      const file = path.join(siteDir, REGISTRY_FILE);
      let imported: number | null = null;
      if (existing.rowCount === 0 && existsSync(file)) {
        const text = readFileSync(file, 'utf8');
        let registry: Record<string, unknown> | null = null;
        try {
          registry = JSON.parse(text) as Record<string, unknown>;
        } catch {
          registry = null; // a broken file is not imported: ops says so when it is used
        }
        if (registry && typeof registry === 'object') {
          const given = registry.revision;
          const revision = typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : 1;
          const document =
            given === revision ? text.trimEnd() : JSON.stringify({ ...registry, revision }, null, 2);
          await client.query(REGISTRY_SQL.insertFirst, [revision, document]);
          const lines = historyLines(siteDir);
          if (lines.length > 0) await client.query(REGISTRY_SQL.appendHistory, [JSON.stringify(lines)]);
          await client.query(REGISTRY_SQL.notify, [String(revision)]);
          imported = revision;
        }
      }
      await client.query('COMMIT');
      return imported;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** The stable versions' manifests the registry names that are not in the site folder (a node on another folder). */
function missingStables(siteDir: string, raw: unknown): string[] {
  const remotes = isObject(raw) && isObject(raw.remotes) ? raw.remotes : {};
  const missing: string[] = [];
  for (const entry of Object.values(remotes)) {
    if (!isObject(entry) || typeof entry.stable !== 'string' || !isObject(entry.versions)) continue;
    const version = entry.versions[entry.stable];
    const manifest = isObject(version) && typeof version.manifest === 'string' ? version.manifest : null;
    if (!manifest?.startsWith('/')) continue; // on a CDN: not this node's to serve
    const file = siteFile(siteDir, manifest);
    if (file && !existsSync(file)) missing.push(manifest);
  }
  return missing;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface DatabaseRegistryOptions {
  /** DATABASE_URL: for creating the tables and the one-time import (a connection of their own). */
  url: string;
  port: Pick<SitePort, 'query' | 'listen'>;
  siteDir: string;
  log: FastifyBaseLogger;
  /** How often the revision is compared (default REGISTRY_POLL_MS). */
  pollMs?: number;
}

/**
 * The registry in PostgreSQL, every node the same: loaded before the node serves, then kept current by
 * LISTEN/NOTIFY and a poll of the revision. Not readable at start: `problem()` says why (readiness fails) and the
 * poll keeps trying.
 */
export async function databaseRegistry(options: DatabaseRegistryOptions): Promise<RegistrySource> {
  const { url, port, siteDir, log } = options;
  let state = stateOf('pg:none', null);
  let problem: string | null = 'not read yet';
  /** The row's revision last read (what the poll and the notifications compare with). */
  let seen = -1;
  let ensured = false;
  let closed = false;

  const readRow = async () => {
    const rows = await port.query<{ revision: number; document: string }>(REGISTRY_SQL.read, []);
    const row = rows[0];
    return row ? { revision: Number(row.revision), document: row.document } : null;
  };

  // One load at a time; a change announced meanwhile loads once more after it.
  let loading: Promise<void> | null = null;
  let again = false;
  const loadOnce = async () => {
    if (!ensured) {
      const imported = await ensureRegistryTables(url, siteDir);
      ensured = true;
      if (imported !== null)
        log.info({ revision: imported, siteDir }, 'registry imported into PostgreSQL from the site folder');
    }
    // Loads never overlap (load() below), so the row read last is the newest.
    const row = await readRow();
    seen = row?.revision ?? 0;
    if (row && row.document !== state.text) {
      state = stateOf(
        `pg:${row.revision}:${createHash('sha256').update(row.document).digest('hex')}`,
        row.document,
      );
      log.info({ revision: row.revision }, 'registry loaded from PostgreSQL');
      const missing = missingStables(siteDir, state.raw);
      if (missing.length > 0)
        log.warn(
          { siteDir, missing },
          'the registry names versions this node has no files for: is SITE_DIR the folder every node shares (ops publish writes there)?',
        );
    }
    if (problem !== null && problem !== 'not read yet')
      log.info({ revision: state.revision }, 'registry readable again');
    problem = null;
  };
  const load = (): Promise<void> => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          await loadOnce();
        } while (again && !closed);
      } catch (err) {
        // Before the first read this is what readiness reports; after it the last registry read stays served.
        if (problem !== null && problem !== reason(err)) {
          problem = reason(err);
          log.warn(
            { err },
            'registry: reading it from PostgreSQL failed; readiness fails until it can be read',
          );
        } else if (problem === null) {
          log.warn({ err }, 'registry: reading it from PostgreSQL failed; keeping the last one read');
        }
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  await load();

  const stopListening = await port
    .listen(
      REGISTRY_CHANNEL,
      (payload) => {
        if (Number(payload) !== seen) void load();
      },
      // (Re)connected: anything announced while the connection was down is caught up now.
      (listening) => {
        if (listening && !closed) void load();
      },
    )
    .catch((err: unknown) => {
      log.warn({ err }, 'registry: LISTEN failed; changes arrive by polling');
      return async () => {};
    });

  const poll = setInterval(async () => {
    if (closed) return;
    if (problem !== null || !ensured) return void load();
    try {
      const rows = await port.query<{ revision: number }>(REGISTRY_SQL.revision, []);
      const revision = rows[0] ? Number(rows[0].revision) : 0;
      if (revision !== seen) await load();
    } catch {
      // The database is away: the last registry read stays; readiness reports the database.
    }
  }, options.pollMs ?? REGISTRY_POLL_MS);
  poll.unref();

  return {
    kind: 'postgres',
    current: () => state,
    problem: () => problem,
    async close() {
      closed = true;
      clearInterval(poll);
      await stopListening();
    },
  };
}
