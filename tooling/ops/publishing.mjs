// Publishing: a remote's build copied into /remotes/<remote>/<version>/ (immutable), recorded in the registry, and
// whether a published version can go live (its files, its ./app, the shell's shared singletons). See
// docs/operations.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import semver from 'semver';
import { RouteTableError, readBuiltRoutes } from '../routes/built-routes.mjs';
import { copyAsOne, firstDifference, hashDir, INTEGRITY_FILE, shortHash } from './files.mjs';
import {
  checkExpectedRevision,
  commitRegistry,
  OpsError,
  placementLine,
  readRegistry,
} from './registry-store.mjs';

/** @typedef {import('./registry-store.mjs').Route} Route */

/** Written by publishSite beside the shell: the versions of the shared singletons the shell provides. */
export const SHELL_SHARED_FILE = 'shell-shared.json';
export const MANIFEST = 'mf-manifest.json';
/** What a remote's build records about itself (tooling/rspack BuiltWithPlugin): remote, version, built. */
export const BUILT_FILE = 'built.json';
const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;

/** The URL path of a version's folder. */
export const versionPath = (/** @type {string} */ remote, /** @type {string} */ version) =>
  `/remotes/${remote}/${version}/`;

/** @param {string} remote */
export function checkRemoteName(remote) {
  if (!remote || !REMOTE_NAME.test(remote))
    throw new OpsError(`"${remote ?? ''}" is not a remote name`, 'usage');
}

/** @param {string} version */
function checkVersion(version) {
  if (!semver.valid(version))
    throw new OpsError(`"${version}" is not a semver version (like 1.2.3)`, 'usage');
}

/**
 * What a build says about itself (its built.json, written by tooling/rspack): its version and the kit and contract it
 * was built with. Empty for a build without one (made before issue 33, or by other tooling).
 * @param {string} dir
 * @returns {{ remote?: string, version?: string, built?: import('@skynet/contract').BuiltWith }}
 */
export function readBuilt(dir) {
  const file = join(dir, BUILT_FILE);
  if (!existsSync(file)) return {};
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new OpsError(`${file} is not JSON: rebuild the remote`, 'missing');
  }
  /** @type {import('@skynet/contract').BuiltWith} */
  const built = {};
  if (typeof raw?.built?.kit === 'string') built.kit = raw.built.kit;
  if (typeof raw?.built?.contract === 'string') built.contract = raw.built.contract;
  return {
    ...(typeof raw?.remote === 'string' ? { remote: raw.remote } : {}),
    ...(typeof raw?.version === 'string' ? { version: raw.version } : {}),
    ...(Object.keys(built).length > 0 ? { built } : {}),
  };
}

/**
 * The registry's record of a published version: its manifest URL and the integrity of the two files the shell
 * fetches itself (the manifest and remoteEntry.js; the full list is in the version's integrity.json), its routes, and
 * what it was built with (`built`: the kit and contract, from the build's built.json).
 * @param {string} remote @param {string} version @param {Record<string, string>} files @param {Route[]} routes
 * @param {import('@skynet/contract').BuiltWith} [built]
 */
export function versionEntry(remote, version, files, routes, built) {
  /** @type {Record<string, string>} */
  const integrity = {};
  for (const name of [MANIFEST, 'remoteEntry.js']) if (files[name]) integrity[name] = files[name];
  return {
    manifest: `${versionPath(remote, version)}${MANIFEST}`,
    integrity,
    publishedAt: new Date().toISOString(),
    routes,
    ...(built && Object.keys(built).length > 0 ? { built } : {}),
  };
}

/**
 * The server sends a file's `.br` twin in its place (tooling/rspack PrecompressPlugin): a twin that is not the file,
 * compressed (a file edited after the build), would serve other code than the integrity of the file says.
 * @param {string} dir @param {Record<string, string>} files
 */
function checkPrecompressed(dir, files) {
  for (const name of Object.keys(files).filter((file) => file.endsWith('.br'))) {
    const original = name.slice(0, -'.br'.length);
    let same = false;
    try {
      same =
        original in files &&
        brotliDecompressSync(readFileSync(join(dir, name))).equals(readFileSync(join(dir, original)));
    } catch {
      // Not Brotli at all: refused below.
    }
    if (!same)
      throw new OpsError(
        `${name} is not ${original} compressed: rebuild, or delete the .br file`,
        'precompressed',
      );
  }
}

/**
 * Copies one build into /remotes/<remote>/<version>/, immutable. Strict: a version already published with other
 * files is refused, naming a differing file. Local (`npm start`): such a build is published as
 * `<version>-local.<hash of its files>` instead, so a development build never fails to start.
 * Does not touch the registry (see `publish`).
 * @param {{ site: string, remote: string, version: string, from: string, mode?: 'strict' | 'local' }} options
 * @returns {{ version: string, status: 'published' | 'unchanged', files: Record<string, string> }}
 */
