// Placement: which version of a remote people get. rollout (stable, or a sticky canary for a share of people),
// promote (behind the failure-rate gate), canary-guard, rollback; each one compare-and-swap commit with its history
// line. See docs/operations.md.
import { parsePolicy, policyOf } from '@skynet/contract';
import { changePlacement, endCanaryEntry, pauseEntry, promoteEntry } from '@skynet/site/registry';
import { checkRemoteName, checkVersionCanServe, registerPublished } from './publishing.mjs';
import {
  checkExpectedRevision,
  OpsError,
  placementLine,
  readHistory,
  readRegistry,
  registryStore,
  routesOf,
  stableStack,
} from './registry-store.mjs';

/** @typedef {import('./registry-store.mjs').RemoteEntry} RemoteEntry */

/** @param {string} site @param {string} remote @param {string} version */
async function assertCanServe(site, remote, version) {
  const { problems, warnings } = await checkVersionCanServe(site, remote, version);
  if (problems.length > 0) {
    throw new OpsError(`refused: ${remote}@${version} cannot go live:\n  - ${problems.join('\n  - ')}`);
  }
  return warnings;
}

/**
 * Applies one change to one remote's placement as a compare-and-swap commit with a history line: @skynet/site's
 * changePlacement, the code the API's release console and analysis job commit with too.
 * @param {{ site: string, remote: string, command: string, reason?: string, expectRevision?: number,
 *   change: (entry: RemoteEntry, snapshot: import('./registry-store.mjs').Snapshot) => RemoteEntry | Promise<RemoteEntry>,
 *   extra?: Record<string, unknown> }} options
 */
export async function changeRemote({ site, remote, command, reason, expectRevision, change, extra = {} }) {
  checkRemoteName(remote);
  const result = await changePlacement(registryStore(site), {
    remote,
    command,
    reason,
    extra,
    change,
    ...(expectRevision === undefined ? {} : { expectRevision }),
  });
  return { before: result.before, after: result.after, entry: result.entry, revision: result.revision };
}

/**
 * `ops rollout <remote> <version> [--percent N]`: stable for everyone, or a sticky canary for N% of people
 * (100% is a canary for everyone: stable stays as the fallback). Rolling out the current stable drops the canary.
 * `--percent` starts the canary's step now (`canary.since`). A remote not in the registry is registered (stable).
 * @param {{ site: string, remote: string, version: string, percent?: number, reason?: string, expectRevision?: number,
 *   now?: Date }} options
 */
export async function rollout({ site, remote, version, percent, reason, expectRevision, now = new Date() }) {
  checkRemoteName(remote);
  if (!version) throw new OpsError('usage: rollout <remote> <version> [--percent N]', 'usage');
  if (percent !== undefined && (!Number.isFinite(percent) || percent <= 0 || percent > 100)) {
    throw new OpsError(`--percent must be a number above 0 and at most 100 (got ${percent})`, 'usage');
  }
  // A remote not in the registry (one `remove`d, or published as files only) is registered by its first rollout, with
  // the routes its published build carries: stable for everyone (there is no stable to fall back to yet).
  if (!(await readRegistry(site)).registry.remotes[remote]) {
    if (percent !== undefined) {
      throw new OpsError(
        `${remote} is not in the registry: its first rollout makes a version its stable for everyone (a canary ` +
          `needs a stable to fall back to). Run \`rollout ${remote} ${version}\` without --percent, then canary its next version`,
        'refused',
      );
    }
    const warnings = await assertCanServe(site, remote, version);
    const registered = await registerPublished({ site, remote, version, reason, expectRevision });
    return { ...registered, warnings };
  }
  const warnings = await assertCanServe(site, remote, version);
  const result = await changeRemote({
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
      // The step starts now: the release policy's bake time counts from `since` (a new share is a new step).
      return { ...entry, canary: { version, percent, since: now.toISOString() } };
    },
  });
  return { ...result, warnings };
}

/** The promote gate's defaults: at most 5% of tries fail, over at least 20 tries. */
export const GATE_DEFAULTS = Object.freeze({ maxFailureRate: 0.05, minLoads: 20 });

