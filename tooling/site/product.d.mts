export const repoRoot: string;
export function freePort(): Promise<number>;
export interface Product {
  baseURL: string;
  port: number;
  dataDir: string;
  siteDir: string;
  env: Record<string, string>;
  republish(): Promise<string>;
  stop(): Promise<void>;
  /** Stops and starts the server on the same data; `whileStopped` runs in between (e.g. `npm run admin` on PGlite). */
  restart(whileStopped?: () => unknown): Promise<void>;
}
export function startProduct(options?: {
  env?: Record<string, string>;
  port?: number;
  quiet?: boolean;
  monolith?: boolean;
  /** Start the embedded database from nothing instead of from a migrated copy. */
  emptyDatabase?: boolean;
}): Promise<Product>;
