// Issue 35, item 1: the Following timeline. The reader's own posts and those of the people they follow, newest first,
// paged as the galaxy feed; follows, unfollows, blocks and mutes change it; a post reaches it through a pg-boss job,
// once, and the reader's socket on that tab hears of it. Runs on PGlite and, with SKYNET_TEST_DB=postgres, PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type FeedPostPayload, FOLLOWING_FEED, PAGE_SIZE, SOCKET_EVENTS } from '@skynet/contract';
import type { Socket } from 'socket.io-client';
import { call, type SignedUp, signup, useApp } from '../../helper.js';
import { listen, openSocket } from '../../sockets.js';

const loc = { latitude: 10, longitude: 20, planetId: 'earth' };

/** Polls until `check` holds (5 s at most): a post reaches timelines by a job, a few milliseconds after its answer. */
async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the Following timeline', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;
  let carol: SignedUp;
  let dave: SignedUp;

  const post = async (who: SignedUp, content: string) => {
    const r = await call(ctx.app, 'POST /api/post', {
      token: who.token,
      payload: { content, location: loc },
    });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value as { _id: string };
  };
  const page = async (who: SignedUp, n = 1) => {
    const r = await call(ctx.app, `GET /api/feed/following?page=${n}`, { token: who.token });
    assert.equal(r.status, 200, r.res.body);
    return (r.body.value as { content: string }[]).map((p) => p.content);
  };
  const follow = async (who: SignedUp, other: SignedUp) =>
    assert.equal(
      (await call(ctx.app, `POST /api/user/${other.id}/follow`, { token: who.token })).status,
      200,
    );
  const unfollow = async (who: SignedUp, other: SignedUp) =>
    assert.equal(
      (await call(ctx.app, `DELETE /api/user/${other.id}/follow`, { token: who.token })).status,
      200,
    );
  /** Waits until `text` heads the reader's first page. */
  const arrives = (who: SignedUp, text: string) =>
    eventually(async () => (await page(who))[0] === text, `"${text}" at the top of the timeline`);

  before(async () => {
    [alice, bob, carol, dave] = [
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
    ];
  });

  it('is for signed-in readers only', async () => {
    const r = await call(ctx.app, 'GET /api/feed/following?page=1');
    assert.equal(r.status, 401);
  });

  it('holds what was posted before the first read by the people followed, and the reader’s own posts', async () => {
    await post(bob, 'bob before');
    await post(carol, 'carol before');
    await post(alice, 'alice before');
    await follow(alice, bob);
    // Alice's first read builds her timeline: her own post and bob's, not carol's (not followed), newest first.
    assert.deepEqual(await page(alice), ['alice before', 'bob before']);
  });

  it('a new post of someone followed, and one’s own, arrive newest first; others’ never', async () => {
    await post(bob, 'bob 1');
    await post(carol, 'carol 1');
    await post(alice, 'alice 1');
    await arrives(alice, 'alice 1');
    assert.deepEqual(await page(alice), ['alice 1', 'bob 1', 'alice before', 'bob before']);
    // Carol's timeline, built at her first read, has only her own.
    assert.deepEqual(await page(carol), ['carol 1', 'carol before']);
  });

  it('following someone brings their earlier posts in, in their place by time; unfollowing takes them out', async () => {
    await follow(alice, carol);
    assert.deepEqual(await page(alice), [
      'alice 1',
      'carol 1',
      'bob 1',
      'alice before',
      'carol before',
      'bob before',
    ]);
    await unfollow(alice, bob);
    assert.deepEqual(await page(alice), ['alice 1', 'carol 1', 'alice before', 'carol before']);
    await post(bob, 'bob 2');
    await post(alice, 'alice 2');
    await arrives(alice, 'alice 2');
    assert.ok(!(await page(alice)).includes('bob 2'), 'an unfollowed author’s new post stays out');
  });

  it('a block ends the follow both ways and its posts leave; a mute hides the posts but keeps the follow', async () => {
    await follow(alice, dave);
    await post(dave, 'dave 1');
    await arrives(alice, 'dave 1');
    const muted = await call(ctx.app, `POST /api/user/${dave.id}/mute`, { token: alice.token });
    assert.equal(muted.status, 200, muted.res.body);
    assert.ok(!(await page(alice)).includes('dave 1'), 'muted: not shown');
    assert.equal(
      (await call(ctx.app, `DELETE /api/user/${dave.id}/mute`, { token: alice.token })).status,
      200,
    );
    assert.equal((await page(alice))[0], 'dave 1');

    await follow(dave, alice);
    assert.deepEqual(await page(dave), ['dave 1', 'alice 2', 'alice 1', 'alice before']);
    const blocked = await call(ctx.app, `POST /api/user/${dave.id}/block`, { token: alice.token });
    assert.equal(blocked.status, 200, blocked.res.body);
    assert.ok(
      !(await page(alice)).includes('dave 1'),
      'the blocked person’s posts left the blocker’s timeline',
    );
    assert.ok(
      !(await page(dave)).includes('alice 2'),
      'the blocker’s posts left the blocked person’s timeline',
    );
  });

  it('pages hold 20, newest first, across page boundaries, and end with an empty page', async () => {
    const erin = await signup(ctx.app);
    const reader = await signup(ctx.app);
    await follow(reader, erin);
    assert.deepEqual(await page(reader), []);
    const total = 2 * PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) await post(erin, `erin ${i}`);
    await arrives(reader, `erin ${total}`);
    const all = [...(await page(reader, 1)), ...(await page(reader, 2)), ...(await page(reader, 3))];
    assert.deepEqual(
      all,
      Array.from({ length: total }, (_, i) => `erin ${total - i}`),
    );
    assert.equal((await page(reader, 3)).length, 5);
    assert.deepEqual(await page(reader, 4), []);
  });

  it('a fan-out run twice (a job retried after a crash) adds a post once', async () => {
    const p = await post(bob, 'bob once');
    await arrives(bob, 'bob once');
    assert.deepEqual(await ctx.app.timelines.fanOut(p._id), []);
    const { rows } = await ctx.database.executeSql(
      'SELECT owner_id, count(*)::int AS n FROM timeline_entries WHERE post_id = $1 GROUP BY owner_id',
      [p._id],
    );
    assert.ok(rows.length >= 1);
    for (const r of rows as { n: number }[]) assert.equal(r.n, 1);
  });

  it('keeps publication order whatever order the jobs run in: the later post’s job appends the earlier first', async () => {
    const gus = await signup(ctx.app);
    const reader = await signup(ctx.app);
    await follow(reader, gus);
    assert.deepEqual(await page(reader), []);
    // Published without their jobs (the repository, not the route): as if both jobs were still waiting.
    const make = (content: string) =>
      ctx.app.postsRepository.create({
        authorId: gus.id,
        content,
        planetId: 'earth',
        latitude: 0,
        longitude: 0,
        parentId: null,
        contentWarning: null,
      });
    const earlier = await make('gus earlier');
    const later = await make('gus later');
    const done = await ctx.app.timelines.fanOut(later._id);
    assert.deepEqual(
      done.map((d) => d.postId),
      [earlier._id, later._id],
    );
    assert.ok(done.every((d) => d.owners.includes(reader.id)));
    assert.deepEqual(await ctx.app.timelines.fanOut(earlier._id), [], 'its job finds it done');
    assert.deepEqual(await page(reader), ['gus later', 'gus earlier']);
  });

  describe('live', () => {
    const sockets: Socket[] = [];
    after(() => {
      for (const s of sockets) s.close();
    });

    it('the reader’s socket on the Following tab hears of a followed author’s post, not of others’', async () => {
      const url = await listen(ctx.app);
      const frank = await signup(ctx.app);
      const gina = await signup(ctx.app);
      const reader = await signup(ctx.app);
      await follow(reader, frank);
      assert.deepEqual(await page(reader), []);
      const s = await openSocket(url, reader.token);
      sockets.push(s);
      const heard: FeedPostPayload[] = [];
      s.on(SOCKET_EVENTS.newPost, (p: FeedPostPayload) => heard.push(p));
      assert.deepEqual(await s.emitWithAck(SOCKET_EVENTS.followFeed, FOLLOWING_FEED), { ok: true });
      await post(gina, 'gina, not followed');
      const p = await post(frank, 'frank, followed');
      await eventually(() => heard.length > 0, 'the followed author’s post announced');
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(heard, [{ id: p._id, planetId: 'earth' }]);
      // By then the post is in the timeline: the button never offers a post the next read lacks.
      assert.deepEqual(await page(reader), ['frank, followed']);
    });
  });
});
