import path from 'node:path';
import { ADVISORY_LOCKS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { acceptLiveDumps } from '../../backup/live-dump.js';
import type { Config } from '../../config.js';
import { type Database, type Db, migrateDatabase, openPglite, openPostgres } from '../../db/database.js';
import { migrationStatus, SchemaBehindError } from '../../db/migrations.js';
import { seed } from '../../db/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** An already migrated and seeded database (tests); the app still closes it. */
  database?: Database;
}

/** Serialises migrations between processes starting at once against the same PostgreSQL server. */
async function withMigrationLock(url: string, fn: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${ADVISORY_LOCKS.migrations})`);
    await fn();
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCKS.migrations})`).catch(() => {});
    await client.end();
  }
}

/**
 * Applies pending migrations and the seed on the configured database (PostgreSQL: under the migration lock, on a
 * connection of its own; PGlite: on `database`, already open) and answers the migrations it applied, in order.
 */
export async function migrateConfigured(config: Config, database?: Database): Promise<string[]> {
  const run = async (target: Database) => {
    const { pending } = await migrationStatus(target);
    await migrateDatabase(target);
    await seed(target.db);
    return pending;
  };
  if (!config.databaseUrl) {
    if (!database) throw new Error('migrateConfigured: the embedded database must be open');
    return run(database);
  }
  let applied: string[] = [];
  // Migrations and the seed on a connection of their own, without the statement timeout (an index build on a big
  // table may take minutes); the pool that serves requests gets STATEMENT_TIMEOUT_MS.
  await withMigrationLock(config.databaseUrl, async () => {
    const migrator = await openPostgres(config.databaseUrl as string, 1);
    try {
      applied = await run(migrator);
    } finally {
      await migrator.close();
    }
  });
  return applied;
}

/** Opens the configured database without migrating it (the migrate command, backup). */
export async function openConfiguredDatabaseAsIs(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    // A query waits at most 5 s for a free connection instead of queueing forever while PostgreSQL is away.
    return openPostgres(config.databaseUrl, 10, {
      statementTimeoutMs: config.statementTimeoutMs,
      connectionTimeoutMs: 5_000,
      watchdogDeadlineMs: config.databaseDeadlineMs,
    });
  }
  return openPglite(path.join(config.dataDir, 'pglite'));
}

/**
 * Opens the configured database for the server: migrated and seeded first (MIGRATE_ON_START, the default), or, with
 * MIGRATE_ON_START=off, only checked: a schema behind this release refuses the start (SchemaBehindError).
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl && config.migrateOnStart) await migrateConfigured(config);
  const database = await openConfiguredDatabaseAsIs(config);
  try {
    if (!config.migrateOnStart) {
      const { pending } = await migrationStatus(database);
      if (pending.length > 0) throw new SchemaBehindError(pending);
    } else if (!config.databaseUrl) {
      await migrateConfigured(config, database);
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** The database client as a plugin: decorates the instance and closes in onClose (fastify/demo knex plugin). */
async function databasePlugin(app: FastifyInstance, opts: DatabasePluginOptions) {
  const database = opts.database ?? (await openConfiguredDatabase(opts.config));
  if (!opts.database) {
    app.log.info(
      {
        kind: database.kind,
        ...(database.kind === 'pglite' ? { dir: path.join(opts.config.dataDir, 'pglite') } : {}),
      },
      'database ready',
    );
  }
  if (!opts.database && database.kind === 'pglite') {
    // `npm run backup` of the running server: it asks this process for a dump (backup/live-dump.ts).
    const stop = acceptLiveDumps(opts.config.dataDir, database);
    app.addHook('onClose', async () => stop());
  }
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });
  // A cheap sanity query so a broken connection fails the start rather than the first request.
  await database.db.execute(sql`SELECT 1`);
}

export default fp(databasePlugin, { name: 'database' });
