// The head start: what the API server puts into a page's HTML so its first calls and files start before any script
// has arrived (docs/decisions.md "A page's first calls and files start from the HTML"). The server writes the block
// and the inline script (site/src/head-start.ts); the shell reads the block, @skynet/shared takes the answers.

/** The `<script type="application/json">` element that carries the block. */
export const HEAD_START_ELEMENT_ID = 'skynet-head-start';

/** The global the inline script leaves: `{ at, answers: { call: Promise<body | null> } }`. */
export const HEAD_START_GLOBAL = '__skynetHeadStart';

/** An answer the page started is used only this long after the page began (then the caller asks again). */
export const HEAD_START_FRESH_MS = 10_000;

/**
 * What the session asks first at start (spec point 4: the token re-saved, the current user looked up), as
 * `path?query`: the lookup, which the first screen waits for, goes first; the refresh, which nothing waits for, last.
 */
export const SESSION_CALLS = { lookup: '/user', refresh: '/user/login?token=refresh' } as const;

export interface HeadStartPreload {
  href: string;
  as: 'script' | 'style';
  integrity?: string;
}

/** The JSON block in the page. */
export interface HeadStartBlock {
  /** The API base the client uses (config.json's apiBaseUrl). */
  api: string;
  /** API calls (`path?query`) the inline script starts with the saved token. */
  calls: string[];
  preload: HeadStartPreload[];
  /**
   * The page token (issue 33): the registry this page was served, signed by the server. Beacons and API calls carry
   * it; the server counts only what a valid, unexpired token names (readPageToken).
   */
  release?: string;
  /** The visitor the token names (the shell keys the canary split on it without reading the token). */
  visitor?: string;
  /** The route needs a session: its files are preloaded only with a saved token. */
  signedIn: boolean;
  /** The route's owner declared its first calls (`early`): the first screen needs no other call to show. */
  routeCalls: boolean;
  /**
   * The page paints from its HTML first (a signed-in template, filled from the calls' answers): its script preloads
   * are parked as `<link data-after-paint>`, and the session's refresh call (which nothing on screen waits for)
   * waits too; the fill script starts them with the scripts, after that paint (`later` on the global), so they do
   * not hold the connections the page's own calls need (the fill: mfe-feed/src/prerender/fill.ts).
   */
  afterPaint?: boolean;
  /** Site files the shell reads first, by URL path (`/config.json`, `/remotes.json`). */
  files?: Record<string, unknown>;
}

/** What the inline script leaves on the global. */
export interface HeadStartGlobal {
  at: number;
  answers: Record<string, Promise<unknown> | undefined>;
  /** Starts the calls an `afterPaint` page held back (the session refresh); the fill script calls it. */
  later(): void;
}

/** A call the head start may start: a same-API path with an optional query, nothing else. */
export const isHeadStartCall = (call: unknown): call is string =>
  typeof call === 'string' && /^\/[A-Za-z0-9/_:.~%-]*(\?[A-Za-z0-9=&_.~%-]*)?$/.test(call);

/**
 * What a page token says (its first part, base64url JSON; the second part is the server's HMAC-SHA256 of the first).
 * The shell reads it without verifying (the server verifies every token it is sent).
 */
export interface PageTokenClaims {
  /** A random id of this page load. */
  page: string;
  /** The visitor (the `skynet_visitor` cookie): the canary split is keyed on it, and counts are deduplicated by it. */
  visitor: string;
  /** The registry's revision the page was served from. */
  revision: number;
  /** Expiry, epoch milliseconds. */
  expires: number;
  /** Per remote, the versions this page may run: the one the visitor's bucket chose, and stable (its fallback). */
  versions: Record<string, string[]>;
}

/** The cookie that keeps a browser's visitor id (random, no personal data), set by the page server. */
export const VISITOR_COOKIE = 'skynet_visitor';
/** Request headers with which the shell's API calls name the page token and the remote whose page called. */
export const PAGE_TOKEN_HEADER = 'x-skynet-page';
export const AREA_HEADER = 'x-skynet-area';

const fromBase64Url = (text: string): string => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

/** The claims of a page token, unverified; null when it is not one. */
export function readPageToken(token: unknown): PageTokenClaims | null {
  if (typeof token !== 'string' || token.length > 4000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  try {
    const claims: unknown = JSON.parse(fromBase64Url(body));
    if (typeof claims !== 'object' || claims === null) return null;
    const c = claims as Partial<PageTokenClaims>;
    if (typeof c.page !== 'string' || typeof c.visitor !== 'string') return null;
    if (typeof c.revision !== 'number' || typeof c.expires !== 'number') return null;
    if (typeof c.versions !== 'object' || c.versions === null) return null;
    return c as PageTokenClaims;
  } catch {
    return null;
  }
}
