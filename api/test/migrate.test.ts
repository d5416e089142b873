// Issue 30, item 5: `npm run migrate` (api/src/cli/migrate.ts) and MIGRATE_ON_START=off, on a fresh embedded database
// (a DATA_DIR of its own) and, when TEST_DATABASE_URL is set, on a PostgreSQL database of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { PENDING_EXIT_CODE, runMigrate } from '../src/cli/migrate.js';
import { loadConfig } from '../src/config.js';
import { migrateDatabase } from '../src/db/database.js';
import { SchemaBehindError, shippedMigrations } from '../src/db/migrations.js';
import { openConfiguredDatabaseAsIs } from '../src/plugins/external/database.js';
import { freshPostgres } from './fresh-postgres.js';
import { migrationsFolderUpTo } from './migration-levels.js';

const SHIPPED = shippedMigrations().map((m) => m.tag);
const BASE_ENV = {
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
};

/** Brings the configured database to the previous release's level: every migration but the newest. */
async function migrateToPrevious(env: Record<string, string>) {
  const folder = migrationsFolderUpTo(SHIPPED.length - 1);
  const database = await openConfiguredDatabaseAsIs(loadConfig(env));
  try {
    await migrateDatabase(database, folder);
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

interface Target {
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

function suite(label: string, makeTarget: () => Promise<Target>) {
  describe(`npm run migrate on ${label}`, () => {
    let env: Record<string, string>;
    let cleanup = async () => {};
    before(async () => {
      ({ env, cleanup } = await makeTarget());
    });
    after(() => cleanup());

    it('--check on an empty database lists every migration as pending and exits 3', async () => {
      const r = await runMigrate(['--check'], env);
      assert.equal(r.code, PENDING_EXIT_CODE, r.out);
      assert.match(r.out, new RegExp(`${SHIPPED.length} migration\\(s\\) pending`));
      for (const tag of SHIPPED) assert.match(r.out, new RegExp(`pending ${tag}`));
    });

    it('one release behind: --check names the one pending migration (exit 3)', async () => {
      await migrateToPrevious(env);
      const check = await runMigrate(['--check'], env);
      assert.equal(check.code, PENDING_EXIT_CODE, check.out);
      assert.match(check.out, /1 migration\(s\) pending/);
      assert.match(check.out, new RegExp(`pending ${SHIPPED.at(-1)}$`));
    });

    it('MIGRATE_ON_START=off refuses to start on a schema that is behind, naming the command', async () => {
      const config = loadConfig({ ...env, MIGRATE_ON_START: 'off' });
      await assert.rejects(
        buildApp(config, { logger: false }),
        (err: unknown) =>
          err instanceof SchemaBehindError &&
          err.pending.join() === SHIPPED.at(-1) &&
          /MIGRATE_ON_START is off.*npm run migrate/.test(err.message),
      );
    });

    it('applies the pending migration and says which, then has nothing to do', async () => {
      const r = await runMigrate([], env);
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, new RegExp(`applied 1 migration\\(s\\):\\n  applied ${SHIPPED.at(-1)}$`));
      const again = await runMigrate([], env);
      assert.equal(again.code, 0, again.out);
      assert.match(again.out, new RegExp(`up to date \\(${SHIPPED.length} migrations\\), nothing to apply`));
      const status = await runMigrate(['--status'], env);
      assert.equal(status.code, 0, status.out);
      assert.match(status.out, /none pending/);
      for (const tag of SHIPPED) assert.match(status.out, new RegExp(`applied ${tag}`));
    });

    it('MIGRATE_ON_START=off starts on an up-to-date schema, and the server answers', async () => {
      const app = await buildApp(loadConfig({ ...env, MIGRATE_ON_START: 'off' }), { logger: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/faqs' });
        assert.equal(res.statusCode, 200);
        assert.ok(res.json().value.length > 0); // the seed ran with the migrations
      } finally {
        await app.close();
      }
    });

    it('refuses unknown arguments with its usage (exit 2)', async () => {
      const r = await runMigrate(['--frobnicate'], env);
      assert.equal(r.code, 2);
      assert.match(r.out, /Usage: npm run migrate/);
    });
  });
}

suite('the embedded database', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skynet-migrate-'));
  return {
    env: { ...BASE_ENV, DATA_DIR: dataDir },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});

const baseUrl = process.env.TEST_DATABASE_URL;
if (baseUrl) {
  suite('PostgreSQL', async () => {
    const { url, drop } = await freshPostgres(baseUrl, 'skynet_mig');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skynet-migrate-pg-'));
    return {
      env: { ...BASE_ENV, DATA_DIR: dataDir, DATABASE_URL: url },
      cleanup: async () => {
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
}
