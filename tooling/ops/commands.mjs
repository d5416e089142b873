// The ops commands on a site folder: publish, rollout, promote, rollback, status, route. See docs/operations.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { activeCanary, findRoute, parseRegistry, resolvePath } from '@skynet/contract';
import semver from 'semver';
import { copyAsOne, firstDifference, hashDir, INTEGRITY_FILE, shortHash } from './files.mjs';
import { commitRegistry, OpsError, readHistory, readRegistry, stableStack } from './registry-store.mjs';

/** @typedef {import('./registry-store.mjs').Registry} Registry */
/** @typedef {import('./registry-store.mjs').RemoteEntry} RemoteEntry */
/** @typedef {import('./registry-store.mjs').Route} Route */
/** @typedef {import('./registry-store.mjs').Placement} Placement */

/** Written by publishSite beside the shell: the versions of the shared singletons the shell provides. */
export const SHELL_SHARED_FILE = 'shell-shared.json';
export const MANIFEST = 'mf-manifest.json';
const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;

/** The URL path of a version's folder. */
export const versionPath = (/** @type {string} */ remote, /** @type {string} */ version) =>
  `/remotes/${remote}/${version}/`;

/** @param {RemoteEntry | undefined} entry @returns {Placement} */
const placement = (entry) => ({ stable: entry?.stable ?? null, canary: entry?.canary ?? null });

/** @param {string} remote */
function checkRemoteName(remote) {
  if (!remote || !REMOTE_NAME.test(remote))
    throw new OpsError(`"${remote ?? ''}" is not a remote name`, 'usage');
}

/** @param {string} version */
function checkVersion(version) {
  if (!semver.valid(version))
    throw new OpsError(`"${version}" is not a semver version (like 1.2.3)`, 'usage');
}

/**
 * The registry's record of a published version: its manifest URL and the integrity of the two files the shell
 * fetches itself (the manifest and remoteEntry.js). The full list is in the version's integrity.json.
 * @param {string} remote @param {string} version @param {Record<string, string>} files @param {Route[]} routes
 */
