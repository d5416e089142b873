// Changing which version of a remote people get, as one compare-and-swap commit with its history line: the code the
// API's release console and analysis job (POST /api/admin/releases/:remote/:action, issue 33) and `npm run ops`
// share. Each change is a pure function of the remote's entry; `changePlacement` reads, applies and commits it.
import type { RemoteEntry } from '@skynet/contract';
import {
  type HistoryEntry,
  type HistoryInput,
  type PlacementLine,
  RegistryError,
  type RegistrySnapshot,
  type RegistryStore,
} from './snapshot.js';

/** A remote's placement as a history line records it. */
export const placementLine = (entry: RemoteEntry | undefined): PlacementLine => ({
  stable: entry?.stable ?? null,
  canary: entry?.canary ? { version: entry.canary.version, percent: entry.canary.percent } : null,
});

/**
 * The stables a remote has had, as a stack: each change of stable pushes, each rollback pops. The top is the current
 * stable; the one below is where a rollback without a canary goes.
 */
export function stableStack(history: HistoryEntry[], remote: string): string[] {
  const stack: string[] = [];
  for (const entry of history) {
    if (entry.remote !== remote || !entry.to) continue;
    const from = entry.from?.stable ?? null;
    const to = entry.to.stable;
    if (!to || from === to) continue;
    if (entry.command === 'rollback') {
      if (stack.at(-1) === from) stack.pop();
      if (stack.at(-1) !== to) stack.push(to);
      continue;
    }
    if (stack.length === 0 && from) stack.push(from);
    stack.push(to);
  }
  return stack;
}

/** Routes follow the stable version (a version records the routes it was built with). */
export const routesOf = (entry: RemoteEntry, version: string) =>
  entry.versions[version]?.routes ?? entry.routes;

export interface PlacementChange {
  remote: string;
  /** The history line's command: `promote`, `pause`, `resume`, `rollback`, `canary`, `release-analysis`, ... */
  command: string;
  reason?: string;
  /** Who asked (an administrator's name); the store records the process's user otherwise. */
  user?: string;
  /** More fields for the history line (the analysis's figures, `forced`, ...). */
  extra?: Record<string, unknown>;
  change: (entry: RemoteEntry, snapshot: RegistrySnapshot) => RemoteEntry | Promise<RemoteEntry>;
  /** Refuse unless the registry is still at this revision. */
  expectRevision?: number;
}

export interface PlacementResult {
  before: PlacementLine;
  after: PlacementLine;
  entry: RemoteEntry;
  revision: number;
}

/** Reads the registry, applies `change` to one remote and commits it with one history line (compare-and-swap). */
export async function changePlacement(
  store: RegistryStore,
  options: PlacementChange,
): Promise<PlacementResult> {
  const { remote, command, reason, user, extra = {}, change, expectRevision } = options;
  const snapshot = await store.read();
  if (expectRevision !== undefined && expectRevision !== snapshot.revision) {
    throw new RegistryError(
      `the registry is at revision ${snapshot.revision}, not ${expectRevision}: it changed since you looked`,
      'conflict',
    );
  }
  const before = snapshot.registry.remotes[remote];
  if (!before) throw new RegistryError(`${remote} is not in the registry`, 'missing');
  const after = await change(structuredClone(before), snapshot);
  const registry = structuredClone(snapshot.registry);
  registry.remotes[remote] = after;
  const line: HistoryInput = {
    command,
    remote,
    ...(reason ? { reason } : {}),
    ...(user ? { user } : {}),
    ...extra,
    from: placementLine(before),
    to: placementLine(after),
  };
  const written = await store.commit(snapshot, registry, [line]);
  return {
    before: placementLine(before),
    after: placementLine(after),
    entry: after,
    revision: written.revision ?? snapshot.revision + 1,
  };
}

const noCanary = (remote: string, what: string) =>
  new RegistryError(`${remote} has no canary to ${what}`, 'missing');

/** The canary becomes stable for everyone. `version`: refuse unless that is still the canary. */
export function promoteEntry(remote: string, entry: RemoteEntry, version?: string): RemoteEntry {
  const canary = entry.canary;
  if (!canary) throw noCanary(remote, 'promote');
  if (version && canary.version !== version)
    throw new RegistryError(`${remote}'s canary changed meanwhile; look again`, 'conflict');
  return { ...entry, stable: canary.version, routes: routesOf(entry, canary.version), canary: null };
}

/** The canary at a new share, its step starting now. */
export function widenEntry(
  remote: string,
  entry: RemoteEntry,
  version: string,
  percent: number,
  now: Date,
): RemoteEntry {
  if (entry.canary?.version !== version)
    throw new RegistryError(`${remote}'s canary changed meanwhile; look again`, 'conflict');
  return { ...entry, canary: { ...entry.canary, percent, since: now.toISOString() } };
}

/** Holds the canary where it is (the analysis job neither widens nor promotes it), or lets it go on. */
export function pauseEntry(remote: string, entry: RemoteEntry, paused: boolean): RemoteEntry {
  const canary = entry.canary;
  if (!canary) throw noCanary(remote, paused ? 'pause' : 'resume');
  const { paused: _was, ...rest } = canary;
  return { ...entry, canary: paused ? { ...rest, paused: true } : rest };
}

/** Ends the canary: everyone is on stable at their next page load. */
export function endCanaryEntry(remote: string, entry: RemoteEntry, version?: string): RemoteEntry {
  if (!entry.canary) throw noCanary(remote, 'roll back');
  if (version && entry.canary.version !== version)
    throw new RegistryError(`${remote}'s canary changed meanwhile; look again`, 'conflict');
  return { ...entry, canary: null };
}

/**
 * Rolling back: during a canary, the canary ends (stable stays); without one, back to the stable before the current
 * one (from the history).
 */
export function rollbackEntry(remote: string, entry: RemoteEntry, history: HistoryEntry[]): RemoteEntry {
  if (entry.canary) return { ...entry, canary: null };
  const stack = stableStack(history, remote);
  // A registry changed outside these commands: its stable is not what the history ends with.
  if (stack.at(-1) !== entry.stable) stack.push(entry.stable);
  const target = stack.at(-2);
  if (!target)
    throw new RegistryError(
      `${remote} has no canary and no earlier stable version to roll back to`,
      'missing',
    );
  if (!entry.versions[target])
    throw new RegistryError(
      `${remote}@${target} (the previous stable) is no longer in the registry`,
      'missing',
    );
  return { ...entry, stable: target, routes: routesOf(entry, target), canary: null };
}
