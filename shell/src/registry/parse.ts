import type { Access, Registry, RemoteEntry, RouteEntry, VersionEntry } from './types';

const ACCESS: Access[] = ['public', 'signed-in', 'signed-out'];

export interface ParsedRegistry {
  registry: Registry;
  /** One line per entry that was left out, and why: a bad entry breaks only its own area. */
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseRoute(raw: unknown): RouteEntry | null {
  if (!isObject(raw) || typeof raw.path !== 'string' || !raw.path.startsWith('/')) return null;
  if (!ACCESS.includes(raw.access as Access)) return null;
  return { path: raw.path, access: raw.access as Access };
}

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
    if (isObject(value) && typeof value.manifest === 'string') {
      versions[version] = {
        manifest: value.manifest,
        ...(isObject(value.integrity) ? { integrity: value.integrity as Record<string, string> } : {}),
      };
    }
  }
  let canary: RemoteEntry['canary'] = null;
  if (
    isObject(raw.canary) &&
    typeof raw.canary.version === 'string' &&
    typeof raw.canary.percent === 'number'
  ) {
    canary = { version: raw.canary.version, percent: Math.max(0, Math.min(100, raw.canary.percent)) };
  }
  const entry: RemoteEntry = { routes: routes as RouteEntry[], stable: raw.stable, canary, versions };
  if (!versions[entry.stable]) {
    // Still listed: the area's routes are known, and its fallback with Retry shows there.
    return { entry, problem: `${name}: stable version ${entry.stable} has no manifest` };
  }
  return { entry };
}

export function parseRegistry(input: unknown): ParsedRegistry {
  const problems: string[] = [];
  const registry: Registry = { schemaVersion: 1, remotes: {} };
  if (!isObject(input) || !isObject(input.remotes)) {
    return { registry, problems: ['remotes.json has no "remotes" object'] };
  }
  for (const [name, raw] of Object.entries(input.remotes)) {
    const { entry, problem } = parseRemote(name, raw);
    if (problem) problems.push(problem);
    if (entry) registry.remotes[name] = entry;
  }
  return { registry, problems };
}
