// Page tokens (issue 33): every page the server serves carries a short-lived token, signed with a key derived from
// the server secret, that names the registry it was served (each remote's versions this visitor may run: the one its
// bucket chose, and stable for the fallback). The counts that judge a release take only what a valid token names:
// made-up beacons move nothing. The format and its claims are @skynet/contract's (readPageToken).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  chooseVersion,
  type PageTokenClaims,
  placementOf,
  type Registry,
  readPageToken,
} from '@skynet/contract';

/** How long a page's token counts: a tab left open longer reloads before its beacons count again. */
export const PAGE_TOKEN_LIFETIME_MS = 6 * 60 * 60 * 1000;
/** A visitor id as the cookie holds it (random, base64url). */
export const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

export interface PageTokens {
  /** A new visitor id (random, no personal data). */
  newVisitor(): string;
  /** The token of one page load for `visitor` under `registry`. */
  issue(registry: Registry, visitor: string, now?: number): string;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: unknown, now?: number): PageTokenClaims | null;
}

const CACHE_SIZE = 2000;

export function createPageTokens(secret: Uint8Array): PageTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'skynet page token v1', 32));
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  // Verified tokens, by text: a page's beacons and API calls send the same token many times.
  const verified = new Map<string, PageTokenClaims>();
  return {
    newVisitor: () => randomBytes(16).toString('base64url'),
    issue(registry, visitor, now = Date.now()) {
      const versions: Record<string, string[]> = {};
      for (const [name, entry] of Object.entries(registry.remotes)) {
        const chosen = chooseVersion(name, entry, visitor)?.version;
        const stable = placementOf(entry).stable?.version;
        const list = [chosen, stable].filter((v, i, all): v is string => !!v && all.indexOf(v) === i);
        if (list.length > 0) versions[name] = list;
      }
      const claims: PageTokenClaims = {
        page: randomBytes(12).toString('base64url'),
        visitor,
        revision: registry.revision ?? 0,
        expires: now + PAGE_TOKEN_LIFETIME_MS,
        versions,
      };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    verify(token, now = Date.now()) {
      if (typeof token !== 'string') return null;
      let claims = verified.get(token) ?? null;
      if (!claims) {
        const [body, signature] = token.split('.');
        if (!body || !signature) return null;
        const expected = Buffer.from(sign(body));
        const given = Buffer.from(signature);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
        claims = readPageToken(token);
        if (!claims || !VISITOR_ID.test(claims.visitor)) return null;
        if (verified.size >= CACHE_SIZE) verified.clear();
        verified.set(token, claims);
      }
      return claims.expires > now ? claims : null;
    },
  };
}
