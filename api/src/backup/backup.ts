// `npm run backup`: one .tar.gz of an instance, live or stopped (docs/operations.md, "Backup and restore"):
//   manifest.json          what is inside: release, time, schema level, counts (restore checks them)
//   database/pglite.tar    the embedded database, PGlite's own dump of its folder (consistent: taken between queries)
//   database/postgres.dump with DATABASE_URL and pg_dump on PATH: pg_dump --format=custom
//   media/...              $DATA_DIR/media: avatars kept as files (not when they live in S3: a bucket is synced apart)
//   site/...               $SITE_DIR: the shell, the published remotes, remotes.json and registry-history.jsonl
//   jwt-secret             $DATA_DIR/jwt-secret when the secret is generated there (no JWT_SECRET)
import { spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { fileStore } from '@skynet/site/registry';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { packTar, type TarSource } from 'modern-tar/fs';
import pg from 'pg';
import { API_ROOT, type Config } from '../config.js';
import {
  createInMemoryPglite,
  type Database,
  lockHolder,
  openPglite,
  rows,
  wrapPglite,
} from '../db/database.js';
import { migrationStatus } from '../db/migrations.js';
import { requestLiveDump } from './live-dump.js';

export const BACKUP_FORMAT = 'skynet-backup/1';
export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_DUMP = 'database/pglite.tar';
export const POSTGRES_DUMP = 'database/postgres.dump';

/** Rows that matter to people, counted at backup and again after a restore. */
export interface DatabaseCounts {
  accounts: number;
  posts: number;
  comments: number;
  conversations: number;
  messages: number;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  /** The product's release that wrote it (one version for the product: api/package.json = package.json). */
  version: string;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres' | 'none';
    /** Its file in the archive; null when the database is not in it (PostgreSQL without pg_dump). */
    file: string | null;
    /** Dumped by the running server (embedded database in use). */
    live: boolean;
  };
  /** Migrations applied in the dumped database (`last` names the newest), null when it is not in the archive. */
  schema: { migrations: number; last: string | null } | null;
  /** Exact for the embedded database (counted in the dump); PostgreSQL: counted in the snapshot pg_dump read. */
  counts: DatabaseCounts | null;
  avatars: 'files' | 's3';
  files: { media: number; site: number };
  /** The site folder's registry (the file store); null without one (with DATABASE_URL it is in PostgreSQL). */
  registry: { revision: number; history: number } | null;
  jwtSecret: boolean;
}

export async function countDatabase(database: Pick<Database, 'db'>): Promise<DatabaseCounts> {
  const [row] = await rows<Record<keyof DatabaseCounts, number | string>>(
    database.db,
    sql`SELECT (SELECT count(*) FROM users) AS accounts,
               (SELECT count(*) FROM posts WHERE seq IS NOT NULL) AS posts,
               (SELECT count(*) FROM posts WHERE seq IS NULL) AS comments,
               (SELECT count(*) FROM conversations) AS conversations,
               (SELECT count(*) FROM messages) AS messages`,
  );
  if (!row) throw new Error('could not count the database');
  return {
    accounts: Number(row.accounts),
    posts: Number(row.posts),
    comments: Number(row.comments),
    conversations: Number(row.conversations),
    messages: Number(row.messages),
  };
}

/** The schema level of a database: how many migrations it has, and the newest one's name. */
export async function schemaLevel(database: Pick<Database, 'db'>): Promise<NonNullable<Manifest['schema']>> {
  const { applied } = await migrationStatus(database);
  return { migrations: applied.length, last: applied.at(-1) ?? null };
}

/** Files a backup leaves out: a registry commit's lock and half-written temporary copies. */
const skipped = (name: string) => name.endsWith('.lock') || name.endsWith('.tmp');

/** Every file under `dir`, as paths relative to it with `/` (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !skipped(entry.name)) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** The registry in a site folder: its revision and history length, or null without a remotes.json there. */
export async function siteRegistry(siteDir: string): Promise<Manifest['registry']> {
  if (!existsSync(path.join(siteDir, 'remotes.json'))) return null;
  const store = fileStore(siteDir);
  return { revision: (await store.read()).revision, history: (await store.history()).length };
}

export const productVersion = (): string =>
  (JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Whether a PostgreSQL client program (pg_dump, pg_restore) is on PATH. */
export const hasProgram = (name: string) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;

/** A libpq program's connection: the URL without its password, which goes in PGPASSWORD (never in `ps`). */
export function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  /** What the operator must know (what is not in the archive and how to back it up). */
  notes: string[];
}

/** The embedded database's dump: asked of the running server, or taken from the folder when none runs. */
async function dumpEmbedded(config: Config): Promise<{ dump: Blob; live: boolean } | null> {
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return null;
  const holder = lockHolder(dir);
  if (holder !== null) return { dump: await requestLiveDump(config.dataDir, holder), live: true };
  const database = await openPglite(dir);
  try {
    if (!database.dump) throw new Error('the embedded database cannot be dumped');
    return { dump: await database.dump(), live: false };
  } finally {
    await database.close();
  }
}

