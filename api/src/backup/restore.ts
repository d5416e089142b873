// `npm run restore -- <archive>`: a backup (backup.ts) into an empty DATA_DIR / SITE_DIR (or, with DATABASE_URL and
// an archive holding a pg_dump, into an empty PostgreSQL database), then checked against its manifest.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { unpackTar } from 'modern-tar/fs';
import type { Config } from '../config.js';
import { type Database, lockHolder, openPglite, openPostgres, rows } from '../db/database.js';
import {
  BACKUP_FORMAT,
  countDatabase,
  filesUnder,
  hasProgram,
  libpqTarget,
  MANIFEST_FILE,
  type Manifest,
  schemaLevel,
  siteRegistry,
} from './backup.js';

export interface RestoreResult {
  manifest: Manifest;
  /** One line per check: `ok ...` or `MISMATCH ...`. */
  checks: string[];
  ok: boolean;
  notes: string[];
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

const nonEmpty = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Moves a folder into place (a rename; a copy when the staging folder is on another file system). */
function moveInto(from: string, to: string) {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch {
    cpSync(from, to, { recursive: true });
  }
}

/** Tables in PostgreSQL's public schema: a target that has some is not empty. */
async function publicTables(database: Database): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    database.db,
    sql`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`,
  );
  return Number(row?.n ?? 0);
}

export async function restoreBackup(
  config: Config,
  archive: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new RestoreRefused(`No archive at ${archive}.`);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const holder = lockHolder(pgliteDir);
  if (holder !== null)
    throw new RestoreRefused(
      `The embedded database in ${config.dataDir} is in use by process ${holder}: stop it first.`,
    );
  // SITE_DIR is $DATA_DIR/site unless set: one check covers both then.
  const targets = [config.dataDir, config.siteDir].filter((d) => nonEmpty(d));
  if (targets.length > 0 && !force)
    throw new RestoreRefused(
      `Not restoring over existing data in ${targets.join(' and ')}: restore into an empty DATA_DIR/SITE_DIR, or add --force to replace the database, media, site and jwt-secret there.`,
    );

  mkdirSync(path.dirname(config.dataDir), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(config.dataDir), '.skynet-restore-'));
  const notes: string[] = [];
  try {
    await pipeline(createReadStream(archive), createGunzip(), unpackTar(staging));
    const manifestFile = path.join(staging, MANIFEST_FILE);
    if (!existsSync(manifestFile))
      throw new RestoreRefused(`${archive} is not a Skynet backup (no ${MANIFEST_FILE}).`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new RestoreRefused(
        `${archive} is a backup of format ${manifest.format}; this release reads ${BACKUP_FORMAT}.`,
      );
    if (manifest.database.kind === 'pglite' && config.databaseUrl)
      throw new RestoreRefused(
        'This archive holds the embedded database; unset DATABASE_URL to restore it (moving to PostgreSQL is not a restore).',
      );

    // The database first: a refusal there leaves the target as it was.
    let restored: Database | null = null;
    try {
      if (manifest.database.kind === 'pglite' && manifest.database.file) {
        rmSync(pgliteDir, { recursive: true, force: true });
        const dump = new Blob([readFileSync(path.join(staging, manifest.database.file))]);
        restored = await openPglite(pgliteDir, dump);
      } else if (manifest.database.kind === 'postgres' && manifest.database.file) {
        if (!config.databaseUrl || !hasProgram('pg_restore')) {
          notes.push(
            `The archive's PostgreSQL dump was not restored (${config.databaseUrl ? 'pg_restore is not on PATH' : 'DATABASE_URL is not set'}): pg_restore --no-owner --dbname=<url> ${manifest.database.file} from the unpacked archive (docs/operations.md).`,
          );
        } else {
          restored = await openPostgres(config.databaseUrl, 2);
          if ((await publicTables(restored)) > 0 && !force)
            throw new RestoreRefused(
              'The database DATABASE_URL names is not empty: restore into a new database, or add --force (pg_restore --clean).',
            );
          const { url, env } = libpqTarget(config.databaseUrl);
          const args = ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`];
          if (force) args.push('--clean', '--if-exists');
          const r = spawnSync('pg_restore', [...args, path.join(staging, manifest.database.file)], {
            env,
            encoding: 'utf8',
          });
          if (r.status !== 0)
            throw new Error(`pg_restore failed: ${(r.stderr || r.error?.message || '').trim()}`);
        }
      } else if (manifest.database.kind === 'postgres') {
        notes.push(
          'The archive has no database (PostgreSQL was backed up apart, with pg_dump): restore that first.',
        );
      }

      // Then the files.
      if (force) {
        rmSync(path.join(config.dataDir, 'media'), { recursive: true, force: true });
        rmSync(config.siteDir, { recursive: true, force: true });
        rmSync(path.join(config.dataDir, 'jwt-secret'), { force: true });
      }
      if (existsSync(path.join(staging, 'media')))
        moveInto(path.join(staging, 'media'), path.join(config.dataDir, 'media'));
      if (existsSync(path.join(staging, 'site'))) moveInto(path.join(staging, 'site'), config.siteDir);
      if (existsSync(path.join(staging, 'jwt-secret'))) {
        const secret = path.join(config.dataDir, 'jwt-secret');
        moveInto(path.join(staging, 'jwt-secret'), secret);
        chmodSync(secret, 0o600);
      }

      // Then the checks, against what the backup counted.
      const checks: string[] = [];
      const check = (what: string, expected: unknown, actual: unknown) => {
        const same = JSON.stringify(expected) === JSON.stringify(actual);
        checks.push(
          same
            ? `ok ${what}: ${JSON.stringify(actual)}`
            : `MISMATCH ${what}: archive ${JSON.stringify(expected)}, restored ${JSON.stringify(actual)}`,
        );
      };
      if (restored) {
        check('schema', manifest.schema, await schemaLevel(restored));
        check('counts', manifest.counts, await countDatabase(restored));
      }
      check('media files', manifest.files.media, filesUnder(path.join(config.dataDir, 'media')).length);
      check('site files', manifest.files.site, filesUnder(config.siteDir).length);
      if (manifest.registry) check('registry', manifest.registry, await siteRegistry(config.siteDir));
      check('jwt-secret', manifest.jwtSecret, existsSync(path.join(config.dataDir, 'jwt-secret')));
      return { manifest, checks, ok: checks.every((c) => c.startsWith('ok ')), notes };
    } finally {
      await restored?.close();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
