import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.js';
import { setBounded } from '../../lib/bounded-map.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { createPageTokens, type PageTokens } from '../../lib/page-tokens.js';
import { createSealer, type Sealer } from '../../lib/sealed.js';

export interface Account {
  id: string;
  admin: boolean;
  tokenVersion: number;
  /** Suspended by the moderators (issue 31): their writes are refused (requireAuth). */
  suspended: boolean;
}

/** The answer to a suspended person's sign-in, refresh or write. */
export const ACCOUNT_SUSPENDED = 'This account is suspended by the moderators.';

/** The signed-in user of a request or socket: the account, and the session and expiry of the token used. */
export interface AuthUser extends Account {
  /** The sign-in (sessions table) the access token belongs to (every token names one: issue 32). */
  sessionId: string;
  /** The token's expiry, in seconds since the epoch. */
  expiresAt: number;
}

/** What can end tokens: a user's account changed, a session changed, or everything (notifications were missed). */
export type TokenChange = { kind: 'user'; id: string } | { kind: 'session'; id: string } | { kind: 'all' };

export interface TokenService {
  /**
   * A short-lived access token (config.accessTokenTtlSeconds) for a session, never outliving it (`sessionEnds`).
   * `keepExpiry` (seconds) issues a new token that ends exactly when the presented one does.
   */
  sign(user: {
    id: string;
    tokenVersion: number;
    sessionId: string;
    sessionEnds?: Date | string;
    keepExpiry?: number;
  }): Promise<string>;
  /**
   * The one check of a token, for HTTP (the bearer token, requireAuth) and the socket handshake (`auth.token`,
   * realtime.ts) alike: whom it belongs to, or null when it is forged, expired, of an older token version (a password
   * change, a reset or a deletion revoked it), its session is revoked or over, or its account is deleted or gone.
   */
  verify(token: string): Promise<AuthUser | null>;
  /**
   * A token's claims when its signature is ours, even past its expiry (logout and refresh read which session an
   * expired token named); null when forged or malformed, or without `exp` or `sid`.
   */
  inspect(token: string): Promise<{ sub: string; sid: string; exp: number } | null>;
  /** A live (not deleted) account's id, admin flag and token version, through the in-memory cache; null otherwise. */
  account(userId: string): Promise<Account | null>;
  /**
   * Drops a user's cached entry in this process at once. Call it after a write that revokes tokens or rights, before
   * answering; every process (this one too) also learns of it from the database's notification at commit.
   */
  forget(userId: string): void;
  /** The same for a session (after revoking it). */
  forgetSession(sessionId: string): void;
  /** Called on every change that may end tokens (this process's forget calls and every process's notifications). */
  onChange(listener: (change: TokenChange) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Seals secrets kept in the database (TOTP secrets, mail jobs with links) under a key derived from the secret. */
    sealer: Sealer;
    /** Page tokens (issue 33): what a page was served, signed; the release counts take only what they name. */
    pageTokens: PageTokens;
  }
  interface FastifyRequest {
    /** Set for every non-public route (and public ones when a valid token is sent). */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Marks a route callable without a token. Everything else requires a valid token. */
    public?: boolean;
  }
}

/** Default lifetime of an access token (ACCESS_TOKEN_TTL_SECONDS): the refresh token renews it. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** JWT_SECRET, or a secret generated once and kept in $DATA_DIR/jwt-secret. */
export function loadJwtSecret(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** The token of an `Authorization: Bearer <token>` header; null without one. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  return /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;
}

/** The signed-in user of a protected route (the auth hook guarantees it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The channel the users table's trigger notifies (drizzle/0002): payload = the user id. */
export const USER_CHANGED_CHANNEL = 'skynet_user_changed';
/** Accounts kept in memory: a backstop lifetime (the notification is what keeps them right) and a size bound. */
const ACCOUNT_TTL_MS = 60_000;
const ACCOUNT_CACHE_MAX = 50_000;
/** Tokens whose signature was already checked (the claims are kept; the expiry is checked on every use). */
const VERIFIED_CACHE_MAX = 50_000;

