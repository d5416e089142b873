import { createBackup, sizeOf } from '../backup/backup.js';
import { loadConfig } from '../config.js';
import { type CliResult, fromInvocation, runAsMain } from './main.js';

const USAGE = `Usage: npm run backup [-- --out <file.tar.gz>]
One archive of this instance (DATA_DIR, SITE_DIR, DATABASE_URL as the server reads them), running or stopped:
the database (embedded: PGlite's own dump, asked of the running server; PostgreSQL: pg_dump when it is on PATH),
avatar files, the site folder with its registry and history, the generated jwt-secret, and a manifest.`;

export async function runBackup(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out' && args[i + 1]) out = args[++i] as string;
    else if (args[i] === '--help' || args[i] === '-h') return { code: 0, out: USAGE };
    else return { code: 2, out: `backup: unexpected ${args[i]}\n${USAGE}` };
  }
  const config = loadConfig(env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = fromInvocation(out ?? `skynet-backup-${stamp}.tar.gz`);
  const started = Date.now();
  const { manifest, notes } = await createBackup(config, file);
  const c = manifest.counts;
  const lines = [
    `backup written: ${file} (${(sizeOf(file) / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  release ${manifest.version}, ${manifest.createdAt}`,
    `  database: ${manifest.database.file ? `${manifest.database.kind}${manifest.database.live ? ' (live)' : ''}` : 'not in the archive'}` +
      (manifest.schema ? `, ${manifest.schema.migrations} migrations (last ${manifest.schema.last})` : ''),
    ...(c
      ? [
          `  ${c.accounts} accounts, ${c.posts} posts, ${c.comments} comments, ${c.conversations} conversations, ${c.messages} messages`,
        ]
      : []),
    `  files: ${manifest.files.media} media, ${manifest.files.site} site` +
      (manifest.registry
        ? `; registry revision ${manifest.registry.revision} with ${manifest.registry.history} history entries`
        : ''),
    `  jwt-secret: ${manifest.jwtSecret ? 'included' : 'not included'}`,
    ...notes.map((n) => `note: ${n}`),
  ];
  return { code: 0, out: lines.join('\n') };
}

runAsMain(import.meta.url, (args) => runBackup(args));
