// @skynet/site: the delivery wing (README.md). The API server mounts `sitePlugin` with a SitePort (port.ts); the
// registry store is also its own entry, @skynet/site/registry (registry/store.ts), for the ops command line.

export { cspSourceOf, HEAD_START_SCRIPT, SCRIPT_STARTER, SESSION_PROBE_SCRIPT } from './built-scripts.js';
export { devOverrideCspSources, devOverrideOriginsFrom, LOOPBACK_OVERRIDE_ORIGINS } from './dev-overrides.js';
export { headStartFor, withHeadStart } from './head-start.js';
export { cacheControlFor, default as sitePlugin } from './plugin.js';
export type { SitePort, SiteSettings } from './port.js';
export { pageHtmlFor } from './prerendered-page.js';
export { databaseRegistry, fileRegistry, type RegistrySource } from './registry/source.js';
