import { httpClient } from '@skynet/shared';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { postApi } from './index';

let http: AxiosCacheInstance;
beforeAll(async () => {
  http = await httpClient();
});

let liked = false;
let reads = 0;

beforeEach(async () => {
  liked = false;
  reads = 0;
  await http.storage.clear?.();
  http.defaults.adapter = async (config) => {
    if (config.method === 'get') {
      reads += 1;
      // A card's state is asked through GET /post/marks (postMarks.ts): the posts it was asked about, if liked.
      const ids = String((config.params as { ids?: string } | undefined)?.ids ?? '').split(',');
      const value = config.url === '/post/marks' ? { liked: liked ? ids : [], saved: [] } : liked;
      return { data: { success: true, value }, status: 200, statusText: 'OK', headers: {}, config };
    }
    liked = config.method === 'post';
    return { data: { success: true }, status: 200, statusText: 'OK', headers: {}, config };
  };
});

test('a like toggle updates its own cache entry, so the next read is fresh without a request', async () => {
  expect(await postApi.isLiked('p1')).toBe(false);
  await postApi.setLiked('p1', true);
  expect(await postApi.isLiked('p1')).toBe(true);
  await postApi.setLiked('p1', false);
  expect(await postApi.isLiked('p1')).toBe(false);
  expect(reads).toBe(1);
});

test('the cache of one post does not answer for another', async () => {
  await postApi.isLiked('p1');
  await postApi.isLiked('p2');
  expect(reads).toBe(2);
});
