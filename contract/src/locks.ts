// Every PostgreSQL advisory lock key Skynet takes, in one table: two unrelated jobs sharing a key would wait on (or
// skip for) each other. A new lock takes a new key here; contract/src/locks.test.ts refuses a key used twice.

export const ADVISORY_LOCKS = {
  /** api: migrations and the seed, one process at a time against one server (session lock). */
  migrations: 727274001,
  /**
   * site registry: creating the registry tables and importing a site folder (transaction lock). Kept at the key
   * it always had, so ops and API nodes of the previous release still serialise with this one.
   */
  registryTables: 727274002,
  /**
   * api: the purge of deleted accounts, one process per minute slot (transaction lock, others skip). It shared
   * 727274002 with the registry until the keys had one table; purge rows are also taken with SKIP LOCKED, so an
   * old node and a new one purging in the same slot still never purge a row twice.
   */
  purge: 727274003,
  /** api tests: creating the per-schema template database once across parallel suites (session lock). */
  testTemplate: 727274100,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;
