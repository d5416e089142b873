import { calls } from '@skynet/contract/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/database.js';
import { appendSetCookie, readCookie, serializeCookie } from '../../lib/cookies.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid, randomToken, sha256 } from '../../lib/ids.js';
import { requireStrongPassword } from '../../lib/password-strength.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { ACCOUNT_SUSPENDED, bearerToken, currentUser } from '../../plugins/app/auth.js';
import { markEmailVerified, sendEmailVerification } from '../../plugins/app/email-verification.js';
import { methodsOf } from '../../plugins/app/second-factor.js';
import { sendSecurityNotice } from '../../plugins/app/security-notices.js';
import {
  clearRefreshCookie,
  refreshCookieOf,
  setRefreshCookie,
  startSession,
} from '../../plugins/app/sessions.js';
import { ACCOUNT_LIMITS, byAddress, perAccountLimit } from '../../plugins/external/rate-limit.js';
import { PASSKEY_REQUIRED, SECOND_FACTOR_REQUIRED } from './second-factor.js';

export const LOGIN_FAILED = 'No account exists with that email and password.';
export const FORGOT_ANSWER = 'If an account exists, a password reset email was sent.';
export const SESSION_ENDED = 'Your session is missing or has expired. Please sign in again.';
export const SIGNED_OUT = 'You have been signed out.';
export const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device.';
const RESET_TTL_MS = 60 * 60 * 1000;
const RESET_LINK_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';

/** The account a live reset link belongs to (its name and address, which the new password must not contain). */
async function resetLinkOwner(db: Db, token: string) {
  const [found] = await rows<{ user_name: string; email: string | null }>(
    db,
    sql`SELECT u.user_name, u.email FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE r.token_hash = ${sha256(token)} AND r.used_at IS NULL AND r.expires_at > now()
          AND u.deleted_at IS NULL`,
  );
  return found ?? null;
}
/** The identity-provider flow's browser binding: `__Host-` (Secure, Path=/, no Domain) wherever the browser allows it. */
const OIDC_COOKIE_SECURE = '__Host-skynet_oidc';
/** On a plain-http origin other than localhost a Secure cookie would be refused: the same cookie without the prefix. */
const OIDC_COOKIE_PLAIN = 'skynet_oidc';
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;

