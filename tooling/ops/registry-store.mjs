// The registry (/remotes.json) and its history, for the ops commands: @skynet/site's one store (site/src/registry),
// chosen here the way the API server chooses it: PostgreSQL when DATABASE_URL is set (ops, `npm start` and
// `npm run cluster` then change the registry every node serves), else the site folder's remotes.json. Every change
// is a compare-and-swap with its history lines; every read goes through @skynet/contract's parser.
import {
  postgresStore,
  RegistryError,
  registryStore as siteRegistryStore,
  writeAtomically,
} from '@skynet/site/registry';

export { writeAtomically };

/**
 * The registry's schema is @skynet/contract's (one home for the shell, the page server and ops); a snapshot and a
 * history entry are @skynet/site's.
 * @typedef {import('@skynet/contract').RouteEntry} Route
 * @typedef {import('@skynet/contract').VersionEntry} VersionEntry
 * @typedef {import('@skynet/contract').RemoteEntry} RemoteEntry
 * @typedef {import('@skynet/contract').Registry} Registry
 * @typedef {import('@skynet/site/registry').RegistrySnapshot} Snapshot
 * @typedef {import('@skynet/site/registry').PlacementLine} Placement
 * @typedef {import('@skynet/site/registry').HistoryEntry} HistoryEntry
 * @typedef {import('@skynet/site/registry').HistoryInput} HistoryInput
 * @typedef {import('@skynet/site/registry').RegistryStore} RegistryStore
 */

/**
 * A refusal the person can act on: the CLI prints its message and exits 1 (2 for `usage`). The store's own
 * refusals (a conflict, a held lock, an unreachable database) are the same class, so they read alike.
 */
export const OpsError = RegistryError;

/** The store in PostgreSQL; the site folder's registry and history are imported into an empty table on first use. */
export const databaseStore = (/** @type {string} */ site, /** @type {string} */ url) =>
  postgresStore({ siteDir: site, url });

/** The store for a site: PostgreSQL when DATABASE_URL is set, else the site folder's remotes.json. */
export const registryStore = (/** @type {string} */ site) =>
  siteRegistryStore(site, process.env.DATABASE_URL);

/** The registry with what a later commit checks against. @returns {Promise<Snapshot>} */
export const readRegistry = (/** @type {string} */ site) => registryStore(site).read();

/**
 * Compare-and-swap: writes `next` as the new registry only when the store still holds what `snapshot` read
 * (same revision, same text); otherwise refuses, naming what changed. Appends one history entry per entry.
 * @param {string} site
 * @param {Pick<Snapshot, 'revision' | 'hash'>} snapshot
 * @param {Pick<Registry, 'remotes'>} next
 * @param {HistoryInput[]} entries
 * @returns {Promise<Registry>}
 */
export const commitRegistry = (site, snapshot, next, entries) =>
  registryStore(site).commit(snapshot, next, entries);

/** Every history entry, oldest first. @returns {Promise<HistoryEntry[]>} */
export const readHistory = (/** @type {string} */ site) => registryStore(site).history();

/**
 * A remote's placement as a history line records it, and the stables it has had as a stack (the top is the current
 * stable): @skynet/site's placement code, which the API's release console and analysis job use too.
 */
export { placementLine, routesOf, stableStack } from '@skynet/site/registry';

/**
 * `--expect-revision N`: refuses unless the registry read is still at revision N (for scripts that looked before
 * they act), as @skynet/site's changePlacement does for placement changes.
 * @param {Pick<Snapshot, 'revision'>} snapshot @param {number | undefined} expectRevision
 */
export function checkExpectedRevision(snapshot, expectRevision) {
  if (expectRevision !== undefined && expectRevision !== snapshot.revision) {
    throw new OpsError(
      `the registry is at revision ${snapshot.revision}, not ${expectRevision}: it changed since you looked`,
      'conflict',
    );
  }
}