interface Claims {
  sub: string;
  tv: number;
  /**
   * The session. Required (issue 32): a token without one, even signed with the secret, is refused; tokens from
   * before sessions existed ended long ago (an access token lives 15 minutes).
   */
  sid: string;
  /** Expiry in seconds since the epoch (jose's rule: valid while now < exp). */
  exp: number;
}

/** The protected header this server signs with (`{"alg":"HS256"}`), base64url. */
const OWN_HEADER = Buffer.from('{"alg":"HS256"}').toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A token is one word: jose would read past white space inside one (its base64url decoding skips it). */
const ONE_WORD = /^\S+$/;

/**
 * The synchronous check of a token this server signed: our exact header, the exact HMAC-SHA256 signature string, and
 * claims jose would accept (an object payload, exp in the future, no nbf, a numeric iat if any). Anything else
 * answers undefined and goes to jose, which decides (so every rejection stays jose's). It spares the asynchronous
 * WebCrypto job per new token that makes a burst of new sessions queue.
 */
function ownTokenClaims(token: string, secret: Uint8Array, now: number): Claims | undefined {
  const dot1 = token.indexOf('.');
  const dot2 = token.indexOf('.', dot1 + 1);
  if (dot2 < 0 || token.indexOf('.', dot2 + 1) !== -1 || token.slice(0, dot1) !== OWN_HEADER)
    return undefined;
  const body = token.slice(dot1 + 1, dot2);
  const signature = Buffer.from(token.slice(dot2 + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token.slice(0, dot2)).digest('base64url'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected) || !BASE64URL.test(body))
    return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const { sub, tv, exp, nbf, iat, sid } = payload as Record<string, unknown>;
  if (typeof exp !== 'number' || !(exp > now) || nbf !== undefined) return undefined;
  if (iat !== undefined && typeof iat !== 'number') return undefined;
  if (typeof sub !== 'string' || !isUuid(sub) || typeof tv !== 'number') return undefined;
  if (typeof sid !== 'string' || !isUuid(sid)) return undefined;
  return { sub, tv, sid, exp };
}

/** A Map used as a bounded cache: the oldest insertion goes first when full. */
/**
 * Tokens and who they belong to. Per request this costs two Map look-ups once a token and its user have been seen:
 * the token's signature is verified once (jose), and the user's token version and admin flag are cached in memory.
 * The cache is only used while this process LISTENs to the database's `skynet_user_changed` notification (a trigger
 * on users: token version, admin flag, deletion, purge), so a revocation by any process, the admin CLI or SQL by hand
 * drops the entry in every process at commit; while the LISTEN connection is down, every request reads the database.
 */
