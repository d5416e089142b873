// The registry in PostgreSQL (with DATABASE_URL): the table `npm run ops` changes by compare-and-swap and every API
// node reads, its history, and the channel a change is announced on. The SQL's one home; the one code that runs it
// is @skynet/site's registry store (site/src/registry/pg-store.ts), which ops and the API nodes share: it creates the
// tables when they are missing and imports a site folder's remotes.json into an empty table (docs/operations.md,
// "Safety of registry changes"). Without DATABASE_URL the registry stays the site folder's remotes.json.

import { ADVISORY_LOCKS } from './locks.js';

/** The one row (id 1): the current registry document (its JSON text, kept as written) and its revision. */
export const REGISTRY_TABLE = 'site_registry';
/** One row per history entry (what registry-history.jsonl holds in the file store), oldest first by id. */
export const REGISTRY_HISTORY_TABLE = 'site_registry_history';
/** NOTIFY channel: the payload is the new revision. Sent inside the writing transaction, so only on commit. */
export const REGISTRY_CHANNEL = 'skynet_registry';
/** How often a node compares its revision with the table's, in case a notification was missed. */
export const REGISTRY_POLL_MS = 2_000;

/**
 * Creates the tables when missing; run inside a transaction holding `REGISTRY_SQL.lock` (two processes creating
 * them at once would otherwise collide on the catalog). `json`, not `jsonb`: the document's text, and so the order
 * of its remotes (the first owner of a route wins), is kept exactly.
 */
export const REGISTRY_SCHEMA_SQL = [
  `CREATE TABLE IF NOT EXISTS ${REGISTRY_TABLE} (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    revision integer NOT NULL CHECK (revision > 0),
    document json NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS ${REGISTRY_HISTORY_TABLE} (
    id bigserial PRIMARY KEY,
    revision integer NOT NULL,
    entry json NOT NULL
  )`,
];

export const REGISTRY_SQL = {
  /** Serialises creating the tables and importing a site folder (transaction-scoped advisory lock). */
  lock: `SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.registryTables})`,
  /** The current document as written, and its revision; no row: nothing was ever written. */
  read: `SELECT revision, document::text AS document FROM ${REGISTRY_TABLE} WHERE id = 1`,
  revision: `SELECT revision FROM ${REGISTRY_TABLE} WHERE id = 1`,
  /** The first write ($1 revision, $2 document): loses (0 rows) when someone else wrote first. */
  insertFirst: `INSERT INTO ${REGISTRY_TABLE} (id, revision, document) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`,
  /**
   * The compare-and-swap: $1 new revision, $2 new document, $3 the revision read, $4 the md5 of the text read.
   * 0 rows: someone changed the registry since it was read (a concurrent writer waits for the row lock, then finds
   * the revision moved on), so exactly one of two writers from the same revision wins.
   */
  compareAndSwap: `UPDATE ${REGISTRY_TABLE} SET revision = $1, document = $2, updated_at = now()
    WHERE id = 1 AND revision = $3 AND md5(document::text) = $4`,
  /** Appends history entries: $1 a JSON array of entries, each with its `revision`, kept in order. */
  appendHistory: `INSERT INTO ${REGISTRY_HISTORY_TABLE} (revision, entry)
    SELECT COALESCE((e->>'revision')::integer, 0), e FROM json_array_elements($1::json) WITH ORDINALITY AS t(e, n)
    ORDER BY n`,
  history: `SELECT entry::text AS entry FROM ${REGISTRY_HISTORY_TABLE} ORDER BY id`,
  notify: `SELECT pg_notify('${REGISTRY_CHANNEL}', $1)`,
} as const;
