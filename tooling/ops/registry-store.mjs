// The registry (/remotes.json) and its history: every change atomic, compare-and-swap, and recorded. Two stores
// behind one interface (registryStore): the site folder's remotes.json under a lock file (one host), or, with
// DATABASE_URL, PostgreSQL (registry-pg.mjs: every host that reaches the database; the API nodes read it there).
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSyncFn } from 'synckit';

export const REGISTRY_FILE = 'remotes.json';
export const HISTORY_FILE = 'registry-history.jsonl';

/**
 * The registry's schema is @skynet/contract's (one home for the shell, the API server and ops).
 * @typedef {import('@skynet/contract').RouteEntry} Route
 * @typedef {import('@skynet/contract').VersionEntry} VersionEntry
 * @typedef {import('@skynet/contract').RemoteEntry} RemoteEntry
 * @typedef {import('@skynet/contract').Registry} Registry
 * @typedef {{ registry: Registry, revision: number, hash: string }} Snapshot
 * @typedef {{ stable: string | null, canary: { version: string, percent: number } | null }} Placement
 * @typedef {{ at: string, revision: number, command: string, remote?: string, reason?: string, user?: string,
 *   from?: Placement, to?: Placement, version?: string, forced?: boolean, gate?: string }} HistoryEntry
 */

/** A refusal the person can act on: the CLI prints its message and exits 1. */
export class OpsError extends Error {
  /** @param {string} message @param {string} [code] */
  constructor(message, code = 'refused') {
    super(message);
    this.name = 'OpsError';
    this.code = code;
  }
}

const hashText = (/** @type {string} */ text) => createHash('sha256').update(text).digest('hex');

/**
 * The site folder's remotes.json with what a later commit checks against (its revision and the hash of its text).
 * @param {string} site
 * @returns {Snapshot}
 */
export function readRegistryFile(site) {
  const file = join(site, REGISTRY_FILE);
  if (!existsSync(file)) {
    return { registry: { schemaVersion: 1, revision: 0, remotes: {} }, revision: 0, hash: '' };
  }
  const text = readFileSync(file, 'utf8');
  /** @type {Registry} */
  const registry = JSON.parse(text);
  registry.remotes ??= {};
  const revision =
    typeof registry.revision === 'number' && Number.isInteger(registry.revision) ? registry.revision : 0;
  return { registry, revision, hash: hashText(text) };
}

