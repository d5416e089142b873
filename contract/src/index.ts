// @skynet/contract: every fact two Skynet packages must agree on, in one place. Plain TypeScript with no runtime
// dependencies; imported by api, shell, shared, kit and tooling (never provided through Module Federation: each
// importer bundles the few constants and functions it uses).
export * from './entities.js';
export * from './head-start.js';
export * from './limits.js';
export * from './locks.js';
export * from './mentions.js';
export * from './parked-files.js';
export * from './paths.js';
export * from './planets.js';
export * from './registry.js';
export * from './registry-table.js';
export * from './routes.js';
export * from './routing.js';
export * from './socket.js';
export * from './storage.js';
export * from './template-fill.js';
