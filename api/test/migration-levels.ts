// A database at an earlier release's migration level: a copy of api/drizzle holding only the first migrations
// (their .sql files and the journal's first entries), for drizzle's migrator (migrateDatabase's second argument).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/db/database.js';

/** A temporary migrations folder with the first `count` migrations of api/drizzle (the caller removes it). */
export function migrationsFolderUpTo(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skynet-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}
