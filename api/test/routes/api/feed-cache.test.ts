// The feed page cache (lib/feed-cache, issue 23): a page served from memory must read exactly as the database does
// now. A like, an unlike, a comment, a deletion (and its replies' parent preview), a new post and a new user name are
// visible on the very next read of the galaxy, planet and user feeds; and on two API processes sharing Redis, a write
// on one is visible on the other's next read once the write has answered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, type SignedUp, signup, TEST_DB, useApp } from '../../helper.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface FeedPost {
  _id: string;
  likeCount: number;
  commentCount: number;
  deleted: boolean;
  content: string;
  userName: string;
  parentPreview: string | null;
}

async function post(app: FastifyInstance, who: SignedUp, content: string, parentId?: string) {
  const r = await call(app, 'POST /api/post', {
    token: who.token,
    payload: {
      content,
      location: { latitude: 0, longitude: 0, planetId: 'mars' },
      ...(parentId ? { parentPost: parentId } : {}),
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.value._id as string;
}

const FEEDS = (who: SignedUp) => ['/api/feed?page=1', '/api/feed/mars?page=1', `/api/feed/${who.id}?page=0`];

async function read(app: FastifyInstance, url: string, token: string): Promise<FeedPost[]> {
  const r = await call(app, `GET ${url}`, { token });
  assert.equal(r.status, 200);
  return r.body.value;
}

async function find(app: FastifyInstance, url: string, token: string, id: string): Promise<FeedPost> {
  const found = (await read(app, url, token)).find((p) => p._id === id);
  assert.ok(found, `${id} on ${url}`);
  return found;
}

describe('feed cache: every change is on the next read', () => {
  const ctx = useApp();

  it('serves repeated reads from memory, and likes, comments, deletions, new posts and names at once', async () => {
    const app = ctx.app;
    const alice = await signup(app);
    const bob = await signup(app);
    const first = await post(app, alice, 'first post');
    const reply = await post(app, alice, 'a reply', first);
    for (let i = 0; i < 25; i++) await post(app, alice, `filler ${i}`);
    const cache = app.feedCache;
    const urls = FEEDS(alice);
    // Page 2 of the galaxy and the planet, page 1 of the user feed hold `first` and `reply`.
    const deep = ['/api/feed?page=2', '/api/feed/mars?page=2', `/api/feed/${alice.id}?page=1`];
    for (const url of deep) await find(app, url, bob.token, first);
    const hits = cache.hits;
    for (const url of deep) await find(app, url, bob.token, first);
    assert.ok(cache.hits >= hits + 3, 'the second reads came from the cache');

    await call(app, `POST /api/post/${first}/like`, { token: bob.token });
    for (const url of deep) assert.equal((await find(app, url, bob.token, first)).likeCount, 1, url);
    await call(app, `DELETE /api/post/${first}/like`, { token: bob.token });
    for (const url of deep) assert.equal((await find(app, url, bob.token, first)).likeCount, 0, url);

    const c = await call(app, `POST /api/post/${first}/comment`, {
      token: bob.token,
      payload: { content: 'nice' },
    });
    assert.equal(c.status, 200);
    for (const url of deep) assert.equal((await find(app, url, bob.token, first)).commentCount, 1, url);

    // A new post moves every page down by one: page 1 shows it on top, page 2 still reads exactly.
    for (const url of urls) await read(app, url, bob.token);
    const newest = await post(app, alice, 'newest');
    for (const url of urls) assert.equal((await read(app, url, bob.token))[0]?._id, newest, url);
    for (const url of deep) await find(app, url, bob.token, first);

    const rename = `renamed_${alice.id.slice(0, 6)}`;
    const rn = await call(app, 'PATCH /api/user/changeUsername', {
      token: alice.token,
      payload: { newUsername: rename },
    });
    assert.equal(rn.status, 200, JSON.stringify(rn.body));
    for (const url of deep) assert.equal((await find(app, url, bob.token, first)).userName, rename, url);

    assert.equal((await find(app, deep[0]!, bob.token, reply)).parentPreview, 'first');
    const del = await call(app, `DELETE /api/post/${first}`, { token: alice.token });
    assert.equal(del.status, 200);
    for (const url of deep) {
      const gone = await find(app, url, bob.token, first);
      assert.equal(gone.deleted, true, url);
      assert.equal(gone.content, '', url);
      assert.equal((await find(app, url, bob.token, reply)).parentPreview, null, url);
    }
  });
});

describe('feed cache on two API processes sharing Redis', { skip: TEST_DB !== 'postgres' }, () => {
  it("a like, a deletion and a new post made on one process are on the other's next read", async (t) => {
    const one = await build(t, { env: { REDIS_URL } });
    const two = await build(t, { env: { REDIS_URL }, database: one.database });
    // Both caches serve once their subscriptions are made.
    const deadline = Date.now() + 5_000;
    while (!(one.app.feedCache.serving && two.app.feedCache.serving)) {
      if (Date.now() > deadline) assert.fail('the feed caches did not subscribe within 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const alice = await signup(one.app);
    const bob = await signup(one.app);
    const first = await post(one.app, alice, 'first post');
    const urls = FEEDS(alice);
    for (const url of urls) await find(two.app, url, bob.token, first);
    const hits = two.app.feedCache.hits;
    for (const url of urls) await find(two.app, url, bob.token, first);
    assert.ok(two.app.feedCache.hits >= hits + 3, 'process two serves the pages from its cache');

    await call(one.app, `POST /api/post/${first}/like`, { token: bob.token });
    for (const url of urls) assert.equal((await find(two.app, url, bob.token, first)).likeCount, 1, url);
    const newest = await post(one.app, alice, 'newest');
    for (const url of urls) assert.equal((await read(two.app, url, bob.token))[0]?._id, newest, url);
    await call(one.app, `DELETE /api/post/${first}`, { token: alice.token });
    for (const url of urls) assert.equal((await find(two.app, url, bob.token, first)).deleted, true, url);
  });
});
