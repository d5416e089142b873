// The feed cache's bound is on heap the process really holds, not on a guess: filled past its bound with ordinary
// pages, the heap it keeps stays near that bound (issue 23: RSS <= 300 MB under the feed load).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FeedCache } from '../../src/lib/feed-cache.js';
import type { Post } from '../../src/schemas/entities.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function post(n: number): Post {
  const id = randomUUID();
  return {
    _id: id,
    authorId: randomUUID(),
    userName: `traveller_${n % 997}`,
    avatarUrl: null,
    content: `Post ${n}: the dust storm has passed and the domes are bright again tonight.`.padEnd(80, '.'),
    createdAt: new Date(1_700_000_000_000 + n * 1000).toISOString(),
    location: { _id: id, planetId: 'mars', latitude: 12.5, longitude: -40.25 },
    planetId: 'mars',
    mentions: [],
    tags: [],
    parentPost: null,
    deleted: false,
    likeCount: n % 7,
    commentCount: n % 3,
    editedAt: null,
    contentWarning: null,
    parentPreview: null,
  };
}

describe('the feed cache', () => {
  it('holds about as much heap as its bound says, however many pages are offered', () => {
    const bound = 8 * 1024 * 1024;
    const cache = new FeedCache({ pageSize: 20, maxBytes: bound });
    gc();
    const before = process.memoryUsage().heapUsed;
    // 3,000 pages of 20 (about 85 MB of posts) offered; the cache keeps what its bound allows.
    for (let page = 0; page < 3000; page++) {
      const posts = Array.from({ length: 20 }, (_, i) => post(page * 20 + i));
      cache.store('galaxy', 60_000, 2999 - page, posts, cache.epoch);
    }
    gc();
    const held = process.memoryUsage().heapUsed - before;
    assert.ok(cache.size > 100, `it caches (${cache.size} pages)`);
    assert.ok(cache.size < 3000, 'it evicts');
    assert.ok(
      held <= bound * 1.5,
      `${(held / 1e6).toFixed(1)} MB of heap held for a bound of ${(bound / 1e6).toFixed(1)} MB`,
    );
  });
});
