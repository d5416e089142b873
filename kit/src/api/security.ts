// Issue 32's calls (API docs: contract/src/api/security.ts): the second factors of Settings (authenticator app,
// passkeys, recovery codes), e-mail confirmation and Recent activity, typed from the contract's group of them
// (`securityCalls`, all in `calls` too). The calls of the shell's screens live beside this file, one small module
// each (secondFactor.ts: the sign-in's second step; verifyEmail.ts: the sign-up link's page): the shell bundles a
// module whole into each lazy chunk that uses it, and its JS budget is tight (docs/decisions.md).
import type { Envelope, SecondFactorChallenge } from '@skynet/contract';
import type { Body, securityCalls, Value } from '@skynet/contract/api';
import { getEnvelope as get, http, unwrap } from '@skynet/shared';

type SecurityCalls = typeof securityCalls;
export type SecurityCallName = keyof SecurityCalls;
/** The JSON body of issue 32's call `K`. */
export type SecurityBodyOf<K extends SecurityCallName> = Body<SecurityCalls[K]>;
/** The `value` of issue 32's call `K`'s 200 answer. */
export type SecurityValueOf<K extends SecurityCallName> = Value<SecurityCalls[K]>;

export type AccountSecurityInfo = SecurityValueOf<'accountSecurity'>;
export type SecurityEventEntry = SecurityValueOf<'activity'>[number];
export type PasskeyEntry = AccountSecurityInfo['passkeys'][number];
export type { SecondFactorChallenge };
/** What a browser's WebAuthn ceremony answers (@simplewebauthn/browser's JSON), sent as it is. */
export type WebAuthnJson = SecurityBodyOf<'passkeyAdd'>['response'];

const seg = (value: string) => encodeURIComponent(value);
const fresh = { cache: false } as const;

function messageOf(response: { data: unknown }): string {
  const data = response.data as { message?: unknown };
  return typeof data.message === 'string' ? data.message : 'Done.';
}

export const securityApi = {
  /** What protects the account: a confirmed address, the authenticator, passkeys, recovery codes left. */
  async overview(): Promise<AccountSecurityInfo> {
    return unwrap(await get<AccountSecurityInfo>('/user/security', fresh));
  },
  /** Recent activity, newest first, 20 a page; pages from 0. */
  async activity(page: number): Promise<SecurityValueOf<'activity'>> {
    return unwrap(await get<SecurityValueOf<'activity'>>('/user/activity', { params: { page }, ...fresh }));
  },
  /** Mails a new confirmation link; answers the server's message. */
  async resendVerification(): Promise<string> {
    return messageOf(await http.post('/user/verifyEmail/resend'));
  },
  /** A new authenticator secret (nothing changes until `enableTotp` confirms a code from it). */
  async setupTotp(): Promise<SecurityValueOf<'totpSetup'>> {
    return unwrap((await http.post<Envelope<SecurityValueOf<'totpSetup'>>>('/user/2fa/totp/setup')).data);
  },
  /** Turns the authenticator on; answers the recovery codes (shown once). */
  async enableTotp(code: string): Promise<string[]> {
    const body = { code: code.trim() } satisfies SecurityBodyOf<'totpEnable'>;
    return unwrap(
      (await http.post<Envelope<SecurityValueOf<'totpEnable'>>>('/user/2fa/totp/enable', body)).data,
    ).recoveryCodes;
  },
  async disableTotp(password: string, code: string): Promise<string> {
    const body = { password, code: code.trim() } satisfies SecurityBodyOf<'totpDisable'>;
    return messageOf(await http.post('/user/2fa/totp/disable', body));
  },
  /** New recovery codes (the old ones stop working). */
  async renewRecoveryCodes(password: string, code: string): Promise<string[]> {
    const body = { password, code: code.trim() } satisfies SecurityBodyOf<'recoveryCodes'>;
    return unwrap(
      (await http.post<Envelope<SecurityValueOf<'recoveryCodes'>>>('/user/2fa/recovery', body)).data,
    ).recoveryCodes;
  },
  /** The creation options for the browser's startRegistration. */
  async passkeyOptions(): Promise<SecurityValueOf<'passkeyOptions'>> {
    return unwrap(
      (await http.post<Envelope<SecurityValueOf<'passkeyOptions'>>>('/user/2fa/passkeys/options')).data,
    );
  },
  /** Registers the browser's answer; recovery codes come back when it is the first second factor. */
  async addPasskey(name: string, response: WebAuthnJson): Promise<SecurityValueOf<'passkeyAdd'>> {
    const body = { name: name.trim(), response } satisfies SecurityBodyOf<'passkeyAdd'>;
    return unwrap(
      (await http.post<Envelope<SecurityValueOf<'passkeyAdd'>>>('/user/2fa/passkeys', body)).data,
    );
  },
  async removePasskey(id: string, password: string, code: string): Promise<string> {
    const body = { password, code: code.trim() } satisfies SecurityBodyOf<'passkeyRemove'>;
    return messageOf(await http.post(`/user/2fa/passkeys/${seg(id)}/remove`, body));
  },
};