async function authPlugin(app: FastifyInstance, opts: { config: Config }) {
  const accessTtl = opts.config.accessTokenTtlSeconds;
  const secret = loadJwtSecret(opts.config);
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const database = app.database;

  const verified = new Map<string, Claims>();
  const accounts = new Map<string, { account: Account; until: number }>();
  /** Live sessions (sid -> owner and end), dropped by the session's notification like accounts by theirs. */
  const liveSessions = new Map<string, { userId: string; ends: number; until: number }>();
  const listeners = new Set<(change: TokenChange) => void>();
  const announce = (change: TokenChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        app.log.error({ err }, 'token change listener failed');
      }
    }
  };
  let listening = false;
  /** Bumped by every invalidation: a read that started before one must not fill the cache with what it read. */
  let generation = 0;
  const dropAll = () => {
    generation += 1;
    accounts.clear();
    liveSessions.clear();
  };
  const forget = (userId: string) => {
    generation += 1;
    accounts.delete(userId);
    announce({ kind: 'user', id: userId });
  };
  const forgetSession = (sessionId: string) => {
    generation += 1;
    liveSessions.delete(sessionId);
    announce({ kind: 'session', id: sessionId });
  };
  /** A notification's payload: a user id, or `s:<session id>` (drizzle/0003). */
  const notified = (payload: string) => {
    if (payload.startsWith('s:')) forgetSession(payload.slice(2));
    else forget(payload);
  };

  // Accounts missing from the cache are read together: every id asked for during one turn of the event loop is
  // fetched by one query on the next turn (a burst of new sessions costs a few queries, not one each).
  const loading = new Map<
    string,
    {
      promise: Promise<Account | null>;
      resolve: (a: Account | null) => void;
      reject: (err: unknown) => void;
    }
  >();
  let loadScheduled = false;
  const loadAccounts = () => {
    loadScheduled = false;
    const batch = [...loading];
    loading.clear();
    const seen = generation;
    database
      .query<{ id: string; admin: boolean; token_version: number; suspended: boolean }>(
        'auth_accounts',
        `SELECT id, admin, token_version, suspended_at IS NOT NULL AS suspended
         FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
        [batch.map(([id]) => id)],
      )
      .then((found) => {
        const byId = new Map(found.map((r) => [r.id, r]));
        const fresh = listening && seen === generation;
        for (const [id, waiter] of batch) {
          const row = byId.get(id);
          if (!row) {
            waiter.resolve(null);
            continue;
          }
          const account: Account = Object.freeze({
            id: row.id,
            admin: row.admin,
            tokenVersion: row.token_version,
            suspended: row.suspended,
          });
          if (fresh)
            setBounded(accounts, id, { account, until: Date.now() + ACCOUNT_TTL_MS }, ACCOUNT_CACHE_MAX);
          waiter.resolve(account);
        }
      })
      .catch((err: unknown) => {
        for (const [, waiter] of batch) waiter.reject(err);
      });
  };

  // Sessions missing from the cache are read together, the same way.
  const loadingSessions = new Map<
    string,
    { resolve: (s: { userId: string; ends: number } | null) => void; reject: (err: unknown) => void }[]
  >();
  let sessionsScheduled = false;
  const loadSessions = () => {
    sessionsScheduled = false;
    const batch = [...loadingSessions];
    loadingSessions.clear();
    const seen = generation;
    database
      .query<{ id: string; user_id: string; expires_at: Date | string }>(
        'auth_sessions',
        'SELECT id, user_id, expires_at FROM sessions WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL AND expires_at > now()',
        [batch.map(([id]) => id)],
      )
      .then((found) => {
        const byId = new Map(found.map((r) => [r.id, r]));
        const fresh = listening && seen === generation;
        for (const [id, waiters] of batch) {
          const row = byId.get(id);
          const live = row ? { userId: row.user_id, ends: new Date(row.expires_at).getTime() } : null;
          if (live && fresh)
            setBounded(liveSessions, id, { ...live, until: Date.now() + ACCOUNT_TTL_MS }, ACCOUNT_CACHE_MAX);
          for (const waiter of waiters) waiter.resolve(live);
        }
      })
      .catch((err: unknown) => {
        for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(err);
      });
  };
  const sessionOf = (sessionId: string): Promise<{ userId: string; ends: number } | null> => {
    const hit = liveSessions.get(sessionId);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.ends > Date.now() ? hit : null);
    return new Promise((resolve, reject) => {
      const waiters = loadingSessions.get(sessionId);
      if (waiters) waiters.push({ resolve, reject });
      else loadingSessions.set(sessionId, [{ resolve, reject }]);
      if (!sessionsScheduled) {
        sessionsScheduled = true;
        setImmediate(loadSessions);
      }
    });
  };

  /** The token's claims once its signature and expiry are checked (the signature only once per token). */
  const claimsOf = async (token: string): Promise<Claims | null> => {
    const now = Math.floor(Date.now() / 1000);
    const hit = verified.get(token);
    if (hit) {
      if (now < hit.exp) return hit;
      verified.delete(token);
      return null;
    }
    if (!ONE_WORD.test(token)) return null;
    let claims: Claims | undefined = ownTokenClaims(token, secret, now);
    if (claims) {
      setBounded(verified, token, claims, VERIFIED_CACHE_MAX);
      return claims;
    }
    try {
      // `exp` and `sid` required (issue 32): jose alone accepts a token without an expiry, forever.
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sid'],
      });
      const { sub, tv, sid, exp } = payload;
      if (!sub || !isUuid(sub) || typeof tv !== 'number' || typeof exp !== 'number') return null;
      if (typeof sid !== 'string' || !isUuid(sid)) return null;
      claims = { sub, tv, sid, exp };
    } catch {
      return null;
    }
    setBounded(verified, token, claims, VERIFIED_CACHE_MAX);
    return claims;
  };

  const tokens: TokenService = {
    async sign(user) {
      const now = Math.floor(Date.now() / 1000);
      let exp = user.keepExpiry ?? now + accessTtl;
      if (user.sessionEnds !== undefined)
        exp = Math.min(exp, Math.floor(new Date(user.sessionEnds).getTime() / 1000));
      return new SignJWT({
        tv: user.tokenVersion,
        sid: user.sessionId,
        // Two tokens signed in the same second for the same session would be the same string: a nonce tells them apart.
        jti: randomBytes(9).toString('base64url'),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
    },
    async verify(token) {
      const claims = await claimsOf(token);
      if (!claims) return null;
      const [account, session] = await Promise.all([tokens.account(claims.sub), sessionOf(claims.sid)]);
      if (!account || account.tokenVersion !== claims.tv) return null;
      if (!session || session.userId !== account.id) return null;
      return { ...account, sessionId: claims.sid, expiresAt: claims.exp };
    },
    async inspect(token) {
      if (!ONE_WORD.test(token)) return null;
      try {
        // The signature must be ours; the expiry is ignored on purpose (a date far in the past is "now").
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(0) });
        const { sub, sid, exp } = payload;
        if (!sub || !isUuid(sub) || typeof exp !== 'number') return null;
        if (typeof sid !== 'string' || !isUuid(sid)) return null;
        return { sub, sid, exp };
      } catch {
        return null;
      }
    },
    account(userId) {
      const hit = accounts.get(userId);
      if (hit && hit.until > Date.now()) return Promise.resolve(hit.account);
      const pending = loading.get(userId);
      if (pending) return pending.promise;
      let resolve!: (a: Account | null) => void;
      let reject!: (err: unknown) => void;
      const promise = new Promise<Account | null>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      loading.set(userId, { promise, resolve, reject });
      if (!loadScheduled) {
        loadScheduled = true;
        setImmediate(loadAccounts);
      }
      return promise;
    },
    forget,
    forgetSession,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  const unlisten = await database.listen(USER_CHANGED_CHANNEL, notified, (up) => {
    dropAll();
    // Back after a gap: whatever was revoked meanwhile was not announced, so everything is checked again.
    if (up && !listening) announce({ kind: 'all' });
    listening = up;
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });
  app.decorate('tokens', tokens);
  app.decorate('sealer', createSealer(secret));
  app.decorate('pageTokens', createPageTokens(secret));
  app.decorateRequest('user', null);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'] });

/** The auth hook for the /api scope: public routes pass, everything else needs a valid token (401 otherwise). */
export async function requireAuth(this: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request.headers.authorization);
  const user = token === null ? null : await this.tokens.verify(token);
  if (user) request.user = user;
  if (request.routeOptions.config?.public || request.is404) return;
  if (!user) throw unauthorized('Your session is missing or has expired. Please sign in again.');
  // Suspending ends every token at once (moderation.ts); this refuses writes of any that slipped through (a token
  // signed in the moment before). The flag comes with the cached account: suspend and unsuspend both bump the token
  // version, whose notification refreshes every process's copy.
  if (user.suspended && request.method !== 'GET' && request.method !== 'HEAD')
    throw forbidden(ACCOUNT_SUSPENDED);
}
