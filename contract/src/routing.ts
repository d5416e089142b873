// Route matching and the canary choice: the one implementation the shell (routing, early preloads), the API server
// (a page's head start) and ops use, so the three can never disagree on who owns a path or who gets a canary.
import {
  type Access,
  type Canary,
  isCanaryShare,
  type Registry,
  type RemoteEntry,
  type RouteEntry,
} from './registry.js';

/** Route parameters by name, still URL-encoded as they stand in the address. */
export type RouteParams = Record<string, string>;

const compiled = new Map<string, { regExp: RegExp; names: string[] }>();

/**
 * Matches a react-router path pattern ('/feed', '/post/:id', '/about/*') against a pathname the way react-router's
 * `matchPath({ path, end: true })` does: case-insensitive, trailing slashes allowed, `*` matches the rest (or
 * nothing). The parameters come back undecoded. The contract test checks it against react-router itself.
 */
export function matchRoute(pattern: string, pathname: string): RouteParams | null {
  let matcher = compiled.get(pattern);
  if (!matcher) {
    const names: string[] = [];
    const source = pattern
      .split('/')
      .filter(Boolean)
      .map((part) => {
        if (part === '*') return '(?:/.*)?';
        if (part.startsWith(':')) {
          names.push(part.slice(1));
          return '/([^/]+)';
        }
        return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      })
      .join('');
    matcher = { regExp: new RegExp(`^${source}/*$`, 'i'), names };
    compiled.set(pattern, matcher);
  }
  const match = matcher.regExp.exec(pathname);
  if (!match) return null;
  const params: RouteParams = {};
  matcher.names.forEach((name, i) => {
    params[name] = match[i + 1] ?? '';
  });
  return params;
}

/** Where a person stands: still being determined, signed in, or signed out. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * May this session see a route of this access? `admin`: whether the signed-in person is an administrator
 * (`CurrentUser.admin`); false wherever it is not known (the server's head start, a token not yet checked), so an
 * administrators' area is never chosen, preloaded or started for anyone else.
 */
export function accessAllows(access: Access, status: SessionStatus, admin = false): boolean {
  if (status === 'loading') return false;
  if (access === 'public') return true;
  if (access === 'admin') return status === 'signed-in' && admin;
  return access === 'signed-in' ? status === 'signed-in' : status === 'signed-out';
}

export type Resolution =
  | { kind: 'remote'; remote: string }
  | { kind: 'needs-sign-in' }
  | { kind: 'needs-sign-out' }
  | { kind: 'unknown' };

export interface RouteMatch {
  remote: string;
  route: RouteEntry;
  params: RouteParams;
}

/**
 * The route that shows a path to this session: the first (registry order, then each remote's route order) that
 * matches and that the session may see; null when there is none.
 */
export function findRoute(
  registry: Registry,
  pathname: string,
  status: SessionStatus,
  admin = false,
): RouteMatch | null {
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    for (const route of entry.routes) {
      if (!accessAllows(route.access, status, admin)) continue;
      const params = matchRoute(route.path, pathname);
      if (params) return { remote, route, params };
    }
  }
  return null;
}

/**
 * What a path is for this session: the remote that shows it (findRoute); else whether signing in (or out) would
 * show it; else unknown (the 404 page). An administrators' route the session may not see is unknown, signed in or
 * not: the 404 page, which does not tell that the area exists.
 */
export function resolvePath(
  registry: Registry,
  pathname: string,
  status: SessionStatus,
  admin = false,
): Resolution {
  const found = findRoute(registry, pathname, status, admin);
  if (found) return { kind: 'remote', remote: found.remote };
  let owned: Access | null = null;
  for (const entry of Object.values(registry.remotes)) {
    const route = entry.routes.find((candidate) => matchRoute(candidate.path, pathname) !== null);
    if (route) {
      owned = route.access;
      break;
    }
  }
  if (owned === 'signed-in') return { kind: 'needs-sign-in' };
  if (owned === 'signed-out') return { kind: 'needs-sign-out' };
  return { kind: 'unknown' };
}

/** Is this remote's area active for this path and session? */
export function remoteActive(
  routes: readonly RouteEntry[],
  pathname: string,
  status: SessionStatus,
  admin = false,
): boolean {
  return routes.some(
    (route) => accessAllows(route.access, status, admin) && matchRoute(route.path, pathname) !== null,
  );
}

/** `/feed/:id?page=1` with the route's parameters put in. */
export const callWithParams = (call: string, params: RouteParams) =>
  call.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => params[name] ?? whole);

/** FNV-1a: a stable, well-spread bucket 0..99 for a visitor and a remote. */
export function canaryBucket(visitor: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${visitor}:${remote}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

export interface VersionChoice {
  version: string;
  manifest: string;
  /** The version to fall back to when this one fails (set when a canary was chosen). */
  fallback?: { version: string; manifest: string };
}

/** Which versions of a remote are live. */
export interface Placement {
  /** Its stable version and manifest; null when the entry names no stable version with a manifest. */
  stable: { version: string; manifest: string } | null;
  /**
   * The canary some visitors get: another version than stable, with a manifest and a share above 0 (a share that
   * is not a number from 0 to 100 is no canary); null when there is none.
   */
  canary: { version: string; manifest: string; percent: number } | null;
}

/**
 * The one rule for what a registry entry serves, read by everyone who decides it: the shell (chooseVersion, for
 * each visitor), the page server (whose pages and head starts may only assume stable while no canary runs) and ops.
 */
export function placementOf(entry: RemoteEntry): Placement {
  const stableVersion = entry.versions[entry.stable];
  const given = entry.canary;
  const canaryVersion = given ? entry.versions[given.version] : undefined;
  return {
    stable: stableVersion ? { version: entry.stable, manifest: stableVersion.manifest } : null,
    canary:
      given &&
      canaryVersion &&
      given.version !== entry.stable &&
      isCanaryShare(given.percent) &&
      given.percent > 0
        ? { version: given.version, manifest: canaryVersion.manifest, percent: given.percent }
        : null,
  };
}

/** A canary that some visitors actually get (placementOf), as the registry names it; null when none does. */
export function activeCanary(entry: RemoteEntry): Canary | null {
  const { canary } = placementOf(entry);
  return canary ? { version: canary.version, percent: canary.percent } : null;
}

/**
 * Which version of a remote this visitor gets: the canary for its share of visitors (sticky: the same visitor id
 * always lands in the same bucket), with stable to fall back to; else stable. Null when no version can be loaded.
 */
export function chooseVersion(name: string, entry: RemoteEntry, visitor: string): VersionChoice | null {
  const { stable, canary } = placementOf(entry);
  if (canary && canaryBucket(visitor, name) < canary.percent) {
    return {
      version: canary.version,
      manifest: canary.manifest,
      ...(stable ? { fallback: { version: stable.version, manifest: stable.manifest } } : {}),
    };
  }
  return stable ? { version: stable.version, manifest: stable.manifest } : null;
}
