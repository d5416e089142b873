import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { appendSetCookie, readCookie, serializeCookie } from '../../lib/cookies.js';
import { badRequest, HttpError, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid, randomToken } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { bearerToken, currentUser } from '../../plugins/app/auth.js';
import {
  clearRefreshCookie,
  refreshCookieOf,
  setRefreshCookie,
  startSession,
} from '../../plugins/app/sessions.js';
import { errors, OkMessage, OkValue } from '../../schemas/entities.js';
import { Email, Password, PlanetLocation, UserName } from '../../schemas/fields.js';

export const LOGIN_FAILED = 'No account exists with that email and password.';
export const FORGOT_ANSWER = 'If an account exists, a password reset email was sent.';
export const SESSION_ENDED = 'Your session is missing or has expired. Please sign in again.';
export const SIGNED_OUT = 'You have been signed out.';
export const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device.';
const RESET_TTL_MS = 60 * 60 * 1000;
/** The identity-provider flow's browser binding: `__Host-` (Secure, Path=/, no Domain) wherever the browser allows it. */
const OIDC_COOKIE_SECURE = '__Host-skynet_oidc';
/** On a plain-http origin other than localhost a Secure cookie would be refused: the same cookie without the prefix. */
const OIDC_COOKIE_PLAIN = 'skynet_oidc';
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;

const SessionInfo = Type.Object({
  _id: Type.String(),
  userAgent: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
  current: Type.Boolean({ description: 'The session of the token that asked.' }),
});

