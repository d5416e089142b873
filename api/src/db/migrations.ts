import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_DIR, rows } from './database.js';

/** One migration of drizzle/meta/_journal.json: `tag` names its file (`<tag>.sql`), `when` orders it. */
export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The migrations this release ships, oldest first (drizzle-kit's journal, the list drizzle's migrator applies). */
export function shippedMigrations(dir = MIGRATIONS_DIR): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

export interface MigrationStatus {
  /** Shipped migrations the database has (drizzle records each one's `when` as `created_at`). */
  applied: string[];
  /** Shipped migrations it lacks, in the order they would run. */
  pending: string[];
  /** Migrations the database has that this release does not know: a newer release ran here. */
  unknown: number;
}

/**
 * What drizzle's migrator would do: it runs every journal entry newer than the newest `created_at` recorded in
 * drizzle.__drizzle_migrations (no table yet: all of them).
 */
export async function migrationStatus(database: Pick<Database, 'db'>): Promise<MigrationStatus> {
  const shipped = shippedMigrations();
  const [table] = await rows<{ present: boolean }>(
    database.db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  const recorded = table?.present
    ? (
        await rows<{ created_at: string | number }>(
          database.db,
          sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
        )
      ).map((r) => Number(r.created_at))
    : [];
  const last = recorded.at(-1) ?? 0;
  const known = new Set(shipped.map((m) => m.when));
  return {
    applied: shipped.filter((m) => m.when <= last).map((m) => m.tag),
    pending: shipped.filter((m) => m.when > last).map((m) => m.tag),
    unknown: recorded.filter((w) => !known.has(w)).length,
  };
}

/** Thrown at start with MIGRATE_ON_START=off when the schema is behind this release. */
export class SchemaBehindError extends Error {
  constructor(public readonly pending: string[]) {
    super(
      `The database schema is behind this release: ${pending.length} migration(s) pending (${pending.join(', ')}). ` +
        'MIGRATE_ON_START is off, so the server does not apply them: run `npm run migrate` ' +
        '(or `node dist/cli/migrate.js` in the image) first, then start the server.',
    );
    this.name = 'SchemaBehindError';
  }
}
