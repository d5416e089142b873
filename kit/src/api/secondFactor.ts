// The sign-in's second step (issue 32; API docs: contract/src/api/security.ts, loginSecondFactor): what the shell's
// login page and its lazily loaded step bundle, and nothing else of issue 32's calls.
import type { Envelope, SecondFactorChallenge } from '@skynet/contract';
import { http, unwrap } from '@skynet/shared';
import type { SecurityBodyOf, SecurityValueOf, WebAuthnJson } from './security';

/**
 * The second-factor challenge a refused sign-in carries (POST /user/login answers 401 with `value` when the account
 * has a second factor), or null when the failure is anything else (a wrong password, the network...).
 */
export function secondFactorOf(error: unknown): SecondFactorChallenge | null {
  const response = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  if (response?.status !== 401) return null;
  const value = (response.data as { value?: Partial<SecondFactorChallenge> } | null)?.value;
  if (!value || typeof value.challenge !== 'string' || !value.challenge) return null;
  const methods = Array.isArray(value.methods) ? value.methods : [];
  const secondFactor = value.secondFactor === 'passkey' ? 'passkey' : 'totp';
  return {
    secondFactor,
    methods: methods.length > 0 ? methods : [secondFactor],
    challenge: value.challenge,
    ...(value.passkeyOptions === undefined ? {} : { passkeyOptions: value.passkeyOptions }),
  };
}

async function secondStep(body: SecurityBodyOf<'loginSecondFactor'>): Promise<string> {
  const envelope = (await http.post<Envelope<SecurityValueOf<'loginSecondFactor'>>>('/user/login/2fa', body))
    .data;
  const token = unwrap(envelope);
  if (typeof token !== 'string' || !token) throw new Error('Invalid login response');
  return token;
}

/** The sign-in's second step: answers the token, as sign-in does. */
export const secondFactorApi = {
  /** A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`). */
  withCode: (challenge: string, code: string): Promise<string> =>
    secondStep({ challenge, code: code.trim() }),
  /** The browser's answer to the challenge's `passkeyOptions` (startAuthentication). */
  withPasskey: (challenge: string, passkey: WebAuthnJson): Promise<string> =>
    secondStep({ challenge, passkey }),
};
