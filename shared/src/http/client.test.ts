import { TOKEN_KEY } from '@skynet/contract';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { setRuntimeConfig } from '../config';
import { CACHE_PREFIX, isCachedPath } from './cache';
import { httpClient, setApiPage } from './client';

type Seen = { url?: string; headers: Record<string, unknown> };

let http: AxiosCacheInstance;
beforeAll(async () => {
  http = await httpClient();
});

/** Answers every request locally and records what was sent. */
function recordRequests(body: unknown = { success: true, value: [] }) {
  const seen: Seen[] = [];
  http.defaults.adapter = async (config) => {
    seen.push({ url: config.url, headers: { ...config.headers } });
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  return seen;
}

beforeEach(async () => {
  window.localStorage.clear();
  await http.storage.clear?.();
});

test('every request carries the saved token as a Bearer header', async () => {
  const seen = recordRequests();
  window.localStorage.setItem(TOKEN_KEY, 'abc.def.ghi');
  await http.get('/feed', { params: { page: 1 } });
  expect(seen[0]?.headers.Authorization).toBe('Bearer abc.def.ghi');
});

test('no token, no Authorization header', async () => {
  const seen = recordRequests();
  await http.get('/faqs');
  expect(seen[0]?.headers.Authorization).toBeUndefined();
});

test('the base URL comes from the runtime configuration', async () => {
  setRuntimeConfig({ apiBaseUrl: 'https://api.example.test/api' });
  expect(http.defaults.baseURL).toBe('https://api.example.test/api');
  setRuntimeConfig({ apiBaseUrl: '/api' });
});

test('the planet list is cached in localStorage under the product prefix, and served from it', async () => {
  const seen = recordRequests({ success: true, value: [{ _id: 'earth' }] });
  await http.get('/planet');
  const second = await http.get('/planet');
  expect(seen).toHaveLength(1);
  expect(second.cached).toBe(true);
  expect(Object.keys(window.localStorage).some((key) => key.startsWith(CACHE_PREFIX))).toBe(true);
});

test('feeds are never cached', async () => {
  const seen = recordRequests();
  await http.get('/feed', { params: { page: 1 } });
  await http.get('/feed', { params: { page: 1 } });
  expect(seen).toHaveLength(2);
});

test('writes are never cached', async () => {
  const seen = recordRequests();
  await http.post('/post/p1/like');
  await http.post('/post/p1/like');
  expect(seen).toHaveLength(2);
});

test.each([
  ['/planet', true],
  ['/post/42/like', true],
  ['/post/42/save', true],
  ['/post/42', true],
  ['/post/42/comment', false],
  ['/feed', false],
  ['/user', false],
  ['/planet/earth/extra', false],
])('cache rule for %s is %s', (path, cached) => {
  expect(isCachedPath(path)).toBe(cached);
});

test('calls to the API name their page: the page token and the area of the current route', async () => {
  const seen = recordRequests();
  await http.get('/faqs');
  expect(seen[0]?.headers['x-skynet-page']).toBeUndefined();
  expect(seen[0]?.headers['x-skynet-area']).toBeUndefined();

  setApiPage({ token: 'claims.signature', area: 'mfe-feed' });
  await http.get('/feed', { params: { page: 1 } });
  expect(seen[1]?.headers['x-skynet-page']).toBe('claims.signature');
  expect(seen[1]?.headers['x-skynet-area']).toBe('mfe-feed');

  // A page of the shell's own (no area): the token still goes, the area no longer.
  setApiPage({ area: undefined });
  await http.post('/faqs', { query: 'mars' });
  expect(seen[2]?.headers['x-skynet-page']).toBe('claims.signature');
  expect(seen[2]?.headers['x-skynet-area']).toBeUndefined();
  setApiPage({ token: undefined });
});

test('a call to another host never carries the page token', async () => {
  const seen = recordRequests();
  setApiPage({ token: 'claims.signature', area: 'mfe-map' });
  await http.get('https://elsewhere.example.test/file.json');
  expect(seen[0]?.headers['x-skynet-page']).toBeUndefined();
  expect(seen[0]?.headers['x-skynet-area']).toBeUndefined();
  setApiPage({ token: undefined, area: undefined });
});
