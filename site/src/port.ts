// What the delivery wing needs from the server that mounts it, and nothing more: a few settings, a query and a
// LISTEN on its PostgreSQL pool (the registry's table, when there is a DATABASE_URL), and a readiness check. The API
// builds one from its Config and Database (api/src/site-port.ts); the site never sees those types.
import type { Registry } from '@skynet/contract';

/** The settings the site reads. */
export interface SiteSettings {
  /** The published product's folder (SITE_DIR): served at `/`, its remotes.json and history the file registry. */
  siteDir: string;
  /** NODE_ENV: source maps are served only in `development`; carried in the generated /config.json. */
  environment: string;
  supportEmail: string;
  supportPhone: string;
  /** The origins a developer override may load a remote from (dev-overrides.ts), as /config.json offers them. */
  devOverrideOrigins: readonly string[];
  /** With it the registry lives in PostgreSQL (the same for every node); without it in the site folder. */
  databaseUrl?: string | null;
}

/** The server's side of the site. */
export interface SitePort {
  settings: SiteSettings;
  /** Runs one statement on the server's pool, answering its rows (only used with `settings.databaseUrl`). */
  query<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * LISTENs on `channel`: `onNotify` with each payload, `onState(true)` once listening and `onState(false)` whenever
   * notifications may have been missed (the connection was lost). Answers the function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * The page token of one page load (issue 33) for the visitor its `Cookie` header names, under `registry`; with a
   * `Set-Cookie` for a visitor seen the first time. Absent: pages carry no token (their beacons count nothing).
   */
  pageToken?(
    cookieHeader: string | undefined,
    registry: Registry,
  ): { token: string; visitor: string; setCookie: string | null };
  /**
   * Counts the server's answer to a file a published remote version lists (its integrity.json) for the release
   * analysis (issue 33): a canary whose files go missing shows in its figures before anyone reports it.
   */
  countRemoteFile?(remote: string, version: string, status: number): void;
  /** Adds a readiness check: it answers why the node is not ready, or null. */
  addHealthCheck(name: string, check: () => string | null): void;
}
