// The API process's V8 heap limits, in the launchers' defaults (issue 34; docs/operations.md "Memory of an API
// process"). Without them, Node 24's V8 sizes both generations from the machine's memory (on 24 GB: a 4 GB old
// generation and 64 MB semi-spaces, so 128 MB of young generation committed from start-up), lets garbage pile up
// before a full collection, and one process's RSS climbs to 640 MB under the feed load while about 100 MB of it is
// live. `npm start`, `npm run cluster` and the API bench start the server with these; the image's `skynet start` does
// the same in deploy/skynet (a shell script, it cannot import this).

/** The default old-generation limit in MB: about 2.5 times the live heap under the feed load (95-130 MB). */
export const DEFAULT_HEAP_MB = 256;
/** Below this V8 spends its time collecting, or the server cannot even load its code (70 MB live at start-up). */
export const MIN_HEAP_MB = 64;
/** The young generation's semi-space, V8's long-standing default before it scaled it with the machine's memory. */
export const SEMI_SPACE_MB = 16;

/**
 * The node arguments that set the heap limits for `env`: `API_HEAP_MB` (megabytes of old generation, default 256,
 * with 16 MB semi-spaces), `off` for V8's own sizing; a --max-old-space-size or --max-semi-space-size the operator
 * put in NODE_OPTIONS wins over ours (the command line would otherwise override it).
 * Throws a message naming the variable when it is neither a whole number of at least 64 nor `off`.
 */
export function heapLimitArgs(env = process.env) {
  const value = (env.API_HEAP_MB ?? '').trim() || String(DEFAULT_HEAP_MB);
  if (value === 'off') return [];
  if (!/^\d+$/.test(value) || Number(value) < MIN_HEAP_MB) {
    throw new Error(
      `API_HEAP_MB must be a whole number of megabytes, at least ${MIN_HEAP_MB}, or off (V8's own limit); it is "${value}"`,
    );
  }
  const options = env.NODE_OPTIONS ?? '';
  return [
    ...(/--max-old-space-size\b/.test(options) ? [] : [`--max-old-space-size=${Number(value)}`]),
    ...(/--max-semi-space-size\b/.test(options) ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
  ];
}
