import type { RemoteEntry } from './types';

const VISITOR_KEY = 'skynet:visitor';

/** A random id per browser, so a canary split is sticky per person across reloads. */
export function visitorId(storage: Storage = window.localStorage): string {
  try {
    let id = storage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      storage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return 'anonymous';
  }
}

/** FNV-1a: a stable, well-spread bucket 0..99 for a visitor and a remote. */
export function bucket(visitor: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${visitor}:${remote}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

export interface Choice {
  version: string;
  manifest: string;
  /** The version to fall back to when this one fails (set when a canary was chosen). */
  fallback?: { version: string; manifest: string };
}

/** Which version of a remote this visitor gets: the canary for its share of visitors, else stable. */
export function chooseVersion(name: string, entry: RemoteEntry, visitor: string): Choice | null {
  const stable = entry.versions[entry.stable];
  const canary = entry.canary ? entry.versions[entry.canary.version] : undefined;
  if (entry.canary && canary && bucket(visitor, name) < entry.canary.percent) {
    return {
      version: entry.canary.version,
      manifest: canary.manifest,
      ...(stable ? { fallback: { version: entry.stable, manifest: stable.manifest } } : {}),
    };
  }
  return stable ? { version: entry.stable, manifest: stable.manifest } : null;
}