/** Sign-up, sign-in, token refresh, logout and sessions, identity-provider sign-in, forgot/reset password. */
export default async function userAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { config } = app;
  const authLimit = { max: 10, timeWindow: '1 minute' };
  // Sign-in, sign-up, reset and the identity provider's steps count per client address whatever token is sent.
  const guessLimit = byAddress(authLimit);
  const emailOfBody = (request: FastifyRequest) =>
    String((request.body as { email?: unknown } | undefined)?.email ?? '');
  const https = config.publicOrigin.startsWith('https:');
  const localhost = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.publicOrigin).hostname);
  const oidcCookie = https || localhost ? OIDC_COOKIE_SECURE : OIDC_COOKIE_PLAIN;
  /**
   * A second factor enrolled (issue 32): no session yet; the answer (401) carries the challenge of the second step,
   * POST /user/login/2fa. Null when the account has none.
   */
  const secondFactorChallenge = async (userId: string) => {
    const factors = await app.secondFactor.of(userId);
    const methods = methodsOf(factors);
    if (methods.length === 0) return null;
    const started = await app.secondFactor.startLogin(userId, factors);
    return {
      success: false as const,
      error: factors.totp ? SECOND_FACTOR_REQUIRED : PASSKEY_REQUIRED,
      value: { secondFactor: factors.totp ? ('totp' as const) : ('passkey' as const), methods, ...started },
    };
  };
  const oidcCookieOptions = (maxAge: number) => ({
    path: '/',
    maxAge,
    sameSite: 'Lax' as const,
    secure: oidcCookie === OIDC_COOKIE_SECURE,
  });

  app.post(
    calls.signup.path,
    {
      config: { public: true, rateLimit: guessLimit },
      schema: routeSchema(calls.signup),
    },
    async (request, reply) => {
      const { email, userName, password, location } = request.body;
      if (!(await app.planetsRepository.exists(location.planetId))) throw badRequest('Unknown planet.');
      await requireStrongPassword(password, { userName, email });
      const user = await app.usersRepository.create({
        userName,
        email: email.toLowerCase(),
        passwordHash: await hashPassword(password),
        planetId: location.planetId,
        latitude: location.latitude,
        longitude: location.longitude,
      });
      const value = await startSession(app, request, reply, user, undefined, { event: 'signup' });
      // The address is confirmed by the mailed link (SIGNUP_CONFIRMATION=off: at once, nothing mailed).
      if (config.signupConfirmation) await sendEmailVerification(app, request, user);
      else await markEmailVerified(app.db, user.id);
      return { success: true as const, value };
    },
  );

  app.post(
    calls.login.path,
    {
      config: { public: true, rateLimit: guessLimit },
      preHandler: perAccountLimit(fastify, ACCOUNT_LIMITS.signIn, emailOfBody),
      schema: routeSchema(calls.login),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await app.usersRepository.byEmail(email.trim());
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) {
        // Recorded on the account the address names (an unknown address has no one to show it to). Not awaited (it
        // never throws): the answer must not take longer when the address has an account.
        if (user && !user.deleted_at)
          void app.securityLog.record(request, user.id, 'signin-failed', 'wrong password');
        throw unauthorized(LOGIN_FAILED);
      }
      if (user.deleted_at)
        throw new HttpError(403, 'This account has been deleted. Contact support to restore it.');
      if (user.suspended_at) {
        await app.securityLog.record(request, user.id, 'signin-failed', 'account suspended');
        throw forbidden(ACCOUNT_SUSPENDED);
      }
      const challenge = await secondFactorChallenge(user.id);
      if (challenge) return reply.code(401).send(challenge);
      return {
        success: true as const,
        value: await startSession(app, request, reply, user, undefined, { detail: 'password' }),
      };
    },
  );

  app.get(
    calls.checkToken.path,
    {
      config: { public: true },
      schema: routeSchema(calls.checkToken),
    },
    async (request, reply) => {
      if (request.query.token !== 'refresh') {
        currentUser(request);
        return { success: true as const };
      }
      const cookie = refreshCookieOf(request);
      if (cookie) {
        const bearer = bearerToken(request.headers.authorization);
        const presented = bearer ? await app.tokens.inspect(bearer) : null;
        const owner = await app.sessions.ofRefreshToken(cookie);
        // A bearer token of another session (another person signed in meanwhile) is never swapped silently.
        if (owner && !(presented?.sid && presented.sid !== owner.id)) {
          const result = await app.sessions.rotate(cookie);
          if (result.kind === 'reused') {
            app.tokens.forgetSession(result.sessionId);
            clearRefreshCookie(app, reply);
            request.log.warn({ session: result.sessionId }, 'refresh token reused: session revoked');
            throw unauthorized(SESSION_ENDED);
          }
          if (result.kind === 'rotated' || result.kind === 'grace') {
            const account = await app.tokens.account(result.session.user_id);
            if (account?.suspended) {
              clearRefreshCookie(app, reply);
              throw forbidden(ACCOUNT_SUSPENDED);
            }
            if (account) {
              if (result.kind === 'rotated')
                setRefreshCookie(app, reply, result.refreshToken, result.refreshExpiresAt);
              const value = await app.tokens.sign({
                id: account.id,
                tokenVersion: account.tokenVersion,
                sessionId: result.session.id,
                sessionEnds: result.session.expires_at,
              });
              return { success: true as const, value };
            }
          }
        }
        clearRefreshCookie(app, reply);
      }
      // No usable cookie: a valid bearer token gets a new token that ends when it does (nothing is extended).
      const user = currentUser(request);
      if (user.suspended) throw forbidden(ACCOUNT_SUSPENDED);
      const value = await app.tokens.sign({
        id: user.id,
        tokenVersion: user.tokenVersion,
        sessionId: user.sessionId,
        keepExpiry: user.expiresAt,
      });
      return { success: true as const, value };
    },
  );

  app.post(
    calls.logout.path,
    {
      config: { public: true, rateLimit: authLimit },
      schema: routeSchema(calls.logout),
    },
    async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      const presented = bearer ? await app.tokens.inspect(bearer) : null;
      const cookie = refreshCookieOf(request);
      const fromCookie = cookie ? await app.sessions.ofRefreshToken(cookie) : null;
      const ended = new Set<string>();
      // Every token names its session (issue 32: inspect refuses one without `sid`).
      if (presented) {
        if (await app.sessions.revoke(presented.sid, 'logout', presented.sub)) ended.add(presented.sid);
      }
      if (fromCookie && (!presented || presented.sub === fromCookie.user_id)) {
        if (await app.sessions.revoke(fromCookie.id, 'logout')) ended.add(fromCookie.id);
      }
      for (const id of ended) app.tokens.forgetSession(id);
      const who = presented?.sub ?? fromCookie?.user_id;
      if (who && (ended.size > 0 || request.user)) await app.securityLog.record(request, who, 'signout');
      clearRefreshCookie(app, reply);
      return { success: true as const, message: SIGNED_OUT };
    },
  );

  app.get(calls.sessions.path, { schema: routeSchema(calls.sessions) }, async (request) => {
    const user = currentUser(request);
    const list = await app.sessions.list(user.id);
    return {
      success: true as const,
      value: list.map((s) => ({
        _id: s.id,
        userAgent: s.user_agent,
        createdAt: new Date(s.created_at).toISOString(),
        lastUsedAt: new Date(s.last_used_at).toISOString(),
        current: s.id === user.sessionId,
      })),
    };
  });

  app.delete(calls.endSession.path, { schema: routeSchema(calls.endSession) }, async (request, reply) => {
    const user = currentUser(request);
    const { sessionId } = request.params;
    if (!isUuid(sessionId) || !(await app.sessions.revoke(sessionId, 'signed out from settings', user.id)))
      throw notFound('That session does not exist or has already ended.');
    app.tokens.forgetSession(sessionId);
    await app.securityLog.record(
      request,
      user.id,
      'session-ended',
      sessionId === user.sessionId ? 'this session, from Settings' : 'another session, from Settings',
    );
    if (sessionId === user.sessionId) clearRefreshCookie(app, reply);
    return { success: true as const, message: 'That session has been signed out.' };
  });

  app.delete(
    calls.endAllSessions.path,
    { schema: routeSchema(calls.endAllSessions) },
    async (request, reply) => {
      const user = currentUser(request);
      const count = await app.sessions.revokeAll(user.id, 'signed out everywhere');
      await app.securityLog.record(request, user.id, 'sessions-ended', `${count} session(s)`);
      // Tokens from before sessions existed end too.
      await app.usersRepository.bumpTokenVersion(user.id);
      app.tokens.forget(user.id);
      app.realtime.disconnectUser(user.id);
      clearRefreshCookie(app, reply);
      return { success: true as const, message: SIGNED_OUT_EVERYWHERE };
    },
  );

  app.post(
    calls.identityProviderUrl.path,
    {
      config: { public: true, rateLimit: guessLimit },
      schema: routeSchema(calls.identityProviderUrl),
    },
    async (_request, reply) => {
      // The flow is bound to this browser: the secret travels in a cookie, only its hash is stored with the state.
      const browserSecret = randomToken();
      const value = await app.oidc.authorizationUrl(browserSecret);
      appendSetCookie(
        reply,
        serializeCookie(oidcCookie, browserSecret, oidcCookieOptions(OIDC_COOKIE_MAX_AGE_S)),
      );
      return { success: true as const, value };
    },
  );

  app.get(
    calls.identityProviderCallback.path,
    {
      config: { public: true },
      schema: routeSchema(calls.identityProviderCallback),
    },
    async (request, reply) => {
      const url = new URL(request.url, config.publicOrigin);
      const target = new URL('/login', config.publicOrigin);
      try {
        const providerError = url.searchParams.get('error');
        if (providerError) throw badRequest(`The identity provider refused the sign-in (${providerError}).`);
        const browserSecret = readCookie(request.headers.cookie, oidcCookie);
        target.searchParams.set(
          'code',
          await app.oidc.callback(new URL(app.oidc.redirectUri + url.search), browserSecret),
        );
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500)
          request.log.error({ err }, 'oauth callback failed');
        target.searchParams.set('error', err instanceof HttpError ? err.message : 'The sign-in failed.');
      }
      return reply.redirect(target.href, 302);
    },
  );

  app.post(
    calls.exchangeCode.path,
    {
      config: { public: true, rateLimit: guessLimit },
      schema: routeSchema(calls.exchangeCode),
    },
    async (request, reply) => {
      const browserSecret = readCookie(request.headers.cookie, oidcCookie);
      const { userId, authTime } = await app.oidc.redeem(request.body.code, browserSecret);
      appendSetCookie(reply, serializeCookie(oidcCookie, '', oidcCookieOptions(0)));
      const user = await app.usersRepository.byId(userId);
      if (!user || user.deleted_at) throw badRequest('This account cannot sign in.');
      if (user.suspended_at) throw forbidden(ACCOUNT_SUSPENDED);
      // The provider proved the first factor; an account that enrolled a second one is asked for it all the same.
      const challenge = await secondFactorChallenge(user.id);
      if (challenge) return reply.code(401).send(challenge);
      return {
        success: true as const,
        value: await startSession(app, request, reply, user, authTime, { detail: 'identity provider' }),
      };
    },
  );

  app.post(
    calls.forgotPassword.path,
    {
      config: { public: true, rateLimit: byAddress({ max: 5, timeWindow: '1 minute' }) },
      preHandler: perAccountLimit(fastify, ACCOUNT_LIMITS.resetRequest, emailOfBody),
      schema: routeSchema(calls.forgotPassword),
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await app.usersRepository.byEmail(email);
      if (user?.email && !user.deleted_at && user.password_hash !== null) {
        const token = randomToken();
        await app.usersRepository.addPasswordReset(user.id, token, new Date(Date.now() + RESET_TTL_MS));
        // Not awaited either (it never throws): no timing difference for an address with an account.
        void app.securityLog.record(request, user.id, 'password-reset-requested');
        const link = `${config.publicOrigin}/resetpassword/${token}`;
        // Not awaited: a slow mail server must not reveal through timing that the address has an account.
        app.mailer
          .send({
            to: user.email,
            subject: 'Reset your Skynet password',
            text: `Hello ${user.user_name},\n\nSomeone asked to reset the password of your Skynet account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays the same.\n`,
            html: `<p>Hello ${escapeHtml(user.user_name)},</p><p>Someone asked to reset the password of your Skynet account. To choose a new password, open this link within one hour:</p><p><a href="${link}">${link}</a></p><p>If it was not you, ignore this e-mail; your password stays the same.</p>`,
          })
          .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
      }
      return { success: true as const, message: FORGOT_ANSWER };
    },
  );

  app.patch(
    calls.resetPassword.path,
    {
      config: { public: true, rateLimit: guessLimit },
      schema: routeSchema(calls.resetPassword),
    },
    async (request) => {
      const { password, confirmpassword } = request.body;
      if (password !== confirmpassword) throw badRequest('The passwords do not match.');
      const owner = await resetLinkOwner(app.db, request.params.token);
      if (!owner) throw badRequest(RESET_LINK_INVALID);
      await requireStrongPassword(password, { userName: owner.user_name, email: owner.email });
      const passwordHash = await hashPassword(password);
      const userId = await app.usersRepository.resetPassword(request.params.token, passwordHash);
      if (!userId) throw badRequest(RESET_LINK_INVALID);
      await app.sessions.revokeAll(userId, 'password reset');
      app.tokens.forget(userId);
      app.realtime.disconnectUser(userId);
      await app.securityLog.record(request, userId, 'password-reset');
      await sendSecurityNotice(app, owner, 'password-reset', { userAgent: request.headers['user-agent'] });
      return { success: true as const, message: 'Your password has been reset!' };
    },
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
