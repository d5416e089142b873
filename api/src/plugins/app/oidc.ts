import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as client from 'openid-client';
import type { Config } from '../../config.js';
import { rows } from '../../db/database.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/ids.js';
import { ACCOUNT_SUSPENDED } from './auth.js';
import { markEmailVerified } from './email-verification.js';

export const OIDC_NOT_CONFIGURED = 'Sign-in with an identity provider is not configured.';
const STATE_TTL_MS = 10 * 60 * 1000;
const CODE_TTL_MS = 2 * 60 * 1000;

export const OTHER_BROWSER =
  'This sign-in was started in another browser, or its cookie has expired. Please start the sign-in again here.';

export interface Oidc {
  /**
   * The provider's authorization URL (PKCE S256 + state + nonce); the pending sign-in is stored server-side with the
   * hash of `browserSecret`, which the route puts in the browser's `__Host-` cookie.
   */
  authorizationUrl(browserSecret: string): Promise<string>;
  /**
   * Completes the provider callback and returns a one-time code for the web page (null config = 4xx). Only the browser
   * that started the flow (its cookie's secret) may complete it; the code is bound to that browser too.
   */
  callback(currentUrl: URL, browserSecret: string | null): Promise<string>;
  /** Exchanges the one-time code, in the browser it is bound to, for a user id (single use, 2 minutes). */
  redeem(code: string, browserSecret: string | null): Promise<{ userId: string; authTime: Date }>;
  redirectUri: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    oidc: Oidc;
  }
}

/** A username from the provider's claims that fits our rules, made unique with a number if needed. */
function baseUserName(claims: Record<string, unknown>): string {
  const raw =
    (typeof claims.preferred_username === 'string' && claims.preferred_username) ||
    (typeof claims.nickname === 'string' && claims.nickname) ||
    (typeof claims.name === 'string' && claims.name) ||
    (typeof claims.email === 'string' && claims.email.split('@')[0]) ||
    'traveller';
  const clean = raw.replace(/[^A-Za-z0-9_.-]+/g, '').slice(0, 24);
  return clean.length >= 3 ? clean : `traveller${clean}`;
}

async function oidcPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const redirectUri = `${config.publicOrigin}/api/user/oauth/callback`;
  let configuration: Promise<client.Configuration> | null = null;

  const getConfiguration = (): Promise<client.Configuration> => {
    const oidc = config.oidc;
    if (!oidc) throw new HttpError(400, OIDC_NOT_CONFIGURED);
    if (!configuration) {
      const issuer = new URL(oidc.issuer);
      const insecure = issuer.protocol === 'http:';
      configuration = client
        .discovery(
          issuer,
          oidc.clientId,
          oidc.clientSecret,
          undefined,
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          configuration = null; // retry discovery next time
          app.log.error({ err }, 'OIDC discovery failed');
          throw new HttpError(502, 'The identity provider cannot be reached. Please try again later.');
        });
    }
    return configuration;
  };

  const oidc: Oidc = {
    redirectUri,
    async authorizationUrl(browserSecret) {
      const cfg = await getConfiguration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      await app.db.execute(
        sql`INSERT INTO oauth_states (state, code_verifier, nonce, expires_at, browser_hash)
            VALUES (${state}, ${codeVerifier}, ${nonce}, ${new Date(Date.now() + STATE_TTL_MS)},
                    ${sha256(browserSecret)})`,
      );
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return url.href;
    },

    async callback(currentUrl, browserSecret) {
      const cfg = await getConfiguration();
      const state = currentUrl.searchParams.get('state');
      if (!state) throw badRequest('The sign-in answer has no state.');
      if (!browserSecret) throw badRequest(OTHER_BROWSER);
      const browserHash = sha256(browserSecret);
      // Single use: the pending sign-in is deleted as it is read, and only by the browser that started it (a link
      // carrying someone else's state changes nothing).
      const [pending] = await rows<{ code_verifier: string; nonce: string; expires_at: Date | string }>(
        app.db,
        sql`DELETE FROM oauth_states WHERE state = ${state} AND browser_hash = ${browserHash}
            RETURNING code_verifier, nonce, expires_at`,
      );
      if (!pending) {
        const [known] = await rows(app.db, sql`SELECT 1 FROM oauth_states WHERE state = ${state}`);
        throw badRequest(
          known ? OTHER_BROWSER : 'This sign-in has expired or was already used. Please start again.',
        );
      }
      if (new Date(pending.expires_at).getTime() < Date.now()) {
        throw badRequest('This sign-in has expired or was already used. Please start again.');
      }
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(cfg, currentUrl, {
          pkceCodeVerifier: pending.code_verifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = (tokens.claims() ?? {}) as Record<string, unknown>;
      } catch (err) {
        app.log.warn({ err }, 'OIDC code exchange failed');
        throw badRequest('The identity provider did not confirm the sign-in. Please try again.');
      }
      const issuer = config.oidc!.issuer;
      const subject = String(claims.sub ?? '');
      if (!subject) throw badRequest('The identity provider did not name the account.');
      let user = await app.usersRepository.byOidc(issuer, subject);
      if (!user) {
        const base = baseUserName(claims);
        let name = base;
        for (let i = 0; i < 5 && (await app.usersRepository.userNameTaken(name)); i++) {
          name = `${base.slice(0, 24)}${randomInt(1000, 999999)}`;
        }
        user = await app.usersRepository.create({
          userName: name,
          email: null, // identity-provider accounts carry no e-mail (spec point 3)
          passwordHash: null,
          planetId: 'earth',
          latitude: 0,
          longitude: 0,
          oidcIssuer: issuer,
          oidcSubject: subject,
        });
      }
      if (user.deleted_at)
        throw new HttpError(403, 'This account has been deleted. Contact support to restore it.');
      if (user.suspended_at) throw new HttpError(403, ACCOUNT_SUSPENDED);
      // The provider vouches for the address: the account counts as confirmed (issue 32, no link to open).
      if (claims.email_verified === true) await markEmailVerified(app.db, user.id);
      // When the person last signed in at the provider (auth_time), else now: re-authentication reads it.
      const now = Date.now();
      const authTime =
        typeof claims.auth_time === 'number' && claims.auth_time * 1000 <= now
          ? new Date(claims.auth_time * 1000)
          : new Date(now);
      const code = randomToken();
      await app.db.execute(
        sql`INSERT INTO oauth_codes (code_hash, user_id, expires_at, browser_hash, auth_time)
            VALUES (${sha256(code)}, ${user.id}, ${new Date(now + CODE_TTL_MS)}, ${browserHash}, ${authTime})`,
      );
      return code;
    },

    async redeem(code, browserSecret) {
      if (!browserSecret) throw badRequest(OTHER_BROWSER);
      const [r] = await rows<{ user_id: string; expires_at: Date | string; auth_time: Date | string | null }>(
        app.db,
        sql`DELETE FROM oauth_codes WHERE code_hash = ${sha256(code)} AND browser_hash = ${sha256(browserSecret)}
            RETURNING user_id, expires_at, auth_time`,
      );
      if (!r || new Date(r.expires_at).getTime() < Date.now()) {
        throw badRequest('This sign-in code is not valid or has expired. Please sign in again.');
      }
      return { userId: r.user_id, authTime: r.auth_time ? new Date(r.auth_time) : new Date() };
    },
  };
  app.decorate('oidc', oidc);
}

export default fp(oidcPlugin, { name: 'oidc', dependencies: ['database', 'users-repository'] });
