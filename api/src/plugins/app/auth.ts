import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.js';
import { users } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';

export interface AuthUser {
  id: string;
  admin: boolean;
  tokenVersion: number;
}

export interface TokenService {
  sign(user: { id: string; tokenVersion: number }): Promise<string>;
  /** Returns the signed-in user, or null when the token is missing, forged, expired, revoked or the user is gone. */
  authenticate(authorization: string | undefined): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
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

export const TOKEN_TTL = '7d';

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

/** The signed-in user of a protected route (the auth hook guarantees it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

async function authPlugin(app: FastifyInstance, opts: { config: Config }) {
  const secret = loadJwtSecret(opts.config);
  const db = app.db;

  const tokens: TokenService = {
    async sign(user) {
      return new SignJWT({ tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(TOKEN_TTL)
        .sign(secret);
    },
    async authenticate(authorization) {
      if (!authorization) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      if (!match?.[1]) return null;
      let sub: string | undefined;
      let tv: unknown;
      try {
        const { payload } = await jwtVerify(match[1], secret, { algorithms: ['HS256'] });
        sub = payload.sub;
        tv = payload.tv;
      } catch {
        return null;
      }
      if (!sub || !isUuid(sub) || typeof tv !== 'number') return null;
      const [row] = await db
        .select({ id: users.id, admin: users.admin, tokenVersion: users.tokenVersion })
        .from(users)
        .where(and(eq(users.id, sub), isNull(users.deletedAt)));
      if (!row || row.tokenVersion !== tv) return null;
      return row;
    },
  };
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'] });

/** The auth hook for the /api scope: public routes pass, everything else needs a valid token (401 otherwise). */
export async function requireAuth(this: FastifyInstance, request: FastifyRequest) {
  const user = await this.tokens.authenticate(request.headers.authorization);
  if (user) request.user = user;
  if (request.routeOptions.config?.public || request.is404) return;
  if (!user) throw unauthorized('Your session is missing or has expired. Please sign in again.');
}
