import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { type SecurityEventType, securityCalls } from '@skynet/contract/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { ACCOUNT_SUSPENDED, currentUser } from '../../plugins/app/auth.js';
import { isEmailVerified } from '../../plugins/app/email-verification.js';
import { reauthenticate } from '../../plugins/app/reauthenticate.js';
import { methodsOf, type PasskeyRow } from '../../plugins/app/second-factor.js';
import { type SecurityNoticeKind, sendSecurityNotice } from '../../plugins/app/security-notices.js';
import { startSession } from '../../plugins/app/sessions.js';
import type { UserRow } from '../../plugins/app/users-repository.js';
import { byAddress } from '../../plugins/external/rate-limit.js';

export const CODE_WRONG = 'That code is not correct. Enter the current code from your authenticator app.';
export const SECOND_FACTOR_REQUIRED = 'Enter the code from your authenticator app to finish signing in.';
export const PASSKEY_REQUIRED = 'Use your passkey to finish signing in.';
export const SECOND_FACTOR_WRONG = 'That code is not correct, or it was already used. Try the next one.';
export const CHALLENGE_OVER =
  'This sign-in has expired or had too many wrong codes. Sign in again with your password.';
export const PASSKEY_FAILED = 'The passkey could not be verified. Try again, or use another way to sign in.';
export const TOTP_ALREADY_ON = 'The authenticator app is already on. Turn it off first to set up a new one.';
export const NO_TOTP_SETUP = 'Set up the authenticator app first: the code did not match the secret shown.';
export const NO_SECOND_FACTOR = 'This account has no second factor.';
export const PASSKEY_NOT_ADDED =
  'The passkey could not be added: the browser’s answer did not verify or took longer than 5 minutes. Try again.';

const passkeyInfo = (p: PasskeyRow) => ({
  _id: p.id,
  name: p.name,
  createdAt: new Date(p.created_at).toISOString(),
  lastUsedAt: p.last_used_at ? new Date(p.last_used_at).toISOString() : null,
});