export function publishFiles({ site, remote, version, from, mode = 'strict' }) {
  checkRemoteName(remote);
  checkVersion(version);
  if (!existsSync(from)) throw new OpsError(`${from} does not exist: build ${remote} first`, 'missing');
  if (!existsSync(join(from, MANIFEST))) {
    throw new OpsError(`${from} has no ${MANIFEST}: not a Module Federation remote build`, 'missing');
  }
  const files = hashDir(from, { ignore: [INTEGRITY_FILE] });
  checkPrecompressed(from, files);
  /** @param {string} candidate @returns {'absent' | 'same' | string} */
  const compareWith = (candidate) => {
    const target = join(site, 'remotes', remote, candidate);
    if (!existsSync(target)) return 'absent';
    const index = join(target, INTEGRITY_FILE);
    const published = existsSync(index)
      ? JSON.parse(readFileSync(index, 'utf8')).files
      : hashDir(target, { ignore: [INTEGRITY_FILE] });
    return firstDifference(published, files) ?? 'same';
  };
  let chosen = version;
  let state = compareWith(chosen);
  if (state !== 'absent' && state !== 'same') {
    if (mode === 'strict') {
      throw new OpsError(
        `${remote}@${version} is already published with different files (${state}). A published version is ` +
          `immutable: bump "version" in ${remote}/package.json (or pass --version) and publish again`,
        'immutable',
      );
    }
    chosen = `${version.replace(/-local\.[0-9a-f]+$/, '')}-local.${shortHash(files)}`;
    state = compareWith(chosen);
    if (state !== 'absent' && state !== 'same') {
      throw new OpsError(`${remote}@${chosen} exists with different files (${state})`, 'immutable');
    }
  }
  if (state === 'same') return { version: chosen, status: 'unchanged', files };
  const target = join(site, 'remotes', remote, chosen);
  const index = { remote, version: chosen, publishedAt: new Date().toISOString(), files };
  if (!copyAsOne(from, target, index)) {
    // Someone published the same version a moment ago: same files is fine, others are refused.
    const after = compareWith(chosen);
    if (after === 'same') return { version: chosen, status: 'unchanged', files };
    throw new OpsError(
      `${remote}@${chosen} was just published by someone else with different files (${after})`,
    );
  }
  return { version: chosen, status: 'published', files };
}

/**
 * `ops publish <remote>`: publishFiles + record the version in the registry, with what it was built with (`built`,
 * default: the build's built.json). Stable does not move. A remote new to the registry: with `newRemote: 'stable'`
 * (the default) it is registered with this version as its stable (it has nothing else to serve); with `'files'` (the
 * command line: published is not live) only its files are published, and its first `rollout` registers it.
 * @param {{ site: string, remote: string, version: string, from: string, routes: Route[], reason?: string,
 *   mode?: 'strict' | 'local', built?: import('@skynet/contract').BuiltWith, newRemote?: 'stable' | 'files' }} options
 */
export async function publish({
  site,
  remote,
  version,
  from,
  routes,
  reason,
  mode = 'strict',
  built = readBuilt(from).built,
  newRemote = 'stable',
}) {
  const result = publishFiles({ site, remote, version, from, mode });
  const snapshot = await readRegistry(site);
  const registry = structuredClone(snapshot.registry);
  const before = registry.remotes[remote];
  if (before?.versions[result.version]) return { ...result, registry: snapshot.registry, registered: true };
  if (!before && newRemote === 'files') return { ...result, registry: snapshot.registry, registered: false };
  const entry = versionEntry(remote, result.version, result.files, routes, built);
  registry.remotes[remote] = before
    ? { ...before, versions: { ...before.versions, [result.version]: entry } }
    : { routes, stable: result.version, canary: null, versions: { [result.version]: entry } };
  const written = await commitRegistry(site, snapshot, registry, [
    {
      command: 'publish',
      remote,
      version: result.version,
      reason,
      from: placementLine(before),
      to: placementLine(registry.remotes[remote]),
    },
  ]);
  return { ...result, registry: written, registered: true };
}

/**
 * A remote's first rollout when it is not in the registry (new, or removed): registers it from its published folder
 * (/remotes/<remote>/<version>/: the files its integrity.json lists, the routes its routes.json carries, the kit and
 * contract its built.json names), with that version as its stable. Compare-and-swap, with a history line `rollout`.
 * @param {{ site: string, remote: string, version: string, reason?: string, expectRevision?: number }} options
 */