/** Sleeps synchronously (the CLI and publishSite are synchronous). */
const sleep = (/** @type {number} */ ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Holds `remotes.json.lock` (O_EXCL) while `work` runs, so two ops commands never interleave their
 * check-and-write. A lock older than 30 s is taken to be left by a crashed process.
 * @template T
 * @param {string} site
 * @param {() => T} work
 * @returns {T}
 */
function withLock(site, work) {
  const lock = join(site, `${REGISTRY_FILE}.lock`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 30_000) rmSync(lock, { force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline)
        throw new OpsError(`${lock} is held by another ops command; try again`, 'locked');
      sleep(50);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Writes a file by renaming a complete temporary copy over it: no reader ever sees half a file. */
export function writeAtomically(/** @type {string} */ file, /** @type {string} */ text) {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * Compare-and-swap: writes `next` as the new registry only when the file is still what `snapshot` read
 * (same revision, same bytes); otherwise refuses, naming what changed. Appends one history line per entry.
 * @param {string} site
 * @param {Snapshot} snapshot
 * @param {Registry} next
 * @param {Array<Omit<HistoryEntry, 'at' | 'revision'>>} entries
 * @returns {Registry}
 */
function commitRegistryFile(site, snapshot, next, entries) {
  return withLock(site, () => {
    const current = readRegistryFile(site);
    if (current.hash !== snapshot.hash || current.revision !== snapshot.revision) {
      throw new OpsError(
        `remotes.json changed since it was read (revision ${snapshot.revision} -> ${current.revision}): ` +
          'someone else changed the registry; nothing was written, run the command again',
        'conflict',
      );
    }
    const at = new Date().toISOString();
    const revision = snapshot.revision + 1;
    /** @type {Registry} */
    const written = { schemaVersion: 1, revision, updatedAt: at, remotes: next.remotes };
    writeAtomically(join(site, REGISTRY_FILE), `${JSON.stringify(written, null, 2)}\n`);
    let user;
    try {
      user = userInfo().username;
    } catch {
      user = undefined;
    }
    const lines = entries.map((entry) => JSON.stringify({ at, revision, user, ...entry })).join('\n');
    if (lines) appendFileSync(join(site, HISTORY_FILE), `${lines}\n`);
    return written;
  });
}

/**
 * Every history entry of registry-history.jsonl, oldest first (unreadable lines skipped).
 * @param {string} site
 * @returns {HistoryEntry[]}
 */
function readHistoryFile(site) {
  const file = join(site, HISTORY_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/**
 * Where the registry lives, one interface for both: `read` (a snapshot), `commit` (compare-and-swap against a
 * snapshot, with history entries; refuses with an OpsError `conflict`), `history` (oldest first).
 * @typedef {{
 *   kind: 'file' | 'postgres',
 *   where: string,
 *   read(): Snapshot,
 *   commit(snapshot: Snapshot, next: Registry, entries: Array<Omit<HistoryEntry, 'at' | 'revision'>>): Registry,
 *   history(): HistoryEntry[],
 * }} RegistryStore
 */

/** @param {string} site @returns {RegistryStore} */
export function fileStore(site) {
  return {
    kind: 'file',
    where: join(site, REGISTRY_FILE),
    read: () => readRegistryFile(site),
    commit: (snapshot, next, entries) => commitRegistryFile(site, snapshot, next, entries),
    history: () => readHistoryFile(site),
  };
}

/** @type {((...args: unknown[]) => any) | null} */
let runInWorker = null;

/**
 * One PostgreSQL store operation, waited for: the ops commands and publishSite are synchronous, the pg client is
 * not, so it runs in a worker thread (registry-pg-worker.mjs, through synckit) while this thread waits.
 * @param {'read' | 'commit' | 'history'} name @param {string} url @param {string} site @param {unknown[]} args
 */
function databaseCall(name, url, site, ...args) {
  runInWorker ??= createSyncFn(fileURLToPath(new URL('./registry-pg-worker.mjs', import.meta.url)), {
    timeout: 60_000,
  });
  const answer = runInWorker(name, url, site, ...args);
  if (answer.ok) return answer.value;
  if (answer.ops) throw new OpsError(answer.message, answer.code);
  throw new OpsError(`the registry's PostgreSQL failed: ${answer.message}`, 'unavailable');
}

/**
 * The registry in PostgreSQL (registry-pg.mjs); the site folder's remotes.json and history are imported into an
 * empty table on first use.
 * @param {string} site @param {string} url
 * @returns {RegistryStore}
 */
export function databaseStore(site, url) {
  let where = 'PostgreSQL';
  try {
    const u = new URL(url);
    where = `PostgreSQL ${u.host}${u.pathname}`;
  } catch {
    // refused by the first call
  }
  return {
    kind: 'postgres',
    where,
    read: () => databaseCall('read', url, site),
    commit: (snapshot, next, entries) => databaseCall('commit', url, site, snapshot, next, entries),
    history: () => databaseCall('history', url, site),
  };
}

/**
 * The store for a site: PostgreSQL when DATABASE_URL is set (the variable the API server reads, so ops, `npm start`
 * and `npm run cluster` change the registry the nodes serve), else the site folder's remotes.json.
 * @param {string} site
 * @returns {RegistryStore}
 */
export function registryStore(site) {
  const url = process.env.DATABASE_URL?.trim();
  return url ? databaseStore(site, url) : fileStore(site);
}

/** The registry with what a later commit checks against (its revision and the hash of its text). */
export const readRegistry = (/** @type {string} */ site) => registryStore(site).read();

/**
 * Compare-and-swap: writes `next` as the new registry only when the store still holds what `snapshot` read
 * (same revision, same text); otherwise refuses, naming what changed. Appends one history entry per entry.
 * @param {string} site
 * @param {Snapshot} snapshot
 * @param {Registry} next
 * @param {Array<Omit<HistoryEntry, 'at' | 'revision'>>} entries
 * @returns {Registry}
 */
export const commitRegistry = (site, snapshot, next, entries) =>
  registryStore(site).commit(snapshot, next, entries);

/** Every history entry, oldest first. */
export const readHistory = (/** @type {string} */ site) => registryStore(site).history();

/**
 * The stables a remote has had, as a stack: each change of stable pushes, each rollback pops.
 * The top is the current stable; the one below is where `rollback` goes.
 * @param {HistoryEntry[]} history
 * @param {string} remote
 */
export function stableStack(history, remote) {
  /** @type {string[]} */
  const stack = [];
  for (const entry of history) {
    if (entry.remote !== remote || !entry.to) continue;
    const from = entry.from?.stable ?? null;
    const to = entry.to.stable;
    if (!to || from === to) continue;
    if (entry.command === 'rollback') {
      if (stack.at(-1) === from) stack.pop();
      if (stack.at(-1) !== to) stack.push(to);
      continue;
    }
    if (stack.length === 0 && from) stack.push(from);
    stack.push(to);
  }
  return stack;
}
