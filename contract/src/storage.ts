// Browser storage keys more than one package reads or writes: the shell, @skynet/shared and the API server's inline
// page scripts (which run before any bundle) must spell them the same.

/** The session token (spec point 9: "Token storage key: jwt"). Written only by @skynet/shared's session. */
export const TOKEN_KEY = 'jwt';

/** Developer overrides saved in this browser (shell/src/registry/overrides.ts; docs/operations.md). */
export const OVERRIDES_KEY = 'skynet:overrides';

/** The query parameter that proposes an override: `?override=<remote>=<manifest URL>`. */
export const OVERRIDE_PARAM = 'override';

/** The query parameter that opens the developer override panel: `?overrides-panel` (the shell must run for it). */
export const OVERRIDES_PANEL_PARAM = 'overrides-panel';

/** A random id per browser, so a canary split is sticky per person across reloads. */
export const VISITOR_KEY = 'skynet:visitor';

/** Prefix of the cached GET answers (spec point 7: "a product-specific prefix ending in 'cache:'"). */
export const CACHE_PREFIX = 'skynet-cache:';

/** How long a cached GET answer is used (spec point 7: 5 minutes by default). */
export const CACHE_TTL_MS = 5 * 60 * 1000;