export async function registerPublished({ site, remote, version, reason, expectRevision }) {
  checkRemoteName(remote);
  checkVersion(version);
  const dir = join(site, 'remotes', remote, version);
  const index = join(dir, INTEGRITY_FILE);
  if (!existsSync(index)) {
    throw new OpsError(
      `${remote}@${version} is not published (no ${versionPath(remote, version)}${INTEGRITY_FILE}): publish it first`,
      'missing',
    );
  }
  /** @type {Record<string, string>} */
  const files = JSON.parse(readFileSync(index, 'utf8')).files ?? {};
  let routes;
  try {
    routes = readBuiltRoutes(dir);
  } catch (error) {
    if (error instanceof RouteTableError) throw new OpsError(error.message, 'missing');
    throw error;
  }
  const snapshot = await readRegistry(site);
  checkExpectedRevision(snapshot, expectRevision);
  if (snapshot.registry.remotes[remote]) {
    throw new OpsError(`${remote} was registered meanwhile; run the command again`, 'conflict');
  }
  const registry = structuredClone(snapshot.registry);
  const entry = versionEntry(remote, version, files, routes, readBuilt(dir).built);
  registry.remotes[remote] = { routes, stable: version, canary: null, versions: { [version]: entry } };
  const after = placementLine(registry.remotes[remote]);
  await commitRegistry(site, snapshot, registry, [
    { command: 'rollout', remote, version, reason, from: placementLine(undefined), to: after },
  ]);
  return { before: placementLine(undefined), after, registered: true };
}

/**
 * What the current shell provides: { name: version } of its shared singletons.
 * @param {string} site
 * @returns {Record<string, string>}
 */
export function shellProvides(site) {
  const file = join(site, SHELL_SHARED_FILE);
  if (!existsSync(file)) {
    throw new OpsError(
      `${file} is missing, so the shell's shared versions are unknown: publish the shell first (npm start)`,
      'missing',
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')).provides ?? {};
}

/**
 * Why this published version may not go live, or [] when it may: its files, its manifest's `./app`,
 * and every shared singleton's requiredVersion against what the shell provides.
 * @param {string} site @param {string} remote @param {string} version
 * @returns {Promise<{ problems: string[], warnings: string[] }>}
 */
export async function checkVersionCanServe(site, remote, version) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const warnings = [];
  const { registry } = await readRegistry(site);
  const entry = registry.remotes[remote];
  const dir = join(site, 'remotes', remote, version);
  // A remote not in the registry yet can go live from its published folder (its first rollout registers it).
  if (!entry && !existsSync(join(dir, INTEGRITY_FILE)))
    return { problems: [`${remote} is not in the registry: publish it first`], warnings };
  if (entry && (!entry.versions[version] || !existsSync(dir))) {
    const known = Object.keys(entry.versions).join(', ') || 'none';
    return { problems: [`${remote}@${version} is not published (published: ${known})`], warnings };
  }
  const manifestFile = join(dir, MANIFEST);
  if (!existsSync(manifestFile)) return { problems: [`${remote}@${version} has no ${MANIFEST}`], warnings };
  // The files on disk must still be the ones published (nobody edited a published version in place).
  const indexFile = join(dir, INTEGRITY_FILE);
  if (existsSync(indexFile)) {
    const published = JSON.parse(readFileSync(indexFile, 'utf8')).files;
    const difference = firstDifference(published, hashDir(dir, { ignore: [INTEGRITY_FILE] }));
    if (difference) problems.push(`${remote}@${version} was changed after it was published: ${difference}`);
  }
  /** @type {{ exposes?: Array<{ path?: string, name?: string }>, shared?: Array<{ name: string, singleton?: boolean, requiredVersion?: string | false }> }} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return { problems: [...problems, `${remote}@${version}: ${MANIFEST} is not valid JSON`], warnings };
  }
  const exposesApp = (manifest.exposes ?? []).some(
    (expose) => expose.path === './app' || expose.name === 'app' || expose.name === './app',
  );
  if (!exposesApp) problems.push(`${remote}@${version} does not expose ./app (the single-spa lifecycles)`);
  const provides = shellProvides(site);
  for (const shared of manifest.shared ?? []) {
    if (!shared.singleton || !shared.requiredVersion) continue;
    const provided = provides[shared.name];
    if (!provided) {
      warnings.push(`${shared.name}: the shell does not provide it; ${remote} will use its own copy`);
      continue;
    }
    if (!semver.satisfies(provided, shared.requiredVersion)) {
      problems.push(
        `needs ${shared.name} ${shared.requiredVersion} but the shell provides ${provided} (a singleton: one copy per page)`,
      );
    }
  }
  return { problems, warnings };
}
