import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import { appendSetCookie, readCookie, serializeCookie } from '../../lib/cookies.js';
import { randomToken, sha256 } from '../../lib/ids.js';
import { rememberDevice, sendSecurityNotice } from './security-notices.js';

/**
 * The default idle lifetime (OWASP ASVS 4.0.3 V3.3.2, L2: 30 minutes of inactivity): a refresh token not used for
 * this long ends its session (each refresh gives a new one with a new deadline). SESSION_IDLE_MINUTES sets it.
 */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The default absolute lifetime (ASVS V3.3.2: 12 hours): no refresh renews a session past this long after its sign-in. SESSION_MAX_HOURS sets it. */
export const SESSION_MAX_MS = 12 * 3_600_000;

/** How long sessions live (config.ts SESSION_IDLE_MINUTES and SESSION_MAX_HOURS). */
export interface SessionLifetimes {
  idleMs: number;
  maxMs: number;
}
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = { idleMs: SESSION_IDLE_MS, maxMs: SESSION_MAX_MS };
/**
 * A just-rotated refresh token presented again within this window (two tabs refreshing at the same moment) gets an
 * access token but no new refresh token, once (issue 32: refresh_tokens.grace_used_at); a second replay, or one
 * later, counts as reuse and ends the session.
 */
export const REFRESH_GRACE_MS = 10_000;
/** Ended sessions are kept this long (then removed at the person's next sign-in). */
const ENDED_KEPT_MS = 7 * 86_400_000;

export interface SessionRow {
  id: string;
  user_id: string;
  user_agent: string;
  created_at: Date | string;
  last_used_at: Date | string;
  authenticated_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

export type RotateResult =
  | { kind: 'rotated'; session: SessionRow; refreshToken: string; refreshExpiresAt: Date }
  /** Rotated a moment ago by a concurrent refresh: an access token, the cookie already holds the new one. */
  | { kind: 'grace'; session: SessionRow }
  /** A rotated token came back: the session (the whole family of tokens) is now revoked. */
  | { kind: 'reused'; sessionId: string; userId: string }
  | { kind: 'invalid' };

const COLUMNS = sql.raw(
  's.id, s.user_id, s.user_agent, s.created_at, s.last_used_at, s.authenticated_at, s.expires_at, s.revoked_at',
);

/** The user agent as shown in the sessions list: printable, at most 300 characters. */
export function cleanUserAgent(value: unknown): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
  return typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 300) : '';
}

/**
 * The sessions table (drizzle/0003): one row per sign-in; its refresh tokens are stored as SHA-256 only and rotate
 * on every use. A database factory, so the admin CLI revokes exactly as the API does.
 */
