// Reading the published site's JSON files (registry, manifests, prerender and route indexes) without trusting them:
// a missing or broken file reads as null, and callers check every field they use.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Changes whenever the file is rewritten (an ops command writes a new file), for caches of what was read from it. */
export function fileStamp(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.mtimeMs}:${stats.size}`;
  } catch {
    return 'none';
  }
}

/** The file a site path names inside `root`, or null when the path would leave it. */
export function siteFile(root: string, sitePath: string): string | null {
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.normalize(`/${sitePath}`)}`);
  return file.startsWith(base + path.sep) ? file : null;
}