/**
 * pg_dump of `url` into `file`, and the schema level and counts of exactly what it dumped: a read-only repeatable-read
 * transaction exports its snapshot, counts in it, and pg_dump reads that same snapshot (`--snapshot`), so writes
 * meanwhile change neither (restore compares them with the restored database).
 */
async function dumpPostgres(
  url: string,
  file: string,
): Promise<{ schema: NonNullable<Manifest['schema']>; counts: DatabaseCounts }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [exported] = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows;
    const inSnapshot = { db: drizzlePg(client) as unknown as Database['db'] };
    const schema = await schemaLevel(inSnapshot);
    const counts = await countDatabase(inSnapshot);
    const target = libpqTarget(url);
    const r = spawnSync(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${exported?.id}`,
        `--file=${file}`,
        `--dbname=${target.url}`,
      ],
      { env: target.env, encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`pg_dump failed: ${(r.stderr || r.error?.message || '').trim()}`);
    return { schema, counts };
  } finally {
    await client.query('COMMIT').catch(() => {});
    await client.end();
  }
}

/** Writes the backup of the configured instance to `out` (a .tar.gz; written whole, then renamed into place). */
export async function createBackup(config: Config, out: string): Promise<BackupResult> {
  const notes: string[] = [];
  const sources: TarSource[] = [];
  let database: Manifest['database'] = { kind: 'none', file: null, live: false };
  let schema: Manifest['schema'] = null;
  let counts: Manifest['counts'] = null;
  const partial = `${out}.partial`;
  const pgDumpFile = `${out}.pgdump`;
  try {
    if (config.databaseUrl) {
      if (hasProgram('pg_dump')) {
        ({ schema, counts } = await dumpPostgres(config.databaseUrl, pgDumpFile));
        sources.push({ type: 'file', source: pgDumpFile, target: POSTGRES_DUMP });
        database = { kind: 'postgres', file: POSTGRES_DUMP, live: true };
        notes.push(
          'PostgreSQL: dumped with pg_dump --format=custom (its registry tables and pg-boss jobs included); restore it with `npm run restore` and DATABASE_URL set, or pg_restore.',
        );
      } else {
        database = { kind: 'postgres', file: null, live: true };
        notes.push(
          'PostgreSQL is NOT in this archive: pg_dump is not on PATH. Back it up with pg_dump --format=custom (or your provider\'s snapshots); docs/operations.md, "Backup and restore". The files below are in the archive.',
        );
      }
    } else {
      const embedded = await dumpEmbedded(config);
      if (embedded) {
        // Counted in the dump itself (loaded into memory): what the archive holds, and proof that it loads.
        const copy = wrapPglite(await createInMemoryPglite(embedded.dump));
        try {
          schema = await schemaLevel(copy);
          counts = await countDatabase(copy);
        } finally {
          await copy.close();
        }
        sources.push({ type: 'content', content: embedded.dump, target: PGLITE_DUMP });
        database = { kind: 'pglite', file: PGLITE_DUMP, live: embedded.live };
      } else notes.push(`No embedded database in ${config.dataDir}/pglite: the archive has none.`);
    }

    // Files after the database: an avatar is written before the row that names it, so the archive has every avatar
    // the dump names (one replaced in between may be missing: that person shows the default picture).
    const mediaDir = path.join(config.dataDir, 'media');
    const media = filesUnder(mediaDir);
    for (const rel of media)
      sources.push({ type: 'file', source: path.join(mediaDir, rel), target: `media/${rel}` });
    if (config.s3)
      notes.push(
        `Avatars live in the S3 bucket ${config.s3.bucket}, not in this archive: sync the bucket (docs/operations.md, "Backup and restore").`,
      );
    const site = filesUnder(config.siteDir);
    for (const rel of site)
      sources.push({ type: 'file', source: path.join(config.siteDir, rel), target: `site/${rel}` });
    const registry = await siteRegistry(config.siteDir);
    const secretFile = path.join(config.dataDir, 'jwt-secret');
    const jwtSecret = !config.jwtSecret && existsSync(secretFile);
    if (jwtSecret) sources.push({ type: 'file', source: secretFile, target: 'jwt-secret', mode: 0o600 });
    if (config.jwtSecret)
      notes.push('JWT_SECRET is set in the environment: keep it with your secrets, not here.');

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: productVersion(),
      createdAt: new Date().toISOString(),
      database,
      schema,
      counts,
      avatars: config.s3 ? 's3' : 'files',
      files: { media: media.length, site: site.length },
      registry,
      jwtSecret,
    };
    sources.unshift({
      type: 'content',
      content: `${JSON.stringify(manifest, null, 2)}\n`,
      target: MANIFEST_FILE,
    });
    await pipeline(packTar(sources), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, out);
    return { file: out, manifest, notes };
  } finally {
    rmSync(partial, { force: true });
    rmSync(pgDumpFile, { force: true });
  }
}

/** The archive's size in bytes, for the summary. */
export const sizeOf = (file: string) => statSync(file).size;