/**
 * The counts of GET /api/platform/events/summary, and the registry the server counts for (`product`, `revision`).
 * @typedef {{ rows: Array<{ remote: string, version: string, type: string, count: number, last?: string }>,
 *   error?: string, registry?: { product: string | null, revision: number | null } | null }} Summary
 */

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
  // A module that throws while it evaluates never loaded either (issue 33: named for what broke).
  const evaluateFailures = count('evaluate-failure');
  const failures = loadFailures + evaluateFailures + count('mount-failure') + count('render-failure');
  const tries = loads + loadFailures + evaluateFailures;
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
export async function promote({ site, remote, reason, expectRevision, summary, force = false, gate = {} }) {
  checkRemoteName(remote);
  checkGate(gate);
  const canary = (await readRegistry(site)).registry.remotes[remote]?.canary;
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
  const warnings = await assertCanServe(site, remote, canary.version);
  if (refusal) warnings.push(`promoted despite: ${refusal}`);
  const result = await changeRemote({
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
      return promoteEntry(remote, entry, canary.version);
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
export async function canaryGuard({ site, remote, summary, gate = {} }) {
  checkGate(gate);
  if (remote) checkRemoteName(remote);
  const { maxFailureRate, minLoads } = { ...GATE_DEFAULTS, ...gate };
  const { registry } = await readRegistry(site);
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
    await changeRemote({
      site,
      remote: name,
      reason: `canary-guard: ${why}`,
      command: 'canary-guard',
      extra: { version },
      change(current) {
        if (current.canary?.version !== version) {
          throw new OpsError(`${name}'s canary changed meanwhile; run the command again`, 'conflict');
        }
        return endCanaryEntry(name, current, version);
      },
    });
    results.push({ remote: name, version, action: 'dropped', why });
  }
  return results;
}

/**
 * `ops rollback <remote>`: back to the stable before the current one (from the history), canary dropped; with a
 * canary and no earlier stable, the canary alone is dropped (rollback always ends a canary). Unlike @skynet/site's
 * rollbackEntry (the console's and the analysis job's: during a canary the canary ends and stable stays), ops goes
 * back to the earlier stable during a canary too, as it always has: the person rolling back asked for the previous
 * release. Both read the same stableStack.
 * @param {{ site: string, remote: string, reason?: string, expectRevision?: number }} options
 */
export async function rollback({ site, remote, reason, expectRevision }) {
  checkRemoteName(remote);
  return changeRemote({
    site,
    remote,
    reason,
    expectRevision,
    command: 'rollback',
    async change(entry) {
      const stack = stableStack(await readHistory(site), remote);
      if (stack.at(-1) !== entry.stable) {
        // The registry was changed outside the ops commands: its stable is not what the history ends with.
        stack.push(entry.stable);
      }
      const target = stack.at(-2);
      // During a canary, rollback always ends it (issue 33): with no earlier stable to go back to, the stable stays
      // and only the canary goes, instead of leaving it serving its share while ops looks for another way out.
      if (!target && entry.canary) return endCanaryEntry(remote, entry);
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
 * `ops pause <remote>` / `ops resume <remote>`: holds the canary where it is (the release analysis job neither widens
 * nor promotes a paused canary; it still rolls back a failing one), or lets it go on. @skynet/site's pauseEntry, as
 * the release console's pause.
 * @param {{ site: string, remote: string, paused: boolean, reason?: string, expectRevision?: number }} options
 */
export async function pause({ site, remote, paused, reason, expectRevision }) {
  return changeRemote({
    site,
    remote,
    reason,
    expectRevision,
    command: paused ? 'pause' : 'resume',
    change(entry) {
      if (entry.canary && Boolean(entry.canary.paused) === paused) {
        throw new OpsError(
          `${remote}'s canary ${entry.canary.version} is ${paused ? 'already paused' : 'not paused'}: nothing to do`,
          'noop',
        );
      }
      return pauseEntry(remote, entry, paused);
    },
  });
}

/**
 * `ops policy <remote> [--auto|--manual] [--steps 5,25,50,100] [--bake-minutes N] [--min-samples N]`: how the release
 * analysis job moves the remote's canaries (registry.md, "policy"). The options change the current policy (the
 * default when it has none); the result must be one @skynet/contract's parsePolicy keeps as it is, else it is refused.
 * With no change it answers the current policy and writes nothing.
 * @param {{ site: string, remote: string, change: Partial<import('@skynet/contract').ReleasePolicy>, reason?: string,
 *   expectRevision?: number }} options
 */
export async function setPolicy({ site, remote, change, reason, expectRevision }) {
  checkRemoteName(remote);
  const entry = (await readRegistry(site)).registry.remotes[remote];
  if (!entry) throw new OpsError(`${remote} is not in the registry`, 'missing');
  const current = policyOf(entry);
  if (Object.keys(change).length === 0) return { policy: current, changed: false };
  const wanted = { ...current, ...change };
  const parsed = parsePolicy(wanted);
  if (!parsed || JSON.stringify(parsed) !== JSON.stringify(wanted)) {
    throw new OpsError(
      `not a release policy: ${JSON.stringify(wanted)} (steps: rising percentages above 0 and at most 100; ` +
        '--bake-minutes: a whole number, 0 or more; --min-samples: a whole number, 1 or more)',
      'usage',
    );
  }
  const result = await changeRemote({
    site,
    remote,
    reason,
    expectRevision,
    command: 'policy',
    extra: { policy: parsed, was: current },
    change: (latest) => ({ ...latest, policy: parsed }),
  });
  return { ...result, policy: parsed, changed: true };
}

/**
 * `ops remove <remote> --reason "…"`: takes a remote out of the registry (its routes go: the 404 page, or the shell's
 * own screens, answer there), with a history line. Refused while it has a canary unless `force`. Its published files
 * stay in /remotes/<remote>/: `rollout <remote> <version>` registers it again.
 * @param {{ site: string, remote: string, reason?: string, force?: boolean, expectRevision?: number }} options
 */
export async function remove({ site, remote, reason, force = false, expectRevision }) {
  checkRemoteName(remote);
  const store = registryStore(site);
  const snapshot = await store.read();
  checkExpectedRevision(snapshot, expectRevision);
  const before = snapshot.registry.remotes[remote];
  if (!before) throw new OpsError(`${remote} is not in the registry`, 'missing');
  if (before.canary && !force) {
    throw new OpsError(
      `${remote} has a canary (${before.canary.version} for ${before.canary.percent}%): end it first ` +
        `(\`rollback ${remote}\`), or --force to remove the remote anyway`,
      'refused',
    );
  }
  const registry = structuredClone(snapshot.registry);
  delete registry.remotes[remote];
  await store.commit(snapshot, registry, [
    {
      command: 'remove',
      remote,
      reason,
      ...(force && before.canary ? { forced: true } : {}),
      from: placementLine(before),
      to: { stable: null, canary: null },
    },
  ]);
  return { before: placementLine(before), versions: Object.keys(before.versions) };
}
