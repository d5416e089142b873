// Sign-up, sign-in, token refresh, logout and sessions, identity-provider sign-in, forgot/reset password.
import { Type } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../limits.js';
import { defineCall } from './call.js';
import { SecondFactorChallenge, SessionInfo } from './entities.js';
import { ErrorBody, errors, OkMessage, OkValue } from './envelope.js';
import {
  Email,
  EmailText,
  IdText,
  LinkToken,
  Password,
  PasswordText,
  PlanetLocation,
  UserName,
} from './fields.js';

const Jwt = Type.String({ description: 'JWT' });
const tags = ['auth'] as const;
/** A sign-in's 401: refused (error only), or a second factor is needed (value: the challenge; issue 32). */
const SecondFactorNeeded = Type.Object(
  { ...ErrorBody.properties, value: Type.Optional(SecondFactorChallenge) },
  {
    description:
      'Refused (error only), or a second factor is needed (value: the challenge of the second step).',
  },
);

export const authCalls = {
  signup: defineCall({
    operationId: 'signup',
    method: 'POST',
    path: '/user/signup',
    tags,
    public: true,
    body: Type.Object({ email: Email, userName: UserName, password: Password, location: PlanetLocation }),
    response: { 200: OkValue(Jwt), ...errors(400, 409, 429) },
  }),
  login: defineCall({
    operationId: 'login',
    method: 'POST',
    path: '/user/login',
    tags,
    public: true,
    description:
      'A token; or, when the account has a second factor, 401 with `value` = the challenge for POST ' +
      '/user/login/2fa (no token, no session yet). A password the breach list or the estimator calls weak is ' +
      'refused at sign-up, reset and change (400).',
    body: Type.Object({ email: EmailText, password: PasswordText }),
    response: {
      200: OkValue(Jwt),
      401: SecondFactorNeeded,
      ...errors(400, 403, 429),
    },
  }),
  checkToken: defineCall({
    operationId: 'checkToken',
    method: 'GET',
    path: '/user/login',
    tags,
    // Public so that an expired access token can be renewed with the refresh cookie; answers 401 otherwise.
    public: true,
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
  }),
  logout: defineCall({
    operationId: 'logout',
    method: 'POST',
    path: '/user/logout',
    tags,
    // An expired access token or the refresh cookie alone still names the session to end.
    public: true,
    description:
      "Ends this sign-in on the server: the bearer token's session and the refresh cookie's session are " +
      'revoked (their access tokens and live sockets stop within a second) and the cookie is cleared. Always ' +
      '200: signing out twice is not an error.',
    response: { 200: OkMessage, ...errors(400, 429) },
  }),
  sessions: defineCall({
    operationId: 'sessions',
    method: 'GET',
    path: '/user/sessions',
    tags,
    description: 'Your live sessions (sign-ins), most recently used first; `current` marks this one.',
    response: { 200: OkValue(Type.Array(SessionInfo)), ...errors(401) },
  }),
  endSession: defineCall({
    operationId: 'endSession',
    method: 'DELETE',
    path: '/user/sessions/:sessionId',
    tags,
    description: 'Signs one of your sessions out (its tokens and live sockets end within a second).',
    params: Type.Object({ sessionId: IdText }),
    response: { 200: OkMessage, ...errors(400, 401, 404) },
  }),
  endAllSessions: defineCall({
    operationId: 'endAllSessions',
    method: 'DELETE',
    path: '/user/sessions',
    tags,
    description: 'Sign out everywhere: every session of yours ends, this one included.',
    response: { 200: OkMessage, ...errors(401) },
  }),
  identityProviderUrl: defineCall({
    operationId: 'identityProviderUrl',
    method: 'POST',
    path: '/user/oauth/google',
    tags,
    public: true,
    description: "The identity provider's authorization URL (OpenID Connect, PKCE, state, nonce).",
    response: { 200: OkValue(Type.String()), ...errors(400, 502) },
  }),
  identityProviderCallback: defineCall({
    operationId: 'identityProviderCallback',
    method: 'GET',
    path: '/user/oauth/callback',
    tags,
    public: true,
    description: 'Provider redirect target.',
    answers: '302 to /login?code=... (or /login?error=...)',
  }),
  exchangeCode: defineCall({
    operationId: 'exchangeCode',
    method: 'POST',
    path: '/user/oauth/token',
    tags,
    public: true,
    description:
      'Exchanges the one-time code of /login?code=... for a token (single use, 2 minutes); or, when the account ' +
      'has a second factor, 401 with `value` = the challenge for POST /user/login/2fa, as sign-in answers.',
    body: Type.Object({ code: LinkToken }),
    response: { 200: OkValue(Jwt), 401: SecondFactorNeeded, ...errors(400, 429) },
  }),
  forgotPassword: defineCall({
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/user/forgetpassword',
    tags,
    public: true,
    description: 'Same answer whether or not the address has an account.',
    body: Type.Object({ email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) }),
    response: { 200: OkMessage, ...errors(400, 429) },
  }),
  resetPassword: defineCall({
    operationId: 'resetPassword',
    method: 'PATCH',
    path: '/user/resetpassword/:token',
    tags,
    public: true,
    params: Type.Object({ token: LinkToken }),
    body: Type.Object({ password: Password, confirmpassword: PasswordText }),
    response: { 200: OkMessage, ...errors(400, 429) },
  }),
};
