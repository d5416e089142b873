// Where things live: the repository, the packages, and the site folder the server serves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCatalogVersions } from './catalog.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** A remote's folder (and registry) name: `mfe-` then lower-case letters, digits and dashes. */
export const REMOTE_FOLDER = /^mfe-[a-z][a-z0-9-]*$/;

/**
 * The remotes are data: a remote of the workspace is an `mfe-*` folder with a package.json (pnpm-workspace.yaml takes
 * every `mfe-*` folder), and its package.json's `"skynet": { "devPort": N }` is the port of its dev server
 * (`npm run dev`, remoteConfig). This is the one list: `npm start`, the cluster and the image seed the registry from
 * it (publish-site.mjs), and ops, `npm run dev`, the size check, the bench, the monolith build, `npm run routes` and
 * `npm run new-remote` read it. No other file names the remotes: a new one (`npm run new-remote -- mfe-x --route /x`)
 * is its folder alone.
 * @typedef {{ name: string, devPort: number }} WorkspaceRemote
 */

/**
 * A remote's dev port: `skynet.devPort` in its package.json (the older form, a `port:` in its rspack.config.mjs, is
 * still read). @param {string} root @param {string} name @param {any} pkg
 */
function devPortIn(root, name, pkg) {
  if (pkg?.skynet?.devPort !== undefined) return Number(pkg.skynet.devPort);
  const config = join(root, name, 'rspack.config.mjs');
  const match = existsSync(config) ? /\bport:\s*(\d+)/.exec(readFileSync(config, 'utf8')) : null;
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * Every remote under `root`, in the registry's order (the order routes are matched in): by dev port, which is the
 * order they were added in. Answers [] where there is no workspace (the container image runs ops from its api
 * folder).
 * @param {string} [root]
 * @returns {WorkspaceRemote[]}
 */
export function workspaceRemotes(root = repoRoot) {
  /** @type {WorkspaceRemote[]} */
  const found = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !REMOTE_FOLDER.test(entry.name)) continue;
    const file = join(root, entry.name, 'package.json');
    if (!existsSync(file)) continue;
    const devPort = devPortIn(root, entry.name, JSON.parse(readFileSync(file, 'utf8')));
    if (!Number.isInteger(devPort) || devPort <= 0) {
      throw new Error(
        `${entry.name}/package.json needs "skynet": { "devPort": N } (the next free port from 3001)`,
      );
    }
    found.push({ name: entry.name, devPort });
  }
  return found.sort((a, b) => a.devPort - b.devPort || (a.name < b.name ? -1 : 1));
}

/** The remotes' folder names, in the registry's order (workspaceRemotes). */
export const REMOTES = workspaceRemotes().map((remote) => remote.name);

/** A remote's dev server port. @param {string} name */
export function devPortOf(name) {
  const remote = workspaceRemotes().find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`${name} is not a remote of this workspace (remotes: ${REMOTES.join(', ')})`);
  return remote.devPort;
}

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
