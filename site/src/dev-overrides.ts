// Which origins a developer override may load a remote from (the shell's devOverrideOrigins in /config.json), and the
// Content-Security-Policy sources that let exactly those load: one list for both, so the config never offers what
// the CSP then blocks (issue 24: production's config said localhost was allowed while its CSP refused it).

/** Loopback on any port: the default outside production (NODE_ENV=development or test). */
export const LOOPBACK_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** `http://localhost:*`, `https://dev.example.com`, `http://10.0.0.5:3002`: a scheme, a host, an optional port or `*`. */
const ORIGIN_PATTERN =
  /^(https?):\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:(\d{1,5}|\*))?$/i;

/**
 * The override origins from the environment: DEV_OVERRIDE_ORIGINS (comma-separated patterns, `none` for none) when
 * set; otherwise loopback in development and test, and none in production (NODE_ENV=production, or unset).
 * Answers the problem instead when a pattern is not an origin the CSP can name.
 */
export function devOverrideOriginsFrom(env: NodeJS.ProcessEnv): { origins: string[]; problem?: string } {
  const raw = env.DEV_OVERRIDE_ORIGINS?.trim();
  if (raw === undefined || raw === '') {
    const environment = env.NODE_ENV?.trim() || 'production';
    return {
      origins: environment === 'development' || environment === 'test' ? [...LOOPBACK_OVERRIDE_ORIGINS] : [],
    };
  }
  if (raw.toLowerCase() === 'none') return { origins: [] };
  const origins = raw
    .split(',')
    .map((pattern) => pattern.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const bad = origins.filter((pattern) => !ORIGIN_PATTERN.test(pattern));
  if (bad.length > 0) {
    return {
      origins: [],
      problem:
        `DEV_OVERRIDE_ORIGINS must be "none" or comma-separated origins like http://localhost:* or ` +
        `https://dev.example.com:8443 (scheme, host, optional port or *), got "${bad.join('", "')}".`,
    };
  }
  return { origins: [...new Set(origins)] };
}

/**
 * The CSP sources for the override origins, per directive: scripts, styles and images load from them, and the
 * remote's dev server is fetched (its manifest) and talked to (its live-reload socket, ws:// or wss://).
 */
export function devOverrideCspSources(origins: readonly string[]): { load: string[]; connect: string[] } {
  const sockets = origins.map((origin) => origin.replace(/^http/, 'ws'));
  return { load: [...origins], connect: [...origins, ...sockets] };
}
