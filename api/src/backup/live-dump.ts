// A backup of the embedded database while the server runs. PGlite lives inside the server's process and its folder
// is locked to it (database.ts, lockDirectory), so another process cannot read it safely: `npm run backup` asks the
// server for a dump instead. The server marks that it takes such requests (`pglite.live-dump`, holding its pid);
// the backup writes a request file and sends SIGUSR2; the server dumps (Database.dump: consistent, between queries)
// into a file beside the request, which the backup reads and removes. Only a process of the same user can signal
// the server, and the server writes nowhere but its own DATA_DIR.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type Database, lockHolder } from '../db/database.js';

const MARKER = 'pglite.live-dump';
const REQUEST = /^pglite\.dump-request-([a-z0-9-]{1,64})$/;
const SIGNAL = 'SIGUSR2';

const outputOf = (dataDir: string, id: string) => path.join(dataDir, `pglite.dump-${id}.tar`);
const errorOf = (dataDir: string, id: string) => path.join(dataDir, `pglite.dump-${id}.error`);

/**
 * The server's side (the database plugin, on the embedded database it opened): answers every pending request on
 * SIGUSR2. Answers the function that stops (on close).
 */
export function acceptLiveDumps(dataDir: string, database: Database): () => void {
  const dump = database.dump?.bind(database);
  if (!dump) return () => {};
  let busy: Promise<void> = Promise.resolve();
  const serve = async () => {
    for (const name of readdirSync(dataDir)) {
      const id = REQUEST.exec(name)?.[1];
      if (!id) continue;
      rmSync(path.join(dataDir, name), { force: true });
      try {
        const blob = await dump();
        const out = outputOf(dataDir, id);
        await writeFile(`${out}.tmp`, Buffer.from(await blob.arrayBuffer()));
        renameSync(`${out}.tmp`, out);
      } catch (err) {
        writeFileSync(errorOf(dataDir, id), err instanceof Error ? err.message : String(err));
      }
    }
  };
  const onSignal = () => {
    busy = busy.then(serve, serve);
  };
  process.on(SIGNAL, onSignal);
  writeFileSync(path.join(dataDir, MARKER), String(process.pid));
  return () => {
    process.off(SIGNAL, onSignal);
    rmSync(path.join(dataDir, MARKER), { force: true });
  };
}

/**
 * The backup's side: asks the server `pid` (holding the embedded database in `dataDir`) for a dump and waits for it
 * (at most `timeoutMs`). Refuses a process that has not said it takes requests: SIGUSR2 would end it.
 */
export async function requestLiveDump(dataDir: string, pid: number, timeoutMs = 300_000): Promise<Blob> {
  const marker = path.join(dataDir, MARKER);
  const serving = existsSync(marker) ? Number(readFileSync(marker, 'utf8').trim()) : null;
  if (serving !== pid) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${pid}, which does not take live backups ` +
        '(a server of an earlier release, or another command). Stop it and run the backup again.',
    );
  }
  const id = `${process.pid}-${Date.now().toString(36)}`;
  const out = outputOf(dataDir, id);
  const failed = errorOf(dataDir, id);
  writeFileSync(path.join(dataDir, `pglite.dump-request-${id}`), '');
  process.kill(pid, SIGNAL);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(out)) {
      const bytes = readFileSync(out);
      rmSync(out, { force: true });
      return new Blob([bytes]);
    }
    if (existsSync(failed)) {
      const message = readFileSync(failed, 'utf8');
      rmSync(failed, { force: true });
      throw new Error(`The server could not dump the embedded database: ${message}`);
    }
    if (lockHolder(path.join(dataDir, 'pglite')) !== pid) {
      rmSync(path.join(dataDir, `pglite.dump-request-${id}`), { force: true });
      throw new Error(
        `The server (process ${pid}) stopped before it answered the backup request: run the backup again.`,
      );
    }
    await delay(100);
  }
  rmSync(path.join(dataDir, `pglite.dump-request-${id}`), { force: true });
  throw new Error(
    `The server (process ${pid}) did not answer the backup request within ${timeoutMs / 1000} s.`,
  );
}
