// Issue 32, accounts an attacker cannot take: the second factor (authenticator app, passkeys, recovery codes), the
// sign-in's second step, e-mail confirmation of a sign-up and the person's security event log ("Recent activity").
import { Type } from '@sinclair/typebox';
import { defineCall } from './call.js';
import { AccountSecurity, PasskeyInfo, SecurityEvent } from './entities.js';
import { errors, OkMessage, OkValue } from './envelope.js';
import { IdParams, LinkToken, PageQuery, PasswordText } from './fields.js';

const tags = ['security'] as const;
/** A one-time code as typed: six digits of an authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const OneTimeCode = Type.String({ minLength: 1, maxLength: 32 });
const Jwt = Type.String({ description: 'JWT' });
/** WebAuthn JSON (options and responses): checked by @simplewebauthn/server, not by shape here. */
const WebAuthnJson = Type.Record(Type.String(), Type.Unknown());
const RecoveryCodes = OkValue(
  Type.Object({
    recoveryCodes: Type.Array(Type.String(), {
      description: 'Ten single-use codes, shown once: each signs in instead of a code from the app.',
    }),
  }),
);
/** Turning a second factor off, or renewing recovery codes: the password and a current code. */
const PasswordAndCode = Type.Object({
  password: Type.Optional(PasswordText),
  code: OneTimeCode,
});

export const securityCalls = {
  accountSecurity: defineCall({
    operationId: 'accountSecurity',
    method: 'GET',
    path: '/user/security',
    tags,
    description:
      'What protects your account: a confirmed address, the authenticator app, passkeys, recovery codes.',
    response: { 200: OkValue(AccountSecurity), ...errors(401) },
  }),
  activity: defineCall({
    operationId: 'activity',
    method: 'GET',
    path: '/user/activity',
    tags,
    description:
      'Recent activity: your security events (sign-ins and failures, second factors, resets, password and e-mail ' +
      'changes, session ends, admin actions), newest first, 20 a page, page counts from 0; kept 180 days.',
    querystring: PageQuery,
    response: { 200: OkValue(Type.Array(SecurityEvent)), ...errors(400, 401) },
  }),
  totpSetup: defineCall({
    operationId: 'totpSetup',
    method: 'POST',
    path: '/user/2fa/totp/setup',
    tags,
    description:
      'A new authenticator secret to scan or type (nothing is enforced until `totpEnable` confirms a code from it).',
    response: {
      200: OkValue(Type.Object({ secret: Type.String(), otpauthUrl: Type.String() })),
      ...errors(400, 401, 409, 429),
    },
  }),
  totpEnable: defineCall({
    operationId: 'totpEnable',
    method: 'POST',
    path: '/user/2fa/totp/enable',
    tags,
    description:
      'Turns the authenticator on with a current code from it; answers new recovery codes (shown once).',
    body: Type.Object({ code: OneTimeCode }),
    response: { 200: RecoveryCodes, ...errors(400, 401, 409, 429) },
  }),
  totpDisable: defineCall({
    operationId: 'totpDisable',
    method: 'POST',
    path: '/user/2fa/totp/disable',
    tags,
    description: 'Turns the authenticator off: needs your password and a current code (or a recovery code).',
    body: PasswordAndCode,
    response: { 200: OkMessage, ...errors(400, 401, 403, 429) },
  }),
  recoveryCodes: defineCall({
    operationId: 'recoveryCodes',
    method: 'POST',
    path: '/user/2fa/recovery',
    tags,
    description: 'New recovery codes (the old ones stop working): needs your password and a current code.',
    body: PasswordAndCode,
    response: { 200: RecoveryCodes, ...errors(400, 401, 403, 409, 429) },
  }),
  passkeyOptions: defineCall({
    operationId: 'passkeyOptions',
    method: 'POST',
    path: '/user/2fa/passkeys/options',
    tags,
    description: 'PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create (5 minutes).',
    response: { 200: OkValue(WebAuthnJson), ...errors(401, 429) },
  }),
  passkeyAdd: defineCall({
    operationId: 'passkeyAdd',
    method: 'POST',
    path: '/user/2fa/passkeys',
    tags,
    description:
      'Registers a passkey from the browser’s answer to `passkeyOptions`; answers recovery codes when ' +
      'it is your first second factor (else `recoveryCodes` is empty).',
    body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }), response: WebAuthnJson }),
    response: {
      200: OkValue(Type.Object({ passkey: PasskeyInfo, recoveryCodes: Type.Array(Type.String()) })),
      ...errors(400, 401, 409, 429),
    },
  }),
  passkeyRemove: defineCall({
    operationId: 'passkeyRemove',
    method: 'POST',
    path: '/user/2fa/passkeys/:id/remove',
    tags,
    description:
      'Removes a passkey: needs your password and a current code (authenticator or recovery code).',
    params: IdParams,
    body: PasswordAndCode,
    response: { 200: OkMessage, ...errors(400, 401, 403, 404, 429) },
  }),
  loginSecondFactor: defineCall({
    operationId: 'loginSecondFactor',
    method: 'POST',
    path: '/user/login/2fa',
    tags,
    public: true,
    description:
      'The second step of a sign-in that answered `secondFactor`: a code from the authenticator, a recovery code, ' +
      'or the passkey’s answer (`passkey`) to `passkeyOptions`. The token, as sign-in gives it.',
    body: Type.Object({
      challenge: LinkToken,
      code: Type.Optional(OneTimeCode),
      passkey: Type.Optional(WebAuthnJson),
    }),
    response: { 200: OkValue(Jwt), ...errors(400, 401, 403, 429) },
  }),
  verifyEmail: defineCall({
    operationId: 'verifyEmail',
    method: 'POST',
    path: '/user/verifyEmail',
    tags,
    public: true,
    description: 'Confirms the address of a sign-up with the mailed link’s token (48 hours).',
    body: Type.Object({ token: LinkToken }),
    response: { 200: OkMessage, ...errors(400, 429) },
  }),
  resendVerification: defineCall({
    operationId: 'resendVerification',
    method: 'POST',
    path: '/user/verifyEmail/resend',
    tags,
    description: 'Mails a new confirmation link to your address (earlier ones stop working).',
    response: { 200: OkMessage, ...errors(401, 409, 429) },
  }),
};