/** Sign-up, sign-in, token refresh, logout and sessions, identity-provider sign-in, forgot/reset password. */
export default async function userAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { config } = app;
  const authLimit = { max: 10, timeWindow: '1 minute' };
  const https = config.publicOrigin.startsWith('https:');
  const localhost = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.publicOrigin).hostname);
  const oidcCookie = https || localhost ? OIDC_COOKIE_SECURE : OIDC_COOKIE_PLAIN;
  const oidcCookieOptions = (maxAge: number) => ({
    path: '/',
    maxAge,
    sameSite: 'Lax' as const,
    secure: oidcCookie === OIDC_COOKIE_SECURE,
  });

  app.post(
    '/user/signup',
    {
      config: { public: true, rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: Type.Object({ email: Email, userName: UserName, password: Password, location: PlanetLocation }),
        response: { 200: OkValue(Type.String({ description: 'JWT' })), ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email, userName, password, location } = request.body;
      if (!(await app.planetsRepository.exists(location.planetId))) throw badRequest('Unknown planet.');
      const user = await app.usersRepository.create({
        userName,
        email: email.toLowerCase(),
        passwordHash: await hashPassword(password),
        planetId: location.planetId,
        latitude: location.latitude,
        longitude: location.longitude,
      });
      return { success: true as const, value: await startSession(app, request, reply, user) };
    },
  );

  app.post(
    '/user/login',
    {
      config: { public: true, rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: Type.Object({
          email: Type.String({ maxLength: 254 }),
          password: Type.String({ maxLength: 128 }),
        }),
        response: { 200: OkValue(Type.String({ description: 'JWT' })), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await app.usersRepository.byEmail(email.trim());
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw unauthorized(LOGIN_FAILED);
      if (user.deleted_at)
        throw new HttpError(403, 'This account has been deleted. Contact support to restore it.');
      return { success: true as const, value: await startSession(app, request, reply, user) };
    },
  );

  app.get(
    '/user/login',
    {
      // Public so that an expired access token can be renewed with the refresh cookie; answers 401 otherwise.
      config: { public: true },
      schema: {
        tags: ['auth'],
        description:
          'No query: 200 when the token is valid (401 otherwise). token=refresh: a new access token in value. ' +
          'With the refresh cookie (set at sign-in) the cookie is rotated and the token lasts the full access ' +
          'lifetime; with only a valid bearer token the new token ends when that one does. A rotated refresh ' +
          'token presented again ends its session.',
        querystring: Type.Object({ token: Type.Optional(Type.Literal('refresh')) }),
        response: {
          200: Type.Object({ success: Type.Literal(true), value: Type.Optional(Type.String()) }),
          ...errors(400, 401),
        },
      },
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
    '/user/logout',
    {
      // Public: an expired access token or the refresh cookie alone still names the session to end.
      config: { public: true, rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        description:
          "Ends this sign-in on the server: the bearer token's session and the refresh cookie's session are " +
          'revoked (their access tokens and live sockets stop within a second) and the cookie is cleared. Always ' +
          '200: signing out twice is not an error.',
        response: { 200: OkMessage, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      const presented = bearer ? await app.tokens.inspect(bearer) : null;
      const cookie = refreshCookieOf(request);
      const fromCookie = cookie ? await app.sessions.ofRefreshToken(cookie) : null;
      const ended = new Set<string>();
      if (presented?.sid) {
        if (await app.sessions.revoke(presented.sid, 'logout', presented.sub)) ended.add(presented.sid);
      } else if (presented && request.user) {
        // A token from before sessions existed cannot be ended alone: every such token of the account ends.
        await app.usersRepository.bumpTokenVersion(request.user.id);
        app.tokens.forget(request.user.id);
      }
      if (fromCookie && (!presented || presented.sub === fromCookie.user_id)) {
        if (await app.sessions.revoke(fromCookie.id, 'logout')) ended.add(fromCookie.id);
      }
      for (const id of ended) app.tokens.forgetSession(id);
      clearRefreshCookie(app, reply);
      return { success: true as const, message: SIGNED_OUT };
    },
  );

  app.get(
    '/user/sessions',
    {
      schema: {
        tags: ['auth'],
        description: 'Your live sessions (sign-ins), most recently used first; `current` marks this one.',
        response: { 200: OkValue(Type.Array(SessionInfo)), ...errors(401) },
      },
    },
    async (request) => {
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
    },
  );

  app.delete(
    '/user/sessions/:sessionId',
    {
      schema: {
        tags: ['auth'],
        description: 'Signs one of your sessions out (its tokens and live sockets end within a second).',
        params: Type.Object({ sessionId: Type.String({ maxLength: 64 }) }),
        response: { 200: OkMessage, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { sessionId } = request.params;
      if (!isUuid(sessionId) || !(await app.sessions.revoke(sessionId, 'signed out from settings', user.id)))
        throw notFound('That session does not exist or has already ended.');
      app.tokens.forgetSession(sessionId);
      if (sessionId === user.sessionId) clearRefreshCookie(app, reply);
      return { success: true as const, message: 'That session has been signed out.' };
    },
  );

  app.delete(
    '/user/sessions',
    {
      schema: {
        tags: ['auth'],
        description: 'Sign out everywhere: every session of yours ends, this one included.',
        response: { 200: OkMessage, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await app.sessions.revokeAll(user.id, 'signed out everywhere');
      // Tokens from before sessions existed end too.
      await app.usersRepository.bumpTokenVersion(user.id);
      app.tokens.forget(user.id);
      app.realtime.disconnectUser(user.id);
      clearRefreshCookie(app, reply);
      return { success: true as const, message: SIGNED_OUT_EVERYWHERE };
    },
  );

  app.post(
    '/user/oauth/google',
    {
      config: { public: true, rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        security: [],
        description: "The identity provider's authorization URL (OpenID Connect, PKCE, state, nonce).",
        response: { 200: OkValue(Type.String()), ...errors(400, 502) },
      },
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
    '/user/oauth/callback',
    {
      config: { public: true },
      schema: { tags: ['auth'], security: [], hide: false, description: 'Provider redirect target.' },
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
    '/user/oauth/token',
    {
      config: { public: true, rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        security: [],
        description: 'Exchanges the one-time code of /login?code=... for a token (single use, 2 minutes).',
        body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: OkValue(Type.String({ description: 'JWT' })), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const browserSecret = readCookie(request.headers.cookie, oidcCookie);
      const { userId, authTime } = await app.oidc.redeem(request.body.code, browserSecret);
      appendSetCookie(reply, serializeCookie(oidcCookie, '', oidcCookieOptions(0)));
      const user = await app.usersRepository.byId(userId);
      if (!user || user.deleted_at) throw badRequest('This account cannot sign in.');
      return { success: true as const, value: await startSession(app, request, reply, user, authTime) };
    },
  );

  app.post(
    '/user/forgetpassword',
    {
      config: { public: true, rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        security: [],
        description: 'Same answer whether or not the address has an account.',
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
        response: { 200: OkMessage, ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await app.usersRepository.byEmail(email);
      if (user?.email && !user.deleted_at && user.password_hash !== null) {
        const token = randomToken();
        await app.usersRepository.addPasswordReset(user.id, token, new Date(Date.now() + RESET_TTL_MS));
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
    '/user/resetpassword/:token',
    {
      config: { public: true, rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        security: [],
        params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        body: Type.Object({ password: Password, confirmpassword: Type.String({ maxLength: 128 }) }),
        response: { 200: OkMessage, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { password, confirmpassword } = request.body;
      if (password !== confirmpassword) throw badRequest('The passwords do not match.');
      const passwordHash = await hashPassword(password);
      const userId = await app.usersRepository.resetPassword(request.params.token, passwordHash);
      if (!userId) throw badRequest('This reset link is not valid or has expired. Please ask for a new one.');
      await app.sessions.revokeAll(userId, 'password reset');
      app.tokens.forget(userId);
      app.realtime.disconnectUser(userId);
      return { success: true as const, message: 'Your password has been reset!' };
    },
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
