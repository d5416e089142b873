// Reporting: what the registry and the failure counts say. status (per remote: stable, canary, versions and their
// failures, whether promote would go ahead) and route (which remote shows a path, to whom). See docs/operations.md.
import { activeCanary, findRoute, policyOf, resolvePath } from '@skynet/contract';
import { promoteRefusal, versionHealth } from './placement.mjs';
import { OpsError, readHistory, readRegistry, registryStore } from './registry-store.mjs';

/** @typedef {import('./placement.mjs').Summary} Counts */

/**
 * Recent load failures per remote and version from the API (GET /api/platform/events/summary, for administrators:
 * `token` is an administrator's), with the registry the server counts for (`registry: { product, revision }`).
 * Never throws: answers { error } when the server cannot be asked or refuses the token.
 * @param {string} api base URL of the server, e.g. http://localhost:8080
 * @param {{ token?: string, timeoutMs?: number }} [options]
 * @returns {Promise<Counts>}
 */
export async function fetchSummary(api, { token, timeoutMs = 3000 } = {}) {
  try {
    const response = await fetch(`${api.replace(/\/$/, '')}/api/platform/events/summary`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401 || response.status === 403) {
      return {
        rows: [],
        error: `${api} answered ${response.status}: ${
          response.status === 401 && !token
            ? 'the counts are for administrators and no token was given'
            : response.status === 401
              ? 'the token was refused (expired, or not a token of this server)'
              : "the token is not an administrator's"
        }; pass --token <an administrator's token> or set SKYNET_OPS_TOKEN (docs/operations.md, "An administrator's token")`,
      };
    }
    if (!response.ok) return { rows: [], error: `${api} answered ${response.status}` };
    const body = await response.json();
    const registry = body?.registry;
    return {
      rows: Array.isArray(body?.value) ? body.value : [],
      registry:
        registry && typeof registry === 'object'
          ? {
              product: typeof registry.product === 'string' ? registry.product : null,
              revision: typeof registry.revision === 'number' ? registry.revision : null,
            }
          : null,
    };
  } catch (error) {
    return { rows: [], error: `could not reach ${api} (${/** @type {Error} */ (error).message})` };
  }
}

/**
 * Refuses (exit 1) to pair a registry with another product's counts (issue 33): the server's `registry.product` must
 * be the product of the registry ops read; when either has no product yet, the server's revision must be ops'
 * revision. A summary that could not be read pairs nothing (its error says why); one that does not say which
 * registry it counts for cannot be paired either, and is answered as counts unavailable.
 * @param {Counts} summary
 * @param {{ product?: string, revision: number, where: string }} ours the registry ops read
 * @param {string} api
 * @returns {Counts}
 */
export function pairedSummary(summary, ours, api) {
  if (summary.error) return summary;
  const theirs = summary.registry;
  const name = (/** @type {{ product?: string | null, revision: number | null }} */ r) =>
    `product ${r.product ?? '(none yet)'}, revision ${r.revision ?? '?'}`;
  if (!theirs) {
    return {
      rows: [],
      error: `${api} does not say which registry its counts are for (a server from before issue 33?): not paired with ${ours.where}`,
    };
  }
  const same =
    ours.product && theirs.product ? ours.product === theirs.product : theirs.revision === ours.revision;
  if (!same) {
    throw new OpsError(
      `refusing to mix two products: the registry read is ${ours.where} (${name(ours)}), but ${api} counts for ` +
        `${name(theirs)}. Point --api (or OPS_API) at the server of this registry, or --site / --database-url at ` +
        "that server's registry",
      'mismatch',
    );
  }
  return summary;
}

/**
 * The counts from `api` for the registry of `site`, read first: fetchSummary, then pairedSummary.
 * @param {string} site @param {string} api @param {{ token?: string }} [options]
 */
export async function fetchCounts(site, api, { token } = {}) {
  const store = registryStore(site);
  const snapshot = await store.read();
  const summary = await fetchSummary(api, { token });
  return pairedSummary(
    summary,
    { product: snapshot.registry.product, revision: snapshot.revision, where: store.where },
    api,
  );
}

/**
 * `ops status`: every remote's stable, canary and share, published versions, and failures per version.
 * Counts fetched here are paired with the registry first (pairedSummary: another product's are refused).
 * @param {{ site: string, api?: string, token?: string, summary?: Counts,
 *   gate?: { maxFailureRate?: number, minLoads?: number } }} options
 */
