// The page's first GET calls, started by the HTML before any script file arrived (site/src/head-start.ts puts
// them and a small script into every page navigation; docs/decisions.md "A page's first calls and files start from
// the HTML"). Each answer is taken once, by the first identical call, while it is fresh; a failed or non-2xx answer
// is null and the caller asks the API itself, so errors (a 401 that ends the session) behave as they always did.

import {
  HEAD_START_FRESH_MS as FRESH_MS,
  HEAD_START_GLOBAL as GLOBAL,
  type HeadStartGlobal,
} from '@skynet/contract';

function current(): HeadStartGlobal | null {
  const value = (globalThis as Record<string, unknown>)[GLOBAL] as HeadStartGlobal | undefined;
  if (!value || typeof value.at !== 'number' || typeof value.answers !== 'object') return null;
  return Date.now() - value.at < FRESH_MS ? value : null;
}

/** The call as the page's head names it: path, then the query in the caller's order (`/feed?page=1`). */
export function callKey(url: string, params?: unknown): string {
  if (!params || typeof params !== 'object') return url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** Is there a head start at all (signed in, the HTML started the session's calls)? */
export function hasHeadStart(): boolean {
  return current() !== null;
}

/**
 * The started answer's body for this call, once: null when there is none, it is stale, or it failed (then the
 * caller makes the request itself).
 */
export function takeHeadStart<T>(url: string, params?: unknown): Promise<T | null> | null {
  const start = current();
  if (!start) return null;
  const key = callKey(url, params);
  const answer = start.answers[key];
  if (!answer) return null;
  delete start.answers[key];
  return answer.then(
    (body) => (body && typeof body === 'object' ? (body as T) : null),
    () => null,
  );
}

/** The session changed hands (signed out, or in as someone): nothing started for the earlier one may be used. */
export function dropHeadStart(): void {
  delete (globalThis as Record<string, unknown>)[GLOBAL];
}
