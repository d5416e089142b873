import { TOKEN_KEY } from '@skynet/contract';
import { httpClient, readToken } from '@skynet/shared';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { accountApi } from './index';

let http: AxiosCacheInstance;
beforeAll(async () => {
  http = await httpClient();
});

test('a password change keeps the fresh token the API answers, so the person stays signed in', async () => {
  window.localStorage.setItem(TOKEN_KEY, 'old');
  http.defaults.adapter = async (config) => ({
    data: { success: true, message: 'Your password has been changed.', value: 'fresh' },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  await expect(accountApi.changePassword('a', 'b', 'b')).resolves.toBe('Your password has been changed.');
  expect(readToken()).toBe('fresh');
});

test('a password change that answers no token leaves the saved one alone', async () => {
  window.localStorage.setItem(TOKEN_KEY, 'old');
  http.defaults.adapter = async (config) => ({
    data: { success: true, message: 'Done' },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  await accountApi.changePassword('a', 'b', 'b');
  expect(readToken()).toBe('old');
});
