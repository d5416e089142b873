// Where things live: the repository, the packages, and the site folder the server serves.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCatalogVersions } from './catalog.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * Every remote of the workspace, in the registry's order (the order routes are matched in): the one list. `npm start`
 * and the cluster seed the registry from it (publish-site.mjs), and ops, `npm run dev`, the size check, the bench, the
 * monolith build and `npm run routes` read it. A new remote adds its folder here and to pnpm-workspace.yaml; its dev
 * server port is the `port:` of its own rspack.config.mjs (the next free one from 3001).
 */
export const REMOTES = ['mfe-map', 'mfe-feed', 'mfe-chat', 'mfe-account', 'mfe-static', 'mfe-admin'];

export const dataDir = () => resolve(process.env.DATA_DIR ?? join(repoRoot, '.data'));
export const siteDir = () => resolve(process.env.SITE_DIR ?? join(dataDir(), 'site'));

/** A package's package.json, its `catalog:` versions resolved (catalog.mjs). @param {string} folder */
export function readPackage(folder) {
  return withCatalogVersions(JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')));
}

/** @param {string} folder */
export function buildDir(folder) {
  const dir = join(repoRoot, folder, 'dist');
  if (!existsSync(dir)) throw new Error(`${folder} has no build: run \`npm run build\` first.`);
  return dir;
}