/** Guessing codes with a stolen session: a person types a few a minute at most. */
const CODE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Issue 32: the second factor in Settings, and the sign-in's second step. */
export default async function secondFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const factors = app.secondFactor;

  const me = async (id: string): Promise<UserRow> => {
    const row = await app.usersRepository.byId(id);
    if (!row || row.deleted_at) throw notFound('Account not found.');
    return row;
  };

  /** Password and a current code, before a second factor is turned off or its recovery codes renewed. */
  const passwordAndCode = async (request: FastifyRequest, body: { password?: string; code: string }) => {
    const user = currentUser(request);
    const row = await me(user.id);
    await reauthenticate(app, row, user, body.password);
    if (methodsOf(await factors.of(row.id)).length === 0) throw conflict(NO_SECOND_FACTOR);
    const used = await factors.useCode(row.id, body.code);
    if (!used) throw badRequest(CODE_WRONG);
    return { row, used };
  };

  /** The owner is told of every change of their second factor (ASVS 2.5.5) and it joins Recent activity. */
  const changed = async (
    request: FastifyRequest,
    row: UserRow,
    type: SecurityEventType,
    notice: SecurityNoticeKind | null,
    what: string,
  ) => {
    await app.securityLog.record(request, row.id, type, what);
    if (notice)
      await sendSecurityNotice(app, row, notice, { userAgent: request.headers['user-agent'], what });
  };

  app.get(
    securityCalls.accountSecurity.path,
    { schema: routeSchema(securityCalls.accountSecurity) },
    async (request) => {
      const row = await me(currentUser(request).id);
      const [f, emailVerified] = await Promise.all([factors.of(row.id), isEmailVerified(app.db, row.id)]);
      return {
        success: true as const,
        value: {
          emailVerified,
          hasPassword: row.password_hash !== null,
          totp: f.totp,
          passkeys: f.passkeys.map(passkeyInfo),
          recoveryCodesLeft: f.recoveryCodesLeft,
        },
      };
    },
  );

  app.post(
    securityCalls.totpSetup.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.totpSetup) },
    async (request) => {
      const row = await me(currentUser(request).id);
      if ((await factors.of(row.id)).totp) throw conflict(TOTP_ALREADY_ON);
      return { success: true as const, value: await factors.setupTotp(row.id, row.email ?? row.user_name) };
    },
  );

  app.post(
    securityCalls.totpEnable.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.totpEnable) },
    async (request) => {
      const row = await me(currentUser(request).id);
      if ((await factors.of(row.id)).totp) throw conflict(TOTP_ALREADY_ON);
      const recoveryCodes = await factors.enableTotp(row.id, request.body.code);
      if (!recoveryCodes) throw badRequest(NO_TOTP_SETUP);
      await changed(request, row, 'totp-enabled', 'second-factor-added', 'an authenticator app');
      return { success: true as const, value: { recoveryCodes } };
    },
  );

  app.post(
    securityCalls.totpDisable.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.totpDisable) },
    async (request) => {
      const { row } = await passwordAndCode(request, request.body);
      if (!(await factors.of(row.id)).totp) throw conflict('The authenticator app is not on.');
      await factors.disableTotp(row.id);
      await changed(request, row, 'totp-disabled', 'second-factor-removed', 'the authenticator app');
      return { success: true as const, message: 'The authenticator app is off.' };
    },
  );

  app.post(
    securityCalls.recoveryCodes.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.recoveryCodes) },
    async (request) => {
      const { row } = await passwordAndCode(request, request.body);
      const recoveryCodes = await factors.renewRecoveryCodes(row.id);
      await changed(request, row, 'recovery-codes-renewed', null, 'new recovery codes');
      return { success: true as const, value: { recoveryCodes } };
    },
  );

  app.post(
    securityCalls.passkeyOptions.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.passkeyOptions) },
    async (request) => {
      const row = await me(currentUser(request).id);
      const options = await factors.passkeyOptions(row);
      return { success: true as const, value: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    securityCalls.passkeyAdd.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.passkeyAdd) },
    async (request) => {
      const row = await me(currentUser(request).id);
      const name = request.body.name.trim();
      if (!name) throw badRequest('Give the passkey a name, such as the device it is on.');
      const added = await factors.addPasskey(
        row.id,
        name,
        // Checked field by field by verifyRegistrationResponse (a wrong shape fails the verification).
        request.body.response as unknown as RegistrationResponseJSON,
      );
      if (!added) throw badRequest(PASSKEY_NOT_ADDED);
      await changed(request, row, 'passkey-added', 'second-factor-added', `the passkey “${name}”`);
      return {
        success: true as const,
        value: { passkey: passkeyInfo(added.passkey), recoveryCodes: added.recoveryCodes },
      };
    },
  );

  app.post(
    securityCalls.passkeyRemove.path,
    { config: { rateLimit: CODE_LIMIT }, schema: routeSchema(securityCalls.passkeyRemove) },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('That passkey does not exist.');
      const { row } = await passwordAndCode(request, request.body);
      if (!(await factors.removePasskey(row.id, request.params.id)))
        throw notFound('That passkey does not exist.');
      await changed(request, row, 'passkey-removed', 'second-factor-removed', 'a passkey');
      return { success: true as const, message: 'The passkey was removed.' };
    },
  );

  app.post(
    securityCalls.loginSecondFactor.path,
    {
      config: { public: true, rateLimit: byAddress({ max: 10, timeWindow: '1 minute' }) },
      schema: routeSchema(securityCalls.loginSecondFactor),
    },
    async (request, reply) => {
      const { challenge, code, passkey } = request.body;
      if (!code && !passkey) throw badRequest('Enter a code, or use your passkey.');
      const waiting = await factors.tryLogin(challenge);
      if (!waiting) throw unauthorized(CHALLENGE_OVER);
      const used: 'totp' | 'recovery' | 'passkey' | null = passkey
        ? (await factors.usePasskey(
            waiting.userId,
            waiting.webauthnChallenge,
            // Checked by verifyAuthenticationResponse (a wrong shape fails the verification).
            passkey as unknown as AuthenticationResponseJSON,
          ))
          ? 'passkey'
          : null
        : await factors.useCode(waiting.userId, code ?? '');
      if (!used) {
        // A wrong, expired or replayed code (ASVS 2.8.5): in the person's Recent activity.
        await app.securityLog.record(
          request,
          waiting.userId,
          'second-factor-failed',
          passkey ? 'passkey' : 'code',
        );
        throw unauthorized(passkey ? PASSKEY_FAILED : SECOND_FACTOR_WRONG);
      }
      // The challenge is used once: a second request with the same passing code gets nothing.
      if (!(await factors.finishLogin(challenge))) throw unauthorized(CHALLENGE_OVER);
      const user = await app.usersRepository.byId(waiting.userId);
      if (!user || user.deleted_at) throw unauthorized(CHALLENGE_OVER);
      if (user.suspended_at) throw forbidden(ACCOUNT_SUSPENDED);
      if (used === 'recovery') await app.securityLog.record(request, user.id, 'recovery-code-used', '');
      const detail = {
        totp: 'second factor: authenticator app',
        recovery: 'second factor: recovery code',
        passkey: 'second factor: passkey',
      }[used];
      return {
        success: true as const,
        value: await startSession(app, request, reply, user, undefined, { detail }),
      };
    },
  );
}
