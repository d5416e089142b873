import { RestoreRefused, restoreBackup } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { type CliResult, fromInvocation, runAsMain } from './main.js';

const USAGE = `Usage: npm run restore -- <backup.tar.gz> [--force]
Restores a backup (npm run backup) into the DATA_DIR / SITE_DIR (and DATABASE_URL) configured here, which must be
empty (--force replaces the database, media, site and jwt-secret there), then checks it against its manifest.`;

export async function runRestore(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest[0] === '--help' || rest[0] === '-h') return { code: 0, out: USAGE };
  if (rest.length !== 1 || rest[0]?.startsWith('-')) return { code: 2, out: USAGE };
  const config = loadConfig(env);
  try {
    const r = await restoreBackup(config, fromInvocation(rest[0] as string), { force });
    const lines = [
      `${r.ok ? 'restored' : 'restored, BUT THE CHECKS FAILED'}: release ${r.manifest.version} backup of ${r.manifest.createdAt} into ${config.dataDir}` +
        (config.siteDir.startsWith(config.dataDir) ? '' : ` and ${config.siteDir}`),
      ...r.checks.map((c) => `  ${c}`),
      ...r.notes.map((n) => `note: ${n}`),
      ...(r.ok
        ? [
            'Start the server on it (npm start, or node dist/server.js): it migrates a backup of an older release.',
          ]
        : []),
    ];
    return { code: r.ok ? 0 : 1, out: lines.join('\n') };
  } catch (err) {
    if (err instanceof RestoreRefused) return { code: 1, out: `restore: ${err.message}` };
    throw err;
  }
}

runAsMain(import.meta.url, (args) => runRestore(args));
