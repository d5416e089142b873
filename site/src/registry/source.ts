// Where this node reads the registry (/remotes.json) from, held in memory between changes so a request never waits
// for it:
// - without DATABASE_URL (one process, embedded PGlite): the site folder's remotes.json, read again whenever the file
//   changes (an ops command renames a new one over it);
// - with DATABASE_URL: PostgreSQL (the table `npm run ops` changes by compare-and-swap, @skynet/contract
//   registry-table.ts), the same for every node. A change reaches the node by LISTEN/NOTIFY at once, and within
//   REGISTRY_POLL_MS by comparing the revision when a notification was missed (a lost LISTEN connection is caught up
//   when it is back). An empty table is filled once from the site folder's remotes.json and history, as ops does.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { placementOf, REGISTRY_CHANNEL, REGISTRY_POLL_MS, type Registry } from '@skynet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fileStamp, siteFile } from '../files.js';
import type { SitePort } from '../port.js';
import { readRegistryFileNow } from './file-store.js';
import { postgresStore, type Query, readRevision, readSnapshot } from './pg-store.js';
import { REGISTRY_FILE, type RegistrySnapshot } from './snapshot.js';

export interface RegistryState {
  /** Changes whenever the registry does (a key for caches built from it). */
  key: string;
  /** The registry as written (served as /remotes.json as is), or null while there is none. */
  text: string | null;
  /** The registry through @skynet/contract's parseRegistry: what the page server reads. */
  registry: Registry;
  /** `text` as JSON, to carry in a page as the file it is (the head start), or null. Never read here. */
  document: unknown;
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

function stateOf(
  key: string,
  snapshot: Pick<RegistrySnapshot, 'text' | 'registry' | 'revision'>,
): RegistryState {
  const { text } = snapshot;
  let document: unknown = null;
  if (text !== null) {
    try {
      document = JSON.parse(text);
    } catch {
      document = null;
    }
  }
  const etag = text === null ? '' : createHash('sha256').update(text).digest('base64url').slice(0, 27);
  return { key, text, registry: snapshot.registry, document, revision: snapshot.revision, etag };
}

/** The site folder's remotes.json, read again when the file changes. */
export function fileRegistry(siteDir: string): RegistrySource {
  const file = path.join(siteDir, REGISTRY_FILE);
  let state: RegistryState | null = null;
  return {
    kind: 'file',
    current() {
      const key = `file:${fileStamp(file)}`;
      if (state?.key !== key) state = stateOf(key, readRegistryFileNow(siteDir));
      return state;
    },
    problem: () => null,
    close: async () => {},
  };
}

/** The stable versions' manifests the registry names that are not in the site folder (a node on another folder). */
function missingStables(siteDir: string, registry: Registry): string[] {
  const missing: string[] = [];
  for (const entry of Object.values(registry.remotes)) {
    const manifest = placementOf(entry).stable?.manifest;
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
  /** The server's pool: the reads, and LISTEN. */
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
  const store = postgresStore({ siteDir, url, applicationName: 'skynet-site' });
  const query: Query = (sql, params) => port.query(sql, params);
  let state = stateOf('pg:none', { text: null, registry: { schemaVersion: 1, remotes: {} }, revision: 0 });
  let problem: string | null = 'not read yet';
  /** The row's revision last read (what the poll and the notifications compare with). */
  let seen = -1;
  let ensured = false;
  let closed = false;

  // One load at a time; a change announced meanwhile loads once more after it.
  let loading: Promise<void> | null = null;
  let again = false;
  const loadOnce = async () => {
    if (!ensured) {
      const ensure = await store.ensure();
      ensured = true;
      if (ensure.imported)
        log.info(
          { revision: ensure.revision, siteDir },
          'registry imported into PostgreSQL from the site folder',
        );
      if (ensure.refused) log.warn({ siteDir }, ensure.refused);
    }
    // Loads never overlap (load() below), so the row read last is the newest.
    const snapshot = await readSnapshot(query);
    seen = snapshot.revision;
    if (snapshot.text !== null && snapshot.text !== state.text) {
      state = stateOf(`pg:${snapshot.revision}:${snapshot.hash}`, snapshot);
      log.info({ revision: snapshot.revision }, 'registry loaded from PostgreSQL');
      const missing = missingStables(siteDir, state.registry);
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
      if ((await readRevision(query)) !== seen) await load();
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