export async function status({ site, api = 'http://localhost:8080', token, summary, gate = {} }) {
  const { registry, revision } = await readRegistry(site);
  const events = summary ?? (await fetchCounts(site, api, { token }));
  const history = await readHistory(site);
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
        built: entry.versions[version]?.built ?? null,
        loads: count('load'),
        loadFailures: count('load-failure'),
        evaluateFailures: count('evaluate-failure'),
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
      policy: entry.policy ? policyOf(entry) : null,
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
      ? `, canary ${remote.canary.version} for ${remote.canary.percent}%` +
        `${remote.canary.since ? ` since ${remote.canary.since}` : ''}${remote.canary.paused ? ', paused' : ''}`
      : ', no canary';
    lines.push('', `${remote.remote}: stable ${remote.stable}${canary}`);
    if (remote.policy) {
      const p = remote.policy;
      lines.push(
        `  policy: ${p.mode}, steps ${p.steps.join(', ')}%, bake ${p.bakeMinutes} min, at least ${p.minSamples} samples`,
      );
    }
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
        : `  loads ${version.loads}, load failures ${version.loadFailures}, evaluate failures ${version.evaluateFailures}, mount failures ${version.mountFailures}, render failures ${version.renderFailures}` +
          (version.lastFailure ? ` (last ${version.lastFailure})` : '');
      const built = version.built
        ? `  (built with kit ${version.built.kit ?? '?'}, contract ${version.built.contract ?? '?'})`
        : '';
      lines.push(`  ${version.role.padEnd(6)} ${version.version.padEnd(24)}${counts}${built}`.trimEnd());
    }
  }
  return lines.join('\n');
}

/**
 * `ops route <path> [--signed-out | --admin]`: which remote shows a path, on which route pattern, and which versions
 * people get there (stable, and the canary with its share). The same answer as the shell and the API server's
 * head start, from @skynet/contract's one matcher. `admin`: for a signed-in administrator (routes of access 'admin').
 * @param {{ site: string, path: string, signedIn?: boolean, admin?: boolean }} options
 */
export async function route({ site, path, signedIn = true, admin = false }) {
  if (!path?.startsWith('/'))
    throw new OpsError('usage: route <path starting with /> [--signed-out | --admin]', 'usage');
  if (admin && !signedIn)
    throw new OpsError('route: --admin is a signed-in administrator, not --signed-out', 'usage');
  const pathname = path.split(/[?#]/)[0] ?? path;
  const { registry } = await readRegistry(site);
  if (Object.keys(registry.remotes).length === 0)
    throw new OpsError(`${site} has no registry (remotes.json) with remotes: publish first`, 'missing');
  const status = signedIn ? 'signed-in' : 'signed-out';
  const found = findRoute(registry, pathname, status, admin);
  const resolution = resolvePath(registry, pathname, status, admin);
  if (!found) {
    // The 404 page for this person, but an administrator's area: say so, not "no remote owns it".
    const adminsOnly = !admin && findRoute(registry, pathname, 'signed-in', true) !== null;
    return {
      path: pathname,
      status,
      admin,
      resolution: adminsOnly ? 'admin-only' : resolution.kind,
      remote: null,
    };
  }
  const entry = registry.remotes[found.remote];
  return {
    path: pathname,
    status,
    admin,
    resolution: resolution.kind,
    remote: found.remote,
    pattern: found.route.path,
    access: found.route.access,
    params: found.params,
    stable: entry?.stable ?? null,
    canary: entry ? activeCanary(entry) : null,
  };
}

/** @param {{ status: string, admin?: boolean }} answer */
const who = (answer) => (answer.admin ? 'administrator' : answer.status);

/** @param {Awaited<ReturnType<typeof route>>} answer */
export function formatRoute(answer) {
  if (!answer.remote) {
    const why = {
      'needs-sign-in': 'only for signed-in people: a signed-out visitor is sent to /login',
      'needs-sign-out': 'only for signed-out visitors: a signed-in person is sent on',
      unknown: 'no remote owns it (the shell shows its own auth screens there, else the 404 page)',
      'admin-only':
        'only for administrators: anyone else gets the 404 page (--admin: what an administrator gets)',
    };
    return `${answer.path} (${who(answer)}): ${why[/** @type {keyof typeof why} */ (answer.resolution)] ?? answer.resolution}`;
  }
  const canary = answer.canary ? `, canary ${answer.canary.version} for ${answer.canary.percent}%` : '';
  return `${answer.path} (${who(answer)}): ${answer.remote}, route ${answer.pattern} (${answer.access}), stable ${answer.stable}${canary}`;
}
