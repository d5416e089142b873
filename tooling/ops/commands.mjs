// The ops commands on a site folder, one module per job: publishing.mjs (publish, and whether a version can go live),
// placement.mjs (rollout, promote, canary-guard, rollback), reporting.mjs (status, route). See docs/operations.md.
export * from './placement.mjs';
export * from './publishing.mjs';
export * from './reporting.mjs';
