// The registry (/remotes.json): what ops change to move one remote at a time. See docs/registry.md.

export type Access = 'public' | 'signed-in' | 'signed-out';

export interface RouteEntry {
  /** A react-router path pattern: '/feed', '/post/:id', '/about/*'. */
  path: string;
  access: Access;
}

export interface VersionEntry {
  /** URL of the version's mf-manifest.json. */
  manifest: string;
  /** Subresource-integrity hashes recorded at publish time, by file name. */
  integrity?: Record<string, string>;
}

export interface RemoteEntry {
  routes: RouteEntry[];
  stable: string;
  canary?: { version: string; percent: number } | null;
  versions: Record<string, VersionEntry>;
}

export interface Registry {
  schemaVersion: 1;
  remotes: Record<string, RemoteEntry>;
}
