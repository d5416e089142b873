import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { call, type SignedUp, signup, useApp } from '../../helper.js';

describe('feeds: 20 a page, newest first, no repeats or skips', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;
  const marsIds: string[] = [];
  const allIds: string[] = [];

  it('seeds posts through the API', async () => {
    alice = await signup(ctx.app);
    bob = await signup(ctx.app);
    for (let i = 0; i < 45; i++) {
      const who = i % 3 === 0 ? bob : alice;
      const planetId = i % 2 === 0 ? 'mars' : 'venus';
      const r = await call(ctx.app, 'POST /api/post', {
        token: who.token,
        payload: { content: `post ${i}`, location: { latitude: 0, longitude: 0, planetId } },
      });
      assert.equal(r.status, 200);
      allIds.unshift(r.body.value._id);
      if (planetId === 'mars') marsIds.unshift(r.body.value._id);
    }
  });

  const collect = async (url: (page: number) => string, first: number, token: string) => {
    const seen: string[] = [];
    for (let page = first; page < first + 10; page++) {
      const r = await call(ctx.app, `GET ${url(page)}`, { token });
      assert.equal(r.status, 200);
      if (r.body.value.length === 0) break;
      assert.ok(r.body.value.length <= 20);
      seen.push(...r.body.value.map((p: { _id: string }) => p._id));
    }
    return seen;
  };

  it('galaxy feed counts pages from 1', async () => {
    const seen = await collect((n) => `/api/feed?page=${n}`, 1, alice.token);
    assert.deepEqual(seen, allIds);
    const missing = await call(ctx.app, 'GET /api/feed', { token: alice.token });
    assert.deepEqual(
      missing.body.value.map((p: { _id: string }) => p._id),
      allIds.slice(0, 20),
    );
  });

  it("a planet's feed counts pages from 1", async () => {
    const seen = await collect((n) => `/api/feed/mars?page=${n}`, 1, alice.token);
    assert.deepEqual(seen, marsIds);
  });

  it("a user's feed counts pages from 0", async () => {
    const seen = await collect((n) => `/api/feed/${alice.id}?page=${n}`, 0, bob.token);
    const aliceCount = allIds.length - 15;
    assert.equal(seen.length, aliceCount);
    assert.equal(new Set(seen).size, aliceCount);
    const posts = await Promise.all(seen.slice(0, 3).map((id) => call(ctx.app, `GET /api/post/${id}`)));
    for (const p of posts) assert.equal(p.body.value.authorId, alice.id);
  });

  it('liked history pages from 0 without repeats', async () => {
    for (const id of allIds.slice(0, 25))
      await call(ctx.app, `POST /api/post/${id}/like`, { token: bob.token });
    const p0 = await call(ctx.app, 'GET /api/user/liked?page=0', { token: bob.token });
    const p1 = await call(ctx.app, 'GET /api/user/liked?page=1', { token: bob.token });
    const ids = [...p0.body.value.likedPosts, ...p1.body.value.likedPosts].map((p: { _id: string }) => p._id);
    assert.equal(ids.length, 25);
    assert.equal(new Set(ids).size, 25);
  });

  it('bad page numbers are 400 with an error; unknown planet/user 404', async () => {
    for (const url of [
      '/api/feed?page=0',
      '/api/feed?page=-1',
      '/api/feed?page=abc',
      '/api/feed/mars?page=0',
      `/api/feed/${alice.id}?page=-1`,
      '/api/feed?page=1.5',
    ]) {
      const r = await call(ctx.app, `GET ${url}`, { token: alice.token });
      assert.equal(r.status, 400, url);
      assert.equal(typeof r.body.error, 'string');
    }
    assert.equal((await call(ctx.app, 'GET /api/feed/vulcan', { token: alice.token })).status, 404);
    assert.equal(
      (await call(ctx.app, 'GET /api/feed?page=999999', { token: alice.token })).body.value.length,
      0,
    );
  });

  it('deep pages are index ranges, not OFFSET scans', async () => {
    if (ctx.database.kind !== 'pg') return; // the planner check is about the server
    const plan = await ctx.app.db.execute(
      sql`EXPLAIN SELECT id FROM posts WHERE planet_id = 'mars' AND planet_seq <= 4000 AND planet_seq > 3980 ORDER BY planet_seq DESC`,
    );
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    assert.match(text, /Index/);
  });
});
