import { describeUrl } from '@skynet/site/registry';
import { loadConfig } from '../config.js';
import { migrationStatus } from '../db/migrations.js';
import { migrateConfigured, openConfiguredDatabaseAsIs } from '../plugins/external/database.js';
import { type CliResult, runAsMain } from './main.js';

const USAGE = `Usage: npm run migrate                 apply pending migrations (and the seed) on DATABASE_URL or DATA_DIR
       npm run migrate -- --status     list applied and pending migrations; exit 3 when some are pending
       npm run migrate -- --check      the same, printing only the pending ones (a gate before a rollout)
In the container image: node dist/cli/migrate.js [--status | --check]`;

/** Exit code of --status/--check when migrations are pending (1 is kept for failures, 2 for usage). */
export const PENDING_EXIT_CODE = 3;

/**
 * Applies the pending migrations of this release on the same DATABASE_URL / DATA_DIR as the server (under the same
 * advisory lock on PostgreSQL, so it is safe beside starting servers), or reports them (`--status`, `--check`).
 * Runs from the compiled dist too (`node dist/cli/migrate.js`): drizzle/ is found from the package folder.
 */
export async function runMigrate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const mode = args[0] ?? 'apply';
  if (args.length > 1 || !['apply', '--status', '--check', '--help', '-h'].includes(mode))
    return { code: 2, out: USAGE };
  if (mode === '--help' || mode === '-h') return { code: 0, out: USAGE };
  const config = loadConfig(env);
  const where = config.databaseUrl
    ? `PostgreSQL ${describeUrl(config.databaseUrl)}`
    : `the embedded database in ${config.dataDir}/pglite`;
  // PostgreSQL: migrateConfigured opens its own connection under the lock; PGlite: one process owns the folder.
  const database = await openConfiguredDatabaseAsIs(config);
  try {
    const status = await migrationStatus(database);
    const newer =
      status.unknown > 0
        ? `\nnote: the database has ${status.unknown} migration(s) this release does not know (a newer release migrated it).`
        : '';
    if (mode === 'apply') {
      const applied = await migrateConfigured(config, config.databaseUrl ? undefined : database);
      const lines = applied.map((tag) => `  applied ${tag}`);
      return {
        code: 0,
        out:
          (applied.length === 0
            ? `${where}: up to date (${status.applied.length} migrations), nothing to apply.`
            : `${where}: applied ${applied.length} migration(s):\n${lines.join('\n')}`) + newer,
      };
    }
    const pending = status.pending.map((tag) => `  pending ${tag}`);
    const applied = mode === '--status' ? status.applied.map((tag) => `  applied ${tag}`) : [];
    const head =
      status.pending.length === 0
        ? `${where}: up to date (${status.applied.length} migrations applied, none pending).`
        : `${where}: ${status.pending.length} migration(s) pending (${status.applied.length} applied); run \`npm run migrate\`.`;
    return {
      code: status.pending.length === 0 ? 0 : PENDING_EXIT_CODE,
      out: [head, ...applied, ...pending].join('\n') + newer,
    };
  } finally {
    await database.close();
  }
}

runAsMain(import.meta.url, (args) => runMigrate(args), [0, PENDING_EXIT_CODE]);
