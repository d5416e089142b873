// Developer overrides (import-map-overrides style): point one remote at a local dev server on a deployed site.
//
// Safety: an override only ever loads from an origin allowed by /config.json's devOverrideOrigins (loopback by
// default), and only for a remote the registry already lists. Overrides live in localStorage (`skynet:overrides`),
// which a link cannot write. A `?override=<remote>=<manifest URL>` link never takes effect by itself: the person is
// asked to confirm, and only then is it saved. See docs/operations.md.

import { OVERRIDE_PARAM, OVERRIDES_KEY } from '@skynet/contract';

export const DEFAULT_DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/** Does this URL's origin match one pattern: `http://localhost:*`, `https://dev.example.com:8443`, `http://[::1]:*`. */
export function originMatches(url: URL, pattern: string): boolean {
  const match = /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[^/:[\]]+)(?::(\d+|\*))?\/?$/.exec(pattern.trim());
  if (!match) return false;
  const [, scheme, host, port] = match;
  if (url.protocol !== `${scheme}:`) return false;
  if (url.hostname.toLowerCase() !== host!.toLowerCase()) return false;
  if (port === '*') return true;
  return (url.port || defaultPort(url.protocol)) === (port ?? defaultPort(url.protocol));
}

/** An absolute http(s) URL, with no credentials, whose origin an allowed pattern matches. */
export function overrideAllowed(url: string, patterns: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username || parsed.password) return false;
  return patterns.some((pattern) => originMatches(parsed, pattern));
}

/** `?override=mfe-feed=http://localhost:3002/mf-manifest.json` (repeatable) -> [[remote, url]]. */
export function parseOverrideParams(search: string): Array<[string, string]> {
  const params = new URLSearchParams(search);
  return params.getAll(OVERRIDE_PARAM).flatMap((value) => {
    const at = value.indexOf('=');
    if (at <= 0) return [];
    return [[value.slice(0, at), value.slice(at + 1)] as [string, string]];
  });
}

export function readStoredOverrides(storage: Storage): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(storage.getItem(OVERRIDES_KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    return Object.fromEntries(
      Object.entries(raw).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function writeStoredOverrides(storage: Storage, overrides: Record<string, string>): void {
  try {
    if (Object.keys(overrides).length === 0) storage.removeItem(OVERRIDES_KEY);
    else storage.setItem(OVERRIDES_KEY, JSON.stringify(overrides));
  } catch {
    // Storage unavailable: the override just does not persist.
  }
}

export interface OverrideInput {
  /** location.search */
  search: string;
  storage: Storage;
  /** config.devOverrideOrigins, else the loopback default. */
  allowedOrigins?: readonly string[];
  /** The remotes the registry lists: nothing else can be overridden (or added). */
  remotes: readonly string[];
  /** Asks the person before a link's override is saved (window.confirm). */
  confirm: (message: string) => boolean;
}

export interface OverrideResult {
  /** remote -> manifest URL, in effect for this page load. */
  overrides: Record<string, string>;
  /** Why each refused override was refused (logged as warnings). */
  ignored: string[];
  /** The URL had override parameters: the caller removes them from the address bar. */
  hadParams: boolean;
}

export function resolveOverrides(input: OverrideInput): OverrideResult {
  const allowed = input.allowedOrigins ?? DEFAULT_DEV_OVERRIDE_ORIGINS;
  const ignored: string[] = [];
  const stored = readStoredOverrides(input.storage);
  const check = (remote: string, url: string): string | null => {
    if (!input.remotes.includes(remote))
      return `override of ${remote} ignored: the registry has no such remote`;
    if (!overrideAllowed(url, allowed)) {
      return `override of ${remote} ignored: ${url} is not on an allowed origin (devOverrideOrigins: ${allowed.join(', ') || 'none'})`;
    }
    return null;
  };
  const overrides: Record<string, string> = {};
  for (const [remote, url] of Object.entries(stored)) {
    const problem = check(remote, url);
    if (problem) ignored.push(problem);
    else overrides[remote] = url;
  }
  const params = parseOverrideParams(input.search);
  let changed = false;
  for (const [remote, url] of params) {
    const problem = check(remote, url);
    if (problem) {
      ignored.push(problem);
      continue;
    }
    if (overrides[remote] === url) continue;
    const origin = new URL(url).origin;
    const accepted = input.confirm(
      `Developer override: load ${remote} from ${origin}?\n\n${url}\n\n` +
        'Only accept if you started this dev server yourself. Code from there runs with your account on this site.',
    );
    if (!accepted) {
      ignored.push(`override of ${remote} ignored: not confirmed`);
      continue;
    }
    overrides[remote] = url;
    stored[remote] = url;
    changed = true;
  }
  if (changed) writeStoredOverrides(input.storage, stored);
  return { overrides, ignored, hadParams: params.length > 0 };
}

/** Removes one remote's override (the banner's Clear button), or all of them. */
export function clearOverrides(storage: Storage, remote?: string): void {
  if (!remote) {
    writeStoredOverrides(storage, {});
    return;
  }
  const stored = readStoredOverrides(storage);
  delete stored[remote];
  writeStoredOverrides(storage, stored);
}
