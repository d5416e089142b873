import path from 'node:path';
import { ADVISORY_LOCKS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Config } from '../../config.js';
import { type Database, type Db, migrateDatabase, openPglite, openPostgres } from '../../db/database.js';
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

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    // Migrations and the seed on a connection of their own, without the statement timeout (an index build on a big
    // table may take minutes); the pool that serves requests gets STATEMENT_TIMEOUT_MS, and a query waits at most
    // 5 s for a free connection instead of queueing forever while PostgreSQL is away.
    await withMigrationLock(url, async () => {
      const migrator = await openPostgres(url, 1);
      try {
        await migrateDatabase(migrator);
        await seed(migrator.db);
      } finally {
        await migrator.close();
      }
    });
    return openPostgres(url, 10, {
      statementTimeoutMs: config.statementTimeoutMs,
      connectionTimeoutMs: 5_000,
      watchdogDeadlineMs: config.databaseDeadlineMs,
    });
  }
  const database = await openPglite(path.join(config.dataDir, 'pglite'));
  try {
    await migrateDatabase(database);
    await seed(database.db);
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
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });
  // A cheap sanity query so a broken connection fails the start rather than the first request.
  await database.db.execute(sql`SELECT 1`);
}

export default fp(databasePlugin, { name: 'database' });
