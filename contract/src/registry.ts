// The registry (/remotes.json): what ops change to move one remote at a time, what the shell reads to route and
// load, and what the API server reads to give a page its head start. One schema, one parser (docs/registry.md).

/**
 * Who may see a route: anyone, only a signed-in person, only a signed-out visitor (the auth screens), or only a
 * signed-in administrator (`CurrentUser.admin`; everyone else gets the 404 page and never loads the area).
 */
export type Access = 'public' | 'signed-in' | 'signed-out' | 'admin';

export const ACCESS_LEVELS: readonly Access[] = ['public', 'signed-in', 'signed-out', 'admin'];

export interface RouteEntry {
  /** A react-router path pattern: '/feed', '/post/:id', '/about/*'. */
  path: string;
  access: Access;
  /**
   * GET calls (API paths, `:param`s from the route, `:me` for the visitor's own id) the route's first screen makes:
   * the server starts them from the page's HTML (its head start; `:me` is filled in by its inline script,
   * site/src/page-scripts/parts/own-id.ts). Declared in the owning remote's src/routes.ts.
   */
  early?: string[];
}

export interface VersionEntry {
  /** URL of the version's mf-manifest.json. */
  manifest: string;
  /** Subresource-integrity hashes recorded at publish time, by file name. */
  integrity?: Record<string, string>;
  /** The routes this version was built with (ops copy them to the remote when it becomes stable). */
  routes?: RouteEntry[];
  publishedAt?: string;
  /** What the version was built with (issue 33): the versions of @skynet/kit and @skynet/contract in its build. */
  built?: BuiltWith;
}

/** The shared packages a published build carried, recorded by `ops publish` from the build's package files. */
export interface BuiltWith {
  kit?: string;
  contract?: string;
}

export interface Canary {
  version: string;
  /** Share of visitors, 0-100. */
  percent: number;
  /** When the canary reached this share (the bake time of its policy step counts from here). */
  since?: string;
  /** Held by a person (`pause`): the analysis job neither advances nor promotes it (it still rolls back a failing one). */
  paused?: boolean;
}

/**
 * How the release analysis job (the API's `release-analysis` queue, docs/operations.md "Automatic canary analysis")
 * moves a remote's canary: `auto` widens it through `steps` (percent), each after `bakeMinutes` and `minSamples`
 * visitors on each side with no measure worse than stable, then promotes it; it rolls back a canary whose failures or
 * measures are worse. `manual`: the job analyses and rolls back a failing canary, and leaves widening and promoting to
 * people.
 */
export interface ReleasePolicy {
  mode: 'auto' | 'manual';
  steps: number[];
  bakeMinutes: number;
  minSamples: number;
}

export const DEFAULT_RELEASE_POLICY: ReleasePolicy = {
  mode: 'auto',
  steps: [5, 25, 50, 100],
  bakeMinutes: 10,
  minSamples: 30,
};

/** A canary's share as the registry may hold it: a number from 0 to 100 (0: nobody gets the canary). */
export const isCanaryShare = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

export interface RemoteEntry {
  routes: RouteEntry[];
  stable: string;
  canary?: Canary | null;
  versions: Record<string, VersionEntry>;
  /** As written in the registry: read it through policyOf (absent or not valid: DEFAULT_RELEASE_POLICY). */
  policy?: ReleasePolicy;
}

export interface Registry {
  schemaVersion: 1;
  /**
   * A random id given to a product's registry when it is first written: the counts a server reports name it, so ops
   * never pairs one product's registry with another product's counts.
   */
  product?: string;
  /** Bumped by every ops change (compare-and-swap). */
  revision?: number;
  updatedAt?: string;
  remotes: Record<string, RemoteEntry>;
}

/** The registry's URL path on the site's origin, and the runtime config's. */
export const REGISTRY_PATH = '/remotes.json';
export const CONFIG_PATH = '/config.json';