export function createSessionsStore(db: Db, lifetimes: SessionLifetimes = DEFAULT_SESSION_LIFETIMES) {
  const { idleMs, maxMs } = lifetimes;
  // Rotated refresh tokens are kept as long as their session can live, to recognise their reuse (they can no longer
  // refresh anyway).
  const rotatedKeptMs = maxMs;
  const newRefresh = async (
    q: Pick<Db, 'execute'>,
    sessionId: string,
    sessionExpires: Date,
  ): Promise<{ token: string; expiresAt: Date }> => {
    const token = randomToken();
    const expiresAt = new Date(Math.min(Date.now() + idleMs, sessionExpires.getTime()));
    await q.execute(
      sql`INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
          VALUES (${sha256(token)}, ${sessionId}, ${expiresAt})`,
    );
    return { token, expiresAt };
  };

  const store = {
    /** A new session (sign-in) and its first refresh token. */
    async create(
      userId: string,
      opts: { userAgent?: string; authenticatedAt?: Date } = {},
    ): Promise<{ session: SessionRow; refreshToken: string; refreshExpiresAt: Date }> {
      return db.transaction(async (tx) => {
        const authenticatedAt = opts.authenticatedAt ?? new Date();
        const [session] = await rows<SessionRow>(
          tx,
          sql`INSERT INTO sessions AS s (user_id, user_agent, authenticated_at, expires_at)
              VALUES (${userId}, ${cleanUserAgent(opts.userAgent)}, ${authenticatedAt},
                      ${new Date(Date.now() + maxMs)})
              RETURNING ${COLUMNS}`,
        );
        if (!session) throw new Error('session insert returned nothing');
        // The person's sessions that ended more than a week ago go (the list shows live ones only).
        await tx.execute(
          sql`DELETE FROM sessions
              WHERE user_id = ${userId} AND (revoked_at < ${new Date(Date.now() - ENDED_KEPT_MS)}
                OR expires_at < ${new Date(Date.now() - ENDED_KEPT_MS)})`,
        );
        const refresh = await newRefresh(tx, session.id, new Date(session.expires_at));
        return { session, refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt };
      });
    },

    /** Uses a refresh token once: a new one replaces it; a rotated one presented again revokes its session. */
    async rotate(refreshToken: string): Promise<RotateResult> {
      const hash = sha256(refreshToken);
      const result = await db.transaction(async (tx): Promise<RotateResult> => {
        const [found] = await rows<
          SessionRow & {
            rt_expires_at: Date | string;
            rt_rotated_at: Date | string | null;
            rt_grace_used_at: Date | string | null;
          }
        >(
          tx,
          sql`SELECT ${COLUMNS}, rt.expires_at AS rt_expires_at, rt.rotated_at AS rt_rotated_at,
                     rt.grace_used_at AS rt_grace_used_at
              FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
              WHERE rt.token_hash = ${hash}
              FOR UPDATE OF rt`,
        );
        if (!found) return { kind: 'invalid' };
        const now = Date.now();
        const sessionExpires = new Date(found.expires_at);
        if (found.revoked_at || sessionExpires.getTime() <= now) return { kind: 'invalid' };
        if (found.rt_rotated_at) {
          // The row is locked (FOR UPDATE): of two replays at the same moment, one takes the grace, the other is reuse.
          if (now - new Date(found.rt_rotated_at).getTime() < REFRESH_GRACE_MS && !found.rt_grace_used_at) {
            await tx.execute(sql`UPDATE refresh_tokens SET grace_used_at = now() WHERE token_hash = ${hash}`);
            return { kind: 'grace', session: found };
          }
          await tx.execute(
            sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh token reused'
                WHERE id = ${found.id} AND revoked_at IS NULL`,
          );
          return { kind: 'reused', sessionId: found.id, userId: found.user_id };
        }
        if (new Date(found.rt_expires_at).getTime() <= now) return { kind: 'invalid' };
        await tx.execute(sql`UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = ${hash}`);
        await tx.execute(
          sql`DELETE FROM refresh_tokens
              WHERE session_id = ${found.id} AND rotated_at < ${new Date(now - rotatedKeptMs)}`,
        );
        const [session] = await rows<SessionRow>(
          tx,
          sql`UPDATE sessions s SET last_used_at = now() WHERE id = ${found.id} RETURNING ${COLUMNS}`,
        );
        const refresh = await newRefresh(tx, found.id, sessionExpires);
        return {
          kind: 'rotated',
          session: session ?? found,
          refreshToken: refresh.token,
          refreshExpiresAt: refresh.expiresAt,
        };
      });
      return result;
    },

    /** The session a refresh token belongs to, whatever its state (logout reads it to revoke it); null if unknown. */
    async ofRefreshToken(refreshToken: string): Promise<SessionRow | null> {
      const [found] = await rows<SessionRow>(
        db,
        sql`SELECT ${COLUMNS} FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
            WHERE rt.token_hash = ${sha256(refreshToken)}`,
      );
      return found ?? null;
    },

    async byId(id: string): Promise<SessionRow | null> {
      const [found] = await rows<SessionRow>(db, sql`SELECT ${COLUMNS} FROM sessions s WHERE s.id = ${id}`);
      return found ?? null;
    },

    /** A person's live sessions, most recently used first. */
    async list(userId: string): Promise<SessionRow[]> {
      return rows<SessionRow>(
        db,
        sql`SELECT ${COLUMNS} FROM sessions s
            WHERE s.user_id = ${userId} AND s.revoked_at IS NULL AND s.expires_at > now()
            ORDER BY s.last_used_at DESC, s.created_at DESC`,
      );
    },

    /** Revokes one session (of `userId` when given). True when it was live. */
    async revoke(sessionId: string, reason: string, userId?: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`UPDATE sessions SET revoked_at = now(), revoked_reason = ${reason}
            WHERE id = ${sessionId} AND revoked_at IS NULL
              ${userId ? sql`AND user_id = ${userId}` : sql``}
            RETURNING id`,
      );
      return r.length > 0;
    },

    /** Revokes every live session of a person, but `exceptSessionId`. Returns how many. */
    async revokeAll(userId: string, reason: string, exceptSessionId: string | null = null): Promise<number> {
      const r = await rows(
        db,
        sql`UPDATE sessions SET revoked_at = now(), revoked_reason = ${reason}
            WHERE user_id = ${userId} AND revoked_at IS NULL
              ${exceptSessionId ? sql`AND id <> ${exceptSessionId}` : sql``}
            RETURNING id`,
      );
      return r.length;
    },

    /** Marks a new proof of identity (the password typed again) on a session. */
    async reauthenticated(sessionId: string): Promise<void> {
      await db.execute(sql`UPDATE sessions SET authenticated_at = now() WHERE id = ${sessionId}`);
    },
  };
  return store;
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsStore;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'sessions',
      createSessionsStore(app.db, {
        idleMs: app.config.sessionIdleMinutes * 60_000,
        maxMs: app.config.sessionMaxHours * 3_600_000,
      }),
    );
  },
  { name: 'sessions', dependencies: ['database'] },
);

/** The refresh token's cookie: HttpOnly, SameSite=Strict, only sent to /api/user (refresh, logout, sessions). */
export const REFRESH_COOKIE = 'skynet_refresh';
export const REFRESH_COOKIE_PATH = '/api/user';

type Reply = { getHeader(name: string): unknown; header(name: string, value: unknown): unknown };

export function setRefreshCookie(app: FastifyInstance, reply: Reply, token: string, expiresAt: Date): void {
  appendSetCookie(
    reply,
    serializeCookie(REFRESH_COOKIE, token, {
      path: REFRESH_COOKIE_PATH,
      maxAge: (expiresAt.getTime() - Date.now()) / 1000,
      sameSite: 'Strict',
      secure: app.config.publicOrigin.startsWith('https:'),
    }),
  );
}

export function clearRefreshCookie(app: FastifyInstance, reply: Reply): void {
  appendSetCookie(
    reply,
    serializeCookie(REFRESH_COOKIE, '', {
      path: REFRESH_COOKIE_PATH,
      maxAge: 0,
      sameSite: 'Strict',
      secure: app.config.publicOrigin.startsWith('https:'),
    }),
  );
}

export const refreshCookieOf = (request: FastifyRequest): string | null =>
  readCookie(request.headers.cookie, REFRESH_COOKIE);

/**
 * A sign-in: a new session for the person, its refresh token in the cookie, and the access token to answer.
 * `authenticatedAt` is when they proved who they are (now for a password; the provider's auth_time otherwise).
 * Every sign-in is recorded in the security log (`opts.event`, default `signin`; `opts.detail` says how), and a
 * sign-in from a device the account has not used before mails the person a notice (an account's first session, its
 * sign-up, only records the device). `opts.event: null` for a session that is no sign-in (a password change giving
 * a token from before sessions a session).
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: Reply,
  user: { id: string; token_version: number },
  authenticatedAt?: Date,
  opts: { event?: 'signin' | 'signup' | null; detail?: string } = {},
): Promise<string> {
  const { session, refreshToken, refreshExpiresAt } = await app.sessions.create(user.id, {
    userAgent: request.headers['user-agent'],
    ...(authenticatedAt ? { authenticatedAt } : {}),
  });
  setRefreshCookie(app, reply, refreshToken, refreshExpiresAt);
  const event = opts.event === undefined ? 'signin' : opts.event;
  if (event) await signedIn(app, request, user.id, event, opts.detail ?? '');
  return app.tokens.sign({
    id: user.id,
    tokenVersion: user.token_version,
    sessionId: session.id,
    sessionEnds: session.expires_at,
  });
}

/** The sign-in's event and, from a device not seen before on the account, its notice. Never fails the sign-in. */
async function signedIn(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  event: 'signin' | 'signup',
  detail: string,
) {
  await app.securityLog.record(request, userId, event, detail);
  try {
    const userAgent = request.headers['user-agent'];
    if (await rememberDevice(app, userId, userAgent)) {
      const row = await app.usersRepository.byId(userId);
      if (row) await sendSecurityNotice(app, row, 'new-device', { userAgent });
    }
  } catch (err) {
    request.log.error({ err }, 'new-device check failed');
  }
}
