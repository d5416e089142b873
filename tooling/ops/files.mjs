// Files of a build: sha384 integrity of each, and copying a build into the site as one rename.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, relative, sep } from 'node:path';

/** The index of a published version's files, inside its folder; not itself part of the build. */
export const INTEGRITY_FILE = 'integrity.json';

/** @param {Buffer | string} content */
export const sri = (content) => `sha384-${createHash('sha384').update(content).digest('base64')}`;

/**
 * Every file under `dir` (recursively, '/'-separated relative paths, sorted) with its sha384 integrity.
 * @param {string} dir
 * @param {{ ignore?: string[] }} [options]
 * @returns {Record<string, string>}
 */
export function hashDir(dir, { ignore = [] } = {}) {
  /** @type {Record<string, string>} */
  const files = {};
  /** @param {string} current */
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      const rel = relative(dir, full).split(sep).join('/');
      if (ignore.includes(rel)) continue;
      if (statSync(full).isDirectory()) walk(full);
      else files[rel] = sri(readFileSync(full));
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The first difference between two file sets, as a sentence naming the file; null when equal.
 * @param {Record<string, string>} published
 * @param {Record<string, string>} candidate
 */
export function firstDifference(published, candidate) {
  const names = [...new Set([...Object.keys(published), ...Object.keys(candidate)])].sort();
  for (const name of names) {
    if (!(name in published)) return `${name} is new`;
    if (!(name in candidate)) return `${name} is missing from the new build`;
    if (published[name] !== candidate[name]) return `${name} differs`;
  }
  return null;
}

/** A short, stable name for a set of files: 8 hex characters of the sha256 of its integrity list. */
export function shortHash(/** @type {Record<string, string>} */ files) {
  const text = Object.entries(files)
    .map(([name, hash]) => `${name} ${hash}\n`)
    .join('');
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/**
 * Copies `from` to `target` as one rename (readers never see half a version), with the integrity index beside it.
 * Answers false when `target` appeared meanwhile (another publisher won the race).
 * @param {string} from
 * @param {string} target
 * @param {object} index written as integrity.json
 */
export function copyAsOne(from, target, index) {
  // Named by host too: on a folder several hosts share, two publishing at once never share a temporary folder.
  const temp = `${target}.${hostname()}.${process.pid}.${Date.now()}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  cpSync(from, temp, { recursive: true });
  writeFileSync(join(temp, INTEGRITY_FILE), `${JSON.stringify(index, null, 2)}\n`);
  try {
    if (existsSync(target)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    renameSync(temp, target);
    return true;
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (
      /** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST' ||
      /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOTEMPTY'
    )
      return false;
    throw error;
  }
}
