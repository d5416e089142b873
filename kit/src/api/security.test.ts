import { httpClient } from '@skynet/shared';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { httpError } from '../testing';
import { secondFactorApi, secondFactorOf } from './secondFactor';
import { securityApi } from './security';
import { verifyEmailApi } from './verifyEmail';

let http: AxiosCacheInstance;
beforeAll(async () => {
  http = await httpClient();
});

let sent: { method?: string; url?: string; data?: unknown; params?: unknown }[] = [];
let answer: unknown = { success: true, value: true };

beforeEach(() => {
  sent = [];
  answer = { success: true, value: true };
  http.defaults.adapter = async (config) => {
    sent.push({
      method: config.method,
      url: config.url,
      data: config.data ? JSON.parse(config.data as string) : undefined,
      params: config.params,
    });
    return { data: answer, status: 200, statusText: 'OK', headers: {}, config };
  };
});

const calls = () => sent.map(({ method, url, params, data }) => [method, url, params ?? data]);

test('the overview and Recent activity are read fresh, activity a page at a time from 0', async () => {
  answer = { success: true, value: { emailVerified: true, hasPassword: true, totp: false, passkeys: [] } };
  await securityApi.overview();
  answer = { success: true, value: [] };
  await securityApi.activity(0);
  await securityApi.activity(3);
  expect(calls()).toEqual([
    ['get', '/user/security', undefined],
    ['get', '/user/activity', { page: 0 }],
    ['get', '/user/activity', { page: 3 }],
  ]);
});

test('the authenticator is set up, enabled with a trimmed code, turned off and its recovery codes renewed', async () => {
  answer = { success: true, value: { secret: 'S', otpauthUrl: 'otpauth://totp/x?secret=S' } };
  expect(await securityApi.setupTotp()).toEqual({ secret: 'S', otpauthUrl: 'otpauth://totp/x?secret=S' });
  answer = { success: true, value: { recoveryCodes: ['aaaaa-bbbbb'] } };
  expect(await securityApi.enableTotp(' 123456 ')).toEqual(['aaaaa-bbbbb']);
  expect(await securityApi.renewRecoveryCodes('pw', '654321')).toEqual(['aaaaa-bbbbb']);
  answer = { success: true, message: 'The authenticator app is off.' };
  expect(await securityApi.disableTotp('pw', '111111')).toBe('The authenticator app is off.');
  expect(calls()).toEqual([
    ['post', '/user/2fa/totp/setup', undefined],
    ['post', '/user/2fa/totp/enable', { code: '123456' }],
    ['post', '/user/2fa/recovery', { password: 'pw', code: '654321' }],
    ['post', '/user/2fa/totp/disable', { password: 'pw', code: '111111' }],
  ]);
});

test('passkeys: options, the browser’s answer with a name, and removal by id', async () => {
  answer = { success: true, value: { challenge: 'c' } };
  expect(await securityApi.passkeyOptions()).toEqual({ challenge: 'c' });
  const passkey = { _id: 'k1', name: 'Laptop', createdAt: 'now', lastUsedAt: null };
  answer = { success: true, value: { passkey, recoveryCodes: [] } };
  expect(await securityApi.addPasskey(' Laptop ', { id: 'cred' })).toEqual({ passkey, recoveryCodes: [] });
  answer = { success: true, message: 'Removed.' };
  await securityApi.removePasskey('k 1', 'pw', '222222');
  expect(calls()).toEqual([
    ['post', '/user/2fa/passkeys/options', undefined],
    ['post', '/user/2fa/passkeys', { name: 'Laptop', response: { id: 'cred' } }],
    ['post', '/user/2fa/passkeys/k%201/remove', { password: 'pw', code: '222222' }],
  ]);
});

test('the second step answers the token for a code or a passkey; e-mail confirmation posts the token', async () => {
  answer = { success: true, value: 'jwt' };
  expect(await secondFactorApi.withCode('ch', ' abcde-fghij ')).toBe('jwt');
  expect(await secondFactorApi.withPasskey('ch', { id: 'cred' })).toBe('jwt');
  answer = { success: true, message: 'Your e-mail address is confirmed.' };
  expect(await verifyEmailApi.verify('tok')).toBe('Your e-mail address is confirmed.');
  await securityApi.resendVerification();
  expect(calls()).toEqual([
    ['post', '/user/login/2fa', { challenge: 'ch', code: 'abcde-fghij' }],
    ['post', '/user/login/2fa', { challenge: 'ch', passkey: { id: 'cred' } }],
    ['post', '/user/verifyEmail', { token: 'tok' }],
    ['post', '/user/verifyEmail/resend', undefined],
  ]);
});

test('secondFactorOf reads the challenge of a 401 sign-in, and nothing else', () => {
  const challenge = { secondFactor: 'totp', methods: ['totp', 'recovery'], challenge: 'c1' };
  expect(secondFactorOf(httpError(401, { success: false, error: 'x', value: challenge }))).toEqual(challenge);
  expect(
    secondFactorOf(
      httpError(401, {
        error: 'x',
        value: { secondFactor: 'passkey', challenge: 'c2', passkeyOptions: { a: 1 } },
      }),
    ),
  ).toEqual({ secondFactor: 'passkey', methods: ['passkey'], challenge: 'c2', passkeyOptions: { a: 1 } });
  expect(secondFactorOf(httpError(401, { error: 'No account exists' }))).toBeNull();
  expect(secondFactorOf(httpError(429, { error: 'Slow down', value: challenge }))).toBeNull();
  expect(secondFactorOf(new Error('network'))).toBeNull();
  expect(secondFactorOf(null)).toBeNull();
});