export interface ParsedRegistry {
  registry: Registry;
  /** One line per entry that was left out, and why: a bad entry breaks only its own area. */
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAccess = (value: unknown): value is Access => ACCESS_LEVELS.includes(value as Access);

function parseRoute(raw: unknown): RouteEntry | null {
  if (!isObject(raw) || typeof raw.path !== 'string' || !raw.path.startsWith('/')) return null;
  if (!isAccess(raw.access)) return null;
  const early = Array.isArray(raw.early)
    ? raw.early.filter((call): call is string => typeof call === 'string')
    : [];
  return { path: raw.path, access: raw.access, ...(early.length > 0 ? { early } : {}) };
}

function parseVersion(raw: unknown): VersionEntry | null {
  if (!isObject(raw) || typeof raw.manifest !== 'string') return null;
  const integrity = isObject(raw.integrity)
    ? Object.fromEntries(
        Object.entries(raw.integrity).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      )
    : undefined;
  const routes = Array.isArray(raw.routes) ? raw.routes.map(parseRoute) : undefined;
  return {
    manifest: raw.manifest,
    ...(integrity ? { integrity } : {}),
    ...(typeof raw.publishedAt === 'string' ? { publishedAt: raw.publishedAt } : {}),
    ...(routes?.every((route) => route !== null) ? { routes: routes as RouteEntry[] } : {}),
    // Kept as written: only ops and the API read it (BuiltWith's fields are checked where they are shown).
    ...(isObject(raw.built) ? { built: raw.built as BuiltWith } : {}),
  };
}

const isStep = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 100;

/** A remote's release policy, or null when it is not a valid one (then the default applies). */
export function parsePolicy(raw: unknown): ReleasePolicy | null {
  if (!isObject(raw)) return null;
  if (raw.mode !== 'auto' && raw.mode !== 'manual') return null;
  const steps = Array.isArray(raw.steps) ? raw.steps : DEFAULT_RELEASE_POLICY.steps;
  if (steps.length === 0 || !steps.every(isStep)) return null;
  if (steps.some((step, i) => i > 0 && step <= (steps[i - 1] as number))) return null;
  const count = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
  return {
    mode: raw.mode,
    steps: steps as number[],
    bakeMinutes: count(raw.bakeMinutes, DEFAULT_RELEASE_POLICY.bakeMinutes),
    minSamples: Math.max(1, count(raw.minSamples, DEFAULT_RELEASE_POLICY.minSamples)),
  };
}

/** The policy the release analysis follows for a remote: its own when valid (parsePolicy), else the default. */
export const policyOf = (entry: Pick<RemoteEntry, 'policy'>): ReleasePolicy =>
  parsePolicy(entry.policy) ?? DEFAULT_RELEASE_POLICY;

function parseRemote(name: string, raw: unknown): { entry?: RemoteEntry; problem?: string } {
  if (!isObject(raw)) return { problem: `${name}: not an object` };
  if (!Array.isArray(raw.routes)) return { problem: `${name}: routes must be a list` };
  const routes = raw.routes.map(parseRoute);
  if (routes.some((route) => route === null))
    return { problem: `${name}: every route needs a path and an access` };
  if (typeof raw.stable !== 'string') return { problem: `${name}: stable must name a version` };
  if (!isObject(raw.versions)) return { problem: `${name}: versions must be an object` };
  const versions: Record<string, VersionEntry> = {};
  for (const [version, value] of Object.entries(raw.versions)) {
    const parsed = parseVersion(value);
    if (parsed) versions[version] = parsed;
  }
  // A share that is not a number from 0 to 100 means no canary, for every reader alike (placementOf, routing.ts).
  const canary: Canary | null =
    isObject(raw.canary) && typeof raw.canary.version === 'string' && isCanaryShare(raw.canary.percent)
      ? {
          version: raw.canary.version,
          percent: raw.canary.percent,
          ...(typeof raw.canary.since === 'string' ? { since: raw.canary.since } : {}),
          ...(raw.canary.paused === true ? { paused: true } : {}),
        }
      : null;
  const entry: RemoteEntry = {
    routes: routes as RouteEntry[],
    stable: raw.stable,
    canary,
    versions,
    // Kept as written; policyOf checks it (parsePolicy) where a policy is followed: the shell never reads it.
    ...(isObject(raw.policy) ? { policy: raw.policy as unknown as ReleasePolicy } : {}),
  };
  if (!versions[entry.stable]) {
    // Still listed: the area's routes are known, and its fallback with Retry shows there.
    return { entry, problem: `${name}: stable version ${entry.stable} has no manifest` };
  }
  return { entry };
}

/** Reads a registry leniently: a bad remote entry is left out (or kept without a usable version) and named. */
export function parseRegistry(input: unknown): ParsedRegistry {
  const problems: string[] = [];
  const registry: Registry = { schemaVersion: 1, remotes: {} };
  if (!isObject(input) || !isObject(input.remotes)) {
    return { registry, problems: ['remotes.json has no "remotes" object'] };
  }
  if (typeof input.revision === 'number') registry.revision = input.revision;
  if (typeof input.product === 'string') registry.product = input.product;
  if (typeof input.updatedAt === 'string') registry.updatedAt = input.updatedAt;
  for (const [name, raw] of Object.entries(input.remotes)) {
    const { entry, problem } = parseRemote(name, raw);
    if (problem) problems.push(problem);
    if (entry) registry.remotes[name] = entry;
  }
  return { registry, problems };
}

/**
 * What the shell reports about each page load (POST /api/platform/events; `ops status` and the promote gate count
 * them per version): a version loaded, or failed to load, to mount, or to render (a canary's page that threw).
 */
export const PLATFORM_EVENT_TYPES = [
  'load',
  'load-failure',
  'evaluate-failure',
  'mount-failure',
  'render-failure',
] as const;

/**
 * What the shell measures of each page load, attributed to the remote that owns the page (web-vitals): largest
 * contentful paint and interaction to next paint in milliseconds, cumulative layout shift as the score.
 */
export const PLATFORM_MEASURES = ['lcp', 'inp', 'cls'] as const;
export type PlatformMeasureName = (typeof PLATFORM_MEASURES)[number];