function versionEntry(remote, version, files, routes) {
  /** @type {Record<string, string>} */
  const integrity = {};
  for (const name of [MANIFEST, 'remoteEntry.js']) if (files[name]) integrity[name] = files[name];
  return {
    manifest: `${versionPath(remote, version)}${MANIFEST}`,
    integrity,
    publishedAt: new Date().toISOString(),
    routes,
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
 * `ops publish <remote>`: publishFiles + record the version in the registry. A remote new to the registry
 * gets this version as stable (it has nothing else to serve); otherwise stable does not move.
 * @param {{ site: string, remote: string, version: string, from: string, routes: Route[], reason?: string,
 *   mode?: 'strict' | 'local' }} options
 */
export function publish({ site, remote, version, from, routes, reason, mode = 'strict' }) {
  const result = publishFiles({ site, remote, version, from, mode });
  const snapshot = readRegistry(site);
  const registry = structuredClone(snapshot.registry);
  const before = registry.remotes[remote];
  if (before?.versions[result.version]) return { ...result, registry: snapshot.registry };
  const entry = versionEntry(remote, result.version, result.files, routes);
  registry.remotes[remote] = before
    ? { ...before, versions: { ...before.versions, [result.version]: entry } }
    : { routes, stable: result.version, canary: null, versions: { [result.version]: entry } };
  const written = commitRegistry(site, snapshot, registry, [
    {
      command: 'publish',
      remote,
      version: result.version,
      reason,
      from: placement(before),
      to: placement(registry.remotes[remote]),
    },
  ]);
  return { ...result, registry: written };
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
 * @returns {{ problems: string[], warnings: string[] }}
 */
export function checkVersionCanServe(site, remote, version) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const warnings = [];
  const { registry } = readRegistry(site);
  const entry = registry.remotes[remote];
  const dir = join(site, 'remotes', remote, version);
  if (!entry) return { problems: [`${remote} is not in the registry: publish it first`], warnings };
  if (!entry.versions[version] || !existsSync(dir)) {
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

/** @param {string} site @param {string} remote @param {string} version */
function assertCanServe(site, remote, version) {
  const { problems, warnings } = checkVersionCanServe(site, remote, version);
  if (problems.length > 0) {
    throw new OpsError(`refused: ${remote}@${version} cannot go live:\n  - ${problems.join('\n  - ')}`);
  }
  return warnings;
}

/**
 * Applies one change to one remote's placement as a compare-and-swap commit with a history line.
 * @param {{ site: string, remote: string, command: string, reason?: string, expectRevision?: number,
 *   change: (entry: RemoteEntry, snapshot: import('./registry-store.mjs').Snapshot) => RemoteEntry,
 *   extra?: Record<string, unknown> }} options
 */
function changeRemote({ site, remote, command, reason, expectRevision, change, extra = {} }) {
  checkRemoteName(remote);
  const snapshot = readRegistry(site);
  if (expectRevision !== undefined && expectRevision !== snapshot.revision) {
    throw new OpsError(
      `the registry is at revision ${snapshot.revision}, not ${expectRevision}: it changed since you looked`,
      'conflict',
    );
  }
  const before = snapshot.registry.remotes[remote];
  if (!before) throw new OpsError(`${remote} is not in the registry`, 'missing');
  const after = change(structuredClone(before), snapshot);
  const registry = structuredClone(snapshot.registry);
  registry.remotes[remote] = after;
  const written = commitRegistry(site, snapshot, registry, [
    { command, remote, reason, ...extra, from: placement(before), to: placement(after) },
  ]);
  return { before: placement(before), after: placement(after), registry: written };
}

/** Routes follow the stable version (a version records the routes it was built with). */
const routesOf = (/** @type {RemoteEntry} */ entry, /** @type {string} */ version) =>
  entry.versions[version]?.routes ?? entry.routes;

/**
 * `ops rollout <remote> <version> [--percent N]`: stable for everyone, or a sticky canary for N% of people
 * (100% is a canary for everyone: stable stays as the fallback). Rolling out the current stable drops the canary.
 * @param {{ site: string, remote: string, version: string, percent?: number, reason?: string, expectRevision?: number }} options
 */
export function rollout({ site, remote, version, percent, reason, expectRevision }) {
  checkRemoteName(remote);
  if (!version) throw new OpsError('usage: rollout <remote> <version> [--percent N]', 'usage');
  if (percent !== undefined && (!Number.isFinite(percent) || percent <= 0 || percent > 100)) {
    throw new OpsError(`--percent must be a number above 0 and at most 100 (got ${percent})`, 'usage');
  }
  const warnings = assertCanServe(site, remote, version);
  const result = changeRemote({
    site,
    remote,
    reason,
    expectRevision,
    command: percent === undefined ? 'rollout' : 'canary',
    change(entry) {
      if (percent === undefined) {
        if (entry.stable === version && !entry.canary) {
          throw new OpsError(`${remote}@${version} is already stable with no canary: nothing to do`, 'noop');
        }
        return { ...entry, stable: version, routes: routesOf(entry, version), canary: null };
      }
      if (entry.stable === version) {
        throw new OpsError(
          `${remote}@${version} is already stable: a canary must be another version`,
          'usage',
        );
      }
      return { ...entry, canary: { version, percent } };
    },
  });
  return { ...result, warnings };
}

/** The promote gate's defaults: at most 5% of tries fail, over at least 20 tries. */
export const GATE_DEFAULTS = Object.freeze({ maxFailureRate: 0.05, minLoads: 20 });

/** @typedef {{ rows: Array<{ remote: string, version: string, type: string, count: number, last?: string }>, error?: string }} Summary */

/**
 * How a version did over the summary's window (24 h): `tries` page loads that tried it (loaded, or failed to load),
 * `failures` its load, mount and render failures, `rate` failures / tries (1 when it failed and never loaded).
 * @param {Summary} summary @param {string} remote @param {string} version
 */
export function versionHealth(summary, remote, version) {
  /** @param {string} type */
  const count = (type) =>
    summary.rows
      .filter((row) => row.remote === remote && row.version === version && row.type === type)
      .reduce((sum, row) => sum + row.count, 0);
  const loads = count('load');
  const loadFailures = count('load-failure');
  const failures = loadFailures + count('mount-failure') + count('render-failure');
  const tries = loads + loadFailures;
  const rate = tries > 0 ? Math.min(1, failures / tries) : failures > 0 ? 1 : 0;
  return { loads, tries, failures, rate };
}

const percentText = (/** @type {number} */ rate) => `${Math.round(rate * 1000) / 10}%`;

/**
 * Why a canary may not be promoted yet (null: it may): its failure rate is above `maxFailureRate`, or fewer than
 * `minLoads` page loads tried it, or its counts could not be read.
 * @param {Summary | undefined} summary @param {string} remote @param {string} version
 * @param {{ maxFailureRate?: number, minLoads?: number }} [gate]
 */
export function promoteRefusal(summary, remote, version, gate = {}) {
  const { maxFailureRate, minLoads } = { ...GATE_DEFAULTS, ...gate };
  if (!summary || summary.error) {
    return `cannot tell how ${remote}@${version} is doing: ${summary?.error ?? 'no failure counts'}`;
  }
  const health = versionHealth(summary, remote, version);
  if (health.rate > maxFailureRate) {
    return `${remote}@${version} fails too often: ${health.failures} failures in ${health.tries} page loads (${percentText(health.rate)}, at most ${percentText(maxFailureRate)} allowed)`;
  }
  if (health.tries < minLoads) {
    return `${remote}@${version} has too small a sample: ${health.tries} page loads tried it, ${minLoads} needed`;
  }
  return null;
}

/** @param {{ maxFailureRate?: number, minLoads?: number }} gate */
function checkGate(gate) {
  const { maxFailureRate, minLoads } = { ...GATE_DEFAULTS, ...gate };
  if (!Number.isFinite(maxFailureRate) || maxFailureRate < 0 || maxFailureRate > 1) {
    throw new OpsError('--max-failure-rate must be a percentage from 0 to 100', 'usage');
  }
  if (!Number.isInteger(minLoads) || minLoads < 0) {
    throw new OpsError('--min-loads must be a whole number, 0 or more', 'usage');
  }
}

/**
 * `ops promote <remote>`: the canary becomes stable for everyone, once its failure counts (`summary`, from the
 * API's platform events) show it healthy: see promoteRefusal. `force` (with a `reason`, kept in the history with
 * what the gate said) promotes anyway.
 * @param {{ site: string, remote: string, reason?: string, expectRevision?: number, summary?: Summary,
 *   force?: boolean, gate?: { maxFailureRate?: number, minLoads?: number } }} options
 */
export function promote({ site, remote, reason, expectRevision, summary, force = false, gate = {} }) {
  checkRemoteName(remote);
  checkGate(gate);
  const canary = readRegistry(site).registry.remotes[remote]?.canary;
  if (!canary) throw new OpsError(`${remote} has no canary to promote`, 'missing');
  const refusal = promoteRefusal(summary, remote, canary.version, gate);
  if (refusal && !force) {
    throw new OpsError(
      `not promoting ${remote}@${canary.version}: ${refusal}. Watch \`status\`, or --force --reason "…" to promote anyway`,
      'gated',
    );
  }
  if (force && !reason?.trim()) {
    throw new OpsError('--force needs a --reason "…" (kept in the registry history)', 'usage');
  }
  const warnings = assertCanServe(site, remote, canary.version);
  if (refusal) warnings.push(`promoted despite: ${refusal}`);
  const result = changeRemote({
    site,
    remote,
    reason,
    expectRevision,
    command: 'promote',
    extra: force ? { forced: true, gate: refusal ?? 'passed' } : {},
    change(entry) {
      if (entry.canary?.version !== canary.version) {
        throw new OpsError(`${remote}'s canary changed meanwhile; run the command again`, 'conflict');
      }
      return { ...entry, stable: canary.version, routes: routesOf(entry, canary.version), canary: null };
    },
  });
  return { ...result, warnings, refusal };
}

/**
 * `ops canary-guard [<remote>]`: drops the canary of each named remote (every remote with a canary when none is
 * named) whose failure rate is above `maxFailureRate` over at least `minLoads` page loads; everyone is back on
 * stable at their next page load. The history line (command `canary-guard`) says why; `status` shows it. Meant to
 * run every minute or so (cron, CI). Does nothing when the counts cannot be read.
 * @param {{ site: string, remote?: string, summary: Summary, gate?: { maxFailureRate?: number, minLoads?: number } }} options
 */
export function canaryGuard({ site, remote, summary, gate = {} }) {
  checkGate(gate);
  if (remote) checkRemoteName(remote);
  const { maxFailureRate, minLoads } = { ...GATE_DEFAULTS, ...gate };
  const { registry } = readRegistry(site);
  if (remote && !registry.remotes[remote]) throw new OpsError(`${remote} is not in the registry`, 'missing');
  if (summary.error) throw new OpsError(`cannot read the failure counts: ${summary.error}`, 'unavailable');
  /** @type {Array<{ remote: string, version: string, action: 'dropped' | 'kept', why: string }>} */
  const results = [];
  for (const [name, entry] of Object.entries(registry.remotes)) {
    if ((remote && name !== remote) || !entry.canary) continue;
    const version = entry.canary.version;
    const health = versionHealth(summary, name, version);
    const rate = `${percentText(health.rate)}: ${health.failures} failures in ${health.tries} page loads`;
    if (health.rate <= maxFailureRate || health.tries < minLoads) {
      const why =
        health.rate > maxFailureRate
          ? `failure rate ${rate}, but fewer than ${minLoads} page loads`
          : `failure rate ${rate}, at most ${percentText(maxFailureRate)} allowed`;
      results.push({ remote: name, version, action: 'kept', why });
      continue;
    }
    const why = `failure rate ${rate}, above ${percentText(maxFailureRate)}`;
    changeRemote({
      site,
      remote: name,
      reason: `canary-guard: ${why}`,
      command: 'canary-guard',
      extra: { version },
      change(current) {
        if (current.canary?.version !== version) {
          throw new OpsError(`${name}'s canary changed meanwhile; run the command again`, 'conflict');
        }
        return { ...current, canary: null };
      },
    });
    results.push({ remote: name, version, action: 'dropped', why });
  }
  return results;
}

/**
 * `ops rollback <remote>`: back to the stable before the current one (from the history), canary dropped.
 * @param {{ site: string, remote: string, reason?: string, expectRevision?: number }} options
 */
export function rollback({ site, remote, reason, expectRevision }) {
  checkRemoteName(remote);
  return changeRemote({
    site,
    remote,
    reason,
    expectRevision,
    command: 'rollback',
    change(entry) {
      const stack = stableStack(readHistory(site), remote);
      if (stack.at(-1) !== entry.stable) {
        // The registry was changed outside the ops commands: its stable is not what the history ends with.
        stack.push(entry.stable);
      }
      const target = stack.at(-2);
      if (!target) {
        throw new OpsError(
          `${remote} has no earlier stable version in the history to roll back to`,
          'missing',
        );
      }
      if (!entry.versions[target]) {
        throw new OpsError(
          `${remote}@${target} (the previous stable) is no longer in the registry`,
          'missing',
        );
      }
      return { ...entry, stable: target, routes: routesOf(entry, target), canary: null };
    },
  });
}

/**
 * Recent load failures per remote and version from the API (GET /api/platform/events/summary).
 * Never throws: answers { error } when the server cannot be asked.
 * @param {string} api base URL of the server, e.g. http://localhost:8080
 * @param {{ token?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ rows: Array<{ remote: string, version: string, type: string, count: number, last?: string }>, error?: string }>}
 */
export async function fetchSummary(api, { token, timeoutMs = 3000 } = {}) {
  try {
    const response = await fetch(`${api.replace(/\/$/, '')}/api/platform/events/summary`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { rows: [], error: `${api} answered ${response.status}` };
    const body = await response.json();
    return { rows: Array.isArray(body?.value) ? body.value : [] };
  } catch (error) {
    return { rows: [], error: `could not reach ${api} (${/** @type {Error} */ (error).message})` };
  }
}

/**
 * `ops status`: every remote's stable, canary and share, published versions, and failures per version.
 * @param {{ site: string, api?: string, token?: string, summary?: Awaited<ReturnType<typeof fetchSummary>>,
 *   gate?: { maxFailureRate?: number, minLoads?: number } }} options
 */
export async function status({ site, api = 'http://localhost:8080', token, summary, gate = {} }) {
  const { registry, revision } = readRegistry(site);
  const events = summary ?? (await fetchSummary(api, { token }));
  const history = readHistory(site);
  const remotes = Object.entries(registry.remotes).map(([name, entry]) => {
    const versions = Object.keys(entry.versions).map((version) => {
      const rows = events.rows.filter((row) => row.remote === name && row.version === version);
      /** @param {string} type */
      const count = (type) =>
        rows.filter((row) => row.type === type).reduce((sum, row) => sum + row.count, 0);
      const lastFailure = rows
        .filter((row) => row.type !== 'load' && row.last)
        .map((row) => /** @type {string} */ (row.last))
        .sort()
        .at(-1);
      return {
        version,
        role: version === entry.stable ? 'stable' : version === entry.canary?.version ? 'canary' : '',
        publishedAt: entry.versions[version]?.publishedAt ?? null,
        loads: count('load'),
        loadFailures: count('load-failure'),
        mountFailures: count('mount-failure'),
        renderFailures: count('render-failure'),
        failureRate: versionHealth(events, name, version).rate,
        lastFailure: lastFailure ?? null,
      };
    });
    // Would `promote` go ahead now? (null: yes; else why not.)
    const promoteBlocked = entry.canary ? promoteRefusal(events, name, entry.canary.version, gate) : null;
    // The canary guard's last word on this remote, when it is the last change to it.
    const last = history.filter((line) => line.remote === name).at(-1);
    const guard =
      last?.command === 'canary-guard'
        ? {
            at: last.at,
            version: last.version ?? last.from?.canary?.version ?? null,
            reason: last.reason ?? '',
          }
        : null;
    return {
      remote: name,
      stable: entry.stable,
      canary: entry.canary ?? null,
      versions,
      promoteBlocked,
      guard,
    };
  });
  return { revision, updatedAt: registry.updatedAt ?? null, remotes, eventsError: events.error ?? null };
}

/** @param {Awaited<ReturnType<typeof status>>} report */
export function formatStatus(report) {
  const lines = [
    `registry revision ${report.revision}${report.updatedAt ? `, changed ${report.updatedAt}` : ''}`,
  ];
  if (report.eventsError) lines.push(`(failure counts unavailable: ${report.eventsError})`);
  for (const remote of report.remotes) {
    const canary = remote.canary
      ? `, canary ${remote.canary.version} for ${remote.canary.percent}%`
      : ', no canary';
    lines.push('', `${remote.remote}: stable ${remote.stable}${canary}`);
    if (remote.canary && !report.eventsError) {
      lines.push(`  promote: ${remote.promoteBlocked ? `blocked (${remote.promoteBlocked})` : 'ready'}`);
    }
    if (remote.guard) {
      lines.push(
        `  canary ${remote.guard.version} dropped by canary-guard at ${remote.guard.at} (${remote.guard.reason})`,
      );
    }
    for (const version of remote.versions) {
      const counts = report.eventsError
        ? ''
        : `  loads ${version.loads}, load failures ${version.loadFailures}, mount failures ${version.mountFailures}, render failures ${version.renderFailures}` +
          (version.lastFailure ? ` (last ${version.lastFailure})` : '');
      lines.push(`  ${version.role.padEnd(6)} ${version.version.padEnd(24)}${counts}`.trimEnd());
    }
  }
  return lines.join('\n');
}

/**
 * `ops route <path> [--signed-out]`: which remote shows a path, on which route pattern, and which versions
 * people get there (stable, and the canary with its share). The same answer as the shell and the API server's
 * head start, from @skynet/contract's one matcher.
 * @param {{ site: string, path: string, signedIn?: boolean }} options
 */
export function route({ site, path, signedIn = true }) {
  if (!path?.startsWith('/'))
    throw new OpsError('usage: route <path starting with /> [--signed-out]', 'usage');
  const pathname = path.split(/[?#]/)[0] ?? path;
  const { registry } = parseRegistry(readRegistry(site).registry);
  if (Object.keys(registry.remotes).length === 0)
    throw new OpsError(`${site} has no registry (remotes.json) with remotes: publish first`, 'missing');
  const status = signedIn ? 'signed-in' : 'signed-out';
  const found = findRoute(registry, pathname, status);
  const resolution = resolvePath(registry, pathname, status);
  if (!found) return { path: pathname, status, resolution: resolution.kind, remote: null };
  const entry = registry.remotes[found.remote];
  return {
    path: pathname,
    status,
    resolution: resolution.kind,
    remote: found.remote,
    pattern: found.route.path,
    access: found.route.access,
    params: found.params,
    stable: entry?.stable ?? null,
    canary: entry ? activeCanary(entry) : null,
  };
}

/** @param {ReturnType<typeof route>} answer */
export function formatRoute(answer) {
  if (!answer.remote) {
    const why = {
      'needs-sign-in': 'only for signed-in people: a signed-out visitor is sent to /login',
      'needs-sign-out': 'only for signed-out visitors: a signed-in person is sent on',
      unknown: 'no remote owns it (the shell shows its own auth screens there, else the 404 page)',
    };
    return `${answer.path} (${answer.status}): ${why[/** @type {keyof typeof why} */ (answer.resolution)] ?? answer.resolution}`;
  }
  const canary = answer.canary ? `, canary ${answer.canary.version} for ${answer.canary.percent}%` : '';
  return `${answer.path} (${answer.status}): ${answer.remote}, route ${answer.pattern} (${answer.access}), stable ${answer.stable}${canary}`;
}
