import { httpClient } from '@skynet/shared';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { postApi } from './index';

let http: AxiosCacheInstance;
beforeAll(async () => {
  http = await httpClient();
});

/** The GET requests the page made: url and `ids`. */
let requests: { url?: string; ids: string[] }[] = [];
let liked = new Set<string>();
let saved = new Set<string>();
let failing = false;

beforeEach(async () => {
  requests = [];
  liked = new Set();
  saved = new Set();
  failing = false;
  await http.storage.clear?.();
  http.defaults.adapter = async (config) => {
    const ids = String((config.params as { ids?: string } | undefined)?.ids ?? '').split(',');
    requests.push({ url: config.url, ids });
    if (failing) return Promise.reject(Object.assign(new Error('offline'), { isAxiosError: true, config }));
    const value = { liked: ids.filter((id) => liked.has(id)), saved: ids.filter((id) => saved.has(id)) };
    return { data: { success: true, value }, status: 200, statusText: 'OK', headers: {}, config };
  };
});

test("a list's cards ask their like and save state in one request, each post once", async () => {
  liked = new Set(['p2']);
  saved = new Set(['p1', 'p2']);
  const answers = await Promise.all(
    ['p1', 'p2', 'p3', 'p1'].flatMap((id) => [postApi.isLiked(id), postApi.isSaved(id)]),
  );
  expect(answers).toEqual([false, true, true, true, false, false, false, true]);
  expect(requests).toEqual([{ url: '/post/marks', ids: ['p1', 'p2', 'p3'] }]);
});

test('the answers are cached per post for the next reads, and a toggle updates them', async () => {
  liked = new Set(['p1']);
  await Promise.all([postApi.isLiked('p1'), postApi.isSaved('p1')]);
  liked = new Set();
  expect(await postApi.isLiked('p1')).toBe(true);
  expect(await postApi.isSaved('p1')).toBe(false);
  expect(requests).toHaveLength(1);
  await postApi.setLiked('p1', false);
  expect(await postApi.isLiked('p1')).toBe(false);
  expect(requests.filter((r) => r.url === '/post/marks')).toHaveLength(1);
});

test('more posts than one call may ask about go in calls of at most 50', async () => {
  const ids = Array.from({ length: 60 }, (_, i) => `p${i}`);
  await Promise.all(ids.map((id) => postApi.isLiked(id)));
  expect(requests.map((r) => r.ids.length)).toEqual([50, 10]);
  expect(requests.flatMap((r) => r.ids)).toEqual(ids);
});

test('a failed call fails every card that asked, and the next render asks again', async () => {
  failing = true;
  const results = await Promise.allSettled([postApi.isLiked('p1'), postApi.isSaved('p2')]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  failing = false;
  saved = new Set(['p2']);
  expect(await postApi.isSaved('p2')).toBe(true);
  expect(requests).toHaveLength(2);
});
