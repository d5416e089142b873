// The registry in the site folder (one host): remotes.json, written whole by renaming a complete copy over it, and
// registry-history.jsonl beside it. A commit holds remotes.json.lock (created with O_EXCL) while it compares and
// writes, so two ops commands never interleave; a lock older than STALE_LOCK_MS was left by a crashed process.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { appendFile, open, readFile, rm, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { readHistoryFile } from './history.js';
import {
  HISTORY_FILE,
  nextDocument,
  REGISTRY_FILE,
  RegistryError,
  type RegistrySnapshot,
  type RegistryStore,
  snapshotOf,
} from './snapshot.js';

/** How long a commit waits for the lock, and how often it looks again. */
const LOCK_WAIT_MS = 10_000;
const LOCK_RETRY_MS = 50;
/** A lock older than this was left by a process that crashed while holding it. */
const STALE_LOCK_MS = 30_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes a file by renaming a complete temporary copy over it: no reader ever sees half a file. */
export function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * The site folder's registry now, read at once (the page server reads it per request when the file changed);
 * answers `json: false` for a file that is not JSON.
 */
export function readRegistryFileNow(siteDir: string): ReturnType<typeof snapshotOf> {
  let text: string | null;
  try {
    text = readFileSync(join(siteDir, REGISTRY_FILE), 'utf8');
  } catch {
    text = null;
  }
  return snapshotOf(text, text === null ? '' : sha256(text));
}

async function readRegistryFile(siteDir: string): Promise<RegistrySnapshot> {
  const file = join(siteDir, REGISTRY_FILE);
  const text = existsSync(file) ? await readFile(file, 'utf8') : null;
  const { json, ...snapshot } = snapshotOf(text, text === null ? '' : sha256(text));
  if (!json) throw new RegistryError(`${file} is not valid JSON: fix it first (nothing was changed)`);
  return snapshot;
}

/** Holds the lock while `work` runs; waits for it on a timer (never blocking the thread). */
async function withLock<T>(siteDir: string, work: () => Promise<T>): Promise<T> {
  const lock = join(siteDir, `${REGISTRY_FILE}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - (await stat(lock)).mtimeMs > STALE_LOCK_MS) await rm(lock, { force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline)
        throw new RegistryError(`${lock} is held by another ops command; try again`, 'locked');
      await delay(LOCK_RETRY_MS);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

/** Who made a change, as the history names them (nobody when the system cannot say). */
export function currentUser(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

export function fileStore(siteDir: string): RegistryStore {
  return {
    kind: 'file',
    where: join(siteDir, REGISTRY_FILE),
    ensure: async () => ({ imported: false }),
    read: () => readRegistryFile(siteDir),
    commit: (expected, next, entries) =>
      withLock(siteDir, async () => {
        const current = await readRegistryFile(siteDir);
        if (current.hash !== expected.hash || current.revision !== expected.revision) {
          throw new RegistryError(
            `remotes.json changed since it was read (revision ${expected.revision} -> ${current.revision}): ` +
              'someone else changed the registry; nothing was written, run the command again',
            'conflict',
          );
        }
        const at = new Date().toISOString();
        const revision = expected.revision + 1;
        const written = nextDocument(revision, at, next);
        writeAtomically(join(siteDir, REGISTRY_FILE), `${JSON.stringify(written, null, 2)}\n`);
        const user = currentUser();
        const lines = entries.map((entry) => JSON.stringify({ at, revision, user, ...entry })).join('\n');
        if (lines) await appendFile(join(siteDir, HISTORY_FILE), `${lines}\n`);
        return written;
      }),
    history: () => readHistoryFile(siteDir),
  };
}
