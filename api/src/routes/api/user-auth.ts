import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, unauthorized } from '../../lib/errors.js';
import { randomToken } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { errors, OkMessage, OkValue } from '../../schemas/entities.js';
import { Email, Password, PlanetLocation, UserName } from '../../schemas/fields.js';

export const LOGIN_FAILED = 'No account exists with that email and password.';
export const FORGOT_ANSWER = 'If an account exists, a password reset email was sent.';
const RESET_TTL_MS = 60 * 60 * 1000;

/** Sign-up, sign-in, token refresh, identity-provider sign-in, forgot/reset password. */
export default async function userAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { config } = app;
  const authLimit = { max: 10, timeWindow: '1 minute' };

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
    async (request) => {
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
      return {
        success: true as const,
        value: await app.tokens.sign({ id: user.id, tokenVersion: user.token_version }),
      };
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
    async (request) => {
      const { email, password } = request.body;
      const user = await app.usersRepository.byEmail(email.trim());
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw unauthorized(LOGIN_FAILED);
      if (user.deleted_at)
        throw new HttpError(403, 'This account has been deleted. Contact support to restore it.');
      return {
        success: true as const,
        value: await app.tokens.sign({ id: user.id, tokenVersion: user.token_version }),
      };
    },
  );

  app.get(
    '/user/login',
    {
      schema: {
        tags: ['auth'],
        description:
          'No query: 200 when the token is valid (401 otherwise). token=refresh: a new token in value.',
        querystring: Type.Object({ token: Type.Optional(Type.Literal('refresh')) }),
        response: {
          200: Type.Object({ success: Type.Literal(true), value: Type.Optional(Type.String()) }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.query.token === 'refresh') {
        return { success: true as const, value: await app.tokens.sign(user) };
      }
      return { success: true as const };
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
    async () => ({ success: true as const, value: await app.oidc.authorizationUrl() }),
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
        target.searchParams.set('code', await app.oidc.callback(new URL(app.oidc.redirectUri + url.search)));
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
    async (request) => {
      const userId = await app.oidc.redeem(request.body.code);
      const user = await app.usersRepository.byId(userId);
      if (!user || user.deleted_at) throw badRequest('This account cannot sign in.');
      return {
        success: true as const,
        value: await app.tokens.sign({ id: user.id, tokenVersion: user.token_version }),
      };
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
      app.tokens.forget(userId);
      app.realtime.disconnectUser(userId);
      return { success: true as const, message: 'Your password has been reset!' };
    },
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
