// @skynet/site/registry: the one registry store, file or PostgreSQL behind one interface (snapshot.ts), read only
// through @skynet/contract's parser. The page server reads it (source.ts), and so does the ops command line
// (tooling/ops), which imports this module from the package's build.
import { fileStore } from './file-store.js';
import { postgresStore } from './pg-store.js';
import type { RegistryStore } from './snapshot.js';

export { fileStore, readRegistryFileNow, writeAtomically } from './file-store.js';
export { parseHistory, readHistoryFile } from './history.js';
export {
  commitSnapshot,
  describeUrl,
  ensureRegistryTables,
  md5,
  postgresStore,
  type Query,
  readHistoryRows,
  readRevision,
  readSnapshot,
  withClient,
} from './pg-store.js';
export * from './placement.js';
export * from './snapshot.js';

/**
 * The store of a site folder: PostgreSQL when `databaseUrl` is given (every node and ops host the same), else the
 * folder's remotes.json.
 */
export function registryStore(siteDir: string, databaseUrl?: string | null): RegistryStore {
  const url = databaseUrl?.trim();
  return url ? postgresStore({ siteDir, url }) : fileStore(siteDir);
}
