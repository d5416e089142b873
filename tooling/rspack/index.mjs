// The one place that knows how Skynet front-end packages are built with rspack 2 + Module Federation 2.
// A remote's rspack.config.mjs is a few lines: `export default remoteConfig(import.meta.url, { exposes })`.
// This file is the export surface only: each config is in configs/, each plugin in plugins/ (one job a module).
export { federationName } from './configs/package.mjs';
export { remoteConfig } from './configs/remote.mjs';
export { sharedSingletons } from './configs/shared-singletons.mjs';
export { shellConfig } from './configs/shell.mjs';
export { RoutePagesPlugin, routePages } from './plugins/route-pages.mjs';
export { RouteTablePlugin } from './plugins/route-table.mjs';
