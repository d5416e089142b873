import { TOKEN_KEY } from '@skynet/contract';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { http, httpClient } from '../http/client';
import { onUnauthorized } from '../http/events';
import { readToken, writeToken } from '../http/token';
import { session, tokenTimes } from './store';

type Answer = { status: number; data: unknown };
let client: AxiosCacheInstance;
let seen: { method?: string; url?: string; auth?: unknown }[];

/** Answers requests from `route(method url, Authorization)`, recording them. */
function serve(route: (call: string, auth: unknown) => Answer) {
  seen = [];
  client.defaults.adapter = async (config) => {
    const auth = config.headers.Authorization;
    const call = `${config.method?.toUpperCase()} ${config.url}${config.params?.token ? `?token=${config.params.token}` : ''}`;
    seen.push({ method: config.method, url: call, auth });
    const { status, data } = route(call, auth);
    if (status >= 400)
      throw Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        config,
        response: { status, data, headers: {}, config, statusText: '' },
      });
    return { data, status, statusText: 'OK', headers: {}, config };
  };
}

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

beforeAll(async () => {
  client = await httpClient();
});
const realFetch = globalThis.fetch;
beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

test('a 401 renews the token once through the refresh cookie and sends the request again with it', async () => {
  writeToken('expired');
  serve((call, auth) => {
    if (call === 'GET /user/login?token=refresh')
      return { status: 200, data: { success: true, value: 'fresh' } };
    return auth === 'Bearer fresh'
      ? { status: 200, data: { success: true, value: 'ok' } }
      : { status: 401, data: { success: false, error: 'expired' } };
  });
  const unauthorized = jest.fn();
  const stop = onUnauthorized(unauthorized);
  const answer = await http.get('/feed', { cache: false });
  stop();
  expect(answer.data).toEqual({ success: true, value: 'ok' });
  expect(readToken()).toBe('fresh');
  expect(seen.map((s) => s.url)).toEqual(['GET /feed', 'GET /user/login?token=refresh', 'GET /feed']);
  expect(unauthorized).not.toHaveBeenCalled();
});

test('several 401s at once share one renewal', async () => {
  writeToken('expired');
  serve((call, auth) => {
    if (call === 'GET /user/login?token=refresh')
      return { status: 200, data: { success: true, value: 'fresh' } };
    return auth === 'Bearer fresh' ? { status: 200, data: {} } : { status: 401, data: {} };
  });
  await Promise.all([
    http.get('/a', { cache: false }),
    http.get('/b', { cache: false }),
    http.post('/c', {}),
  ]);
  expect(seen.filter((s) => s.url === 'GET /user/login?token=refresh')).toHaveLength(1);
});

test('when the session is over (the renewal fails too) the 401 reaches the shell, once', async () => {
  writeToken('revoked');
  serve(() => ({ status: 401, data: { success: false, error: 'Your session is missing or has expired.' } }));
  const unauthorized = jest.fn();
  const stop = onUnauthorized(unauthorized);
  await expect(http.get('/feed', { cache: false })).rejects.toMatchObject({ response: { status: 401 } });
  stop();
  expect(unauthorized).toHaveBeenCalledTimes(1);
  expect(seen.map((s) => s.url)).toEqual(['GET /feed', 'GET /user/login?token=refresh']);
});

test('Logout asks the server to end the session with the token it had, then forgets the token', async () => {
  writeToken('t');
  const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({ ok: true, status: 200 }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const told = session.signOut();
  expect(readToken()).toBeNull();
  expect(session.get()).toMatchObject({ status: 'signed-out', endedBy: 'user' });
  await told;
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toMatch(/\/user\/logout$/);
  expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { Authorization: 'Bearer t' } });
});

test('Logout signs out in the browser even when the server cannot be reached', async () => {
  writeToken('t');
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  await session.signOut();
  expect(readToken()).toBeNull();
  expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
});

test("the token's times are read to plan its renewal", () => {
  expect(tokenTimes(jwt({ iat: 100, exp: 1000 }))).toEqual({ issuedAt: 100_000, expiresAt: 1_000_000 });
  expect(tokenTimes('not a token')).toBeNull();
});

test('a renewal is planned shortly before the token expires', async () => {
  jest.useFakeTimers();
  try {
    const now = Math.floor(Date.now() / 1000);
    serve((call) =>
      call === 'GET /user/login?token=refresh'
        ? { status: 200, data: { success: true, value: 'renewed' } }
        : { status: 200, data: { success: true, value: { _id: 'u', userName: 'ada' } } },
    );
    await session.signIn(jwt({ iat: now, exp: now + 900 }));
    expect(seen.some((s) => s.url === 'GET /user/login?token=refresh')).toBe(false);
    // 15 minutes of life: renewed a minute before the end.
    await jest.advanceTimersByTimeAsync(838_000);
    expect(seen.some((s) => s.url === 'GET /user/login?token=refresh')).toBe(false);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(seen.some((s) => s.url === 'GET /user/login?token=refresh')).toBe(true);
    expect(readToken()).toBe('renewed');
  } finally {
    session.signOut();
    jest.useRealTimers();
  }
});

test('a renewal that does not extend the token (no refresh cookie) is not planned again', async () => {
  jest.useFakeTimers();
  try {
    const now = Math.floor(Date.now() / 1000);
    const token = jwt({ iat: now, exp: now + 900 });
    serve((call) =>
      call === 'GET /user/login?token=refresh'
        ? { status: 200, data: { success: true, value: jwt({ iat: now + 1, exp: now + 900 }) } }
        : { status: 200, data: { success: true, value: { _id: 'u', userName: 'ada' } } },
    );
    await session.signIn(token);
    await jest.advanceTimersByTimeAsync(900_000);
    expect(seen.filter((s) => s.url === 'GET /user/login?token=refresh')).toHaveLength(1);
  } finally {
    session.signOut();
    jest.useRealTimers();
  }
});
