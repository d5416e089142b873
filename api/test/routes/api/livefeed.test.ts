// Live feeds (issue 22, item 3): a socket follows the galaxy or one planet's feed and hears of each new post there
// (newPost) and of each deletion (postDeleted), on every API process (the Redis adapter), never of another planet's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type FeedPostPayload, SOCKET_EVENTS } from '@skynet/contract';
import type { Socket } from 'socket.io-client';
import { build, call, type SignedUp, signup, type TestApp, useApp } from '../../helper.js';
import { listen, openSocket } from '../../sockets.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const E = SOCKET_EVENTS;

/** Everything `event` brings to `s`, in order. */
function record(s: Socket, event: string): FeedPostPayload[] {
  const seen: FeedPostPayload[] = [];
  s.on(event, (payload: FeedPostPayload) => seen.push(payload));
  return seen;
}

/** Polls until `check` holds (5 s at most). */
async function eventually(check: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const quiet = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function post(app: TestApp['app'], who: SignedUp, planetId: string, extra: object = {}) {
  const r = await call(app, 'POST /api/post', {
    token: who.token,
    payload: { content: `on ${planetId}`, location: { planetId, latitude: 1, longitude: 2 }, ...extra },
  });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value as { _id: string };
}

const ctx = useApp();

describe('live feeds over the socket', () => {
  const sockets: Socket[] = [];
  let alice: SignedUp;
  let bob: SignedUp;
  let url: string;
  const open = async (who: SignedUp) => {
    const s = await openSocket(url, who.token);
    sockets.push(s);
    return s;
  };
  before(async () => {
    url = await listen(ctx.app);
    alice = await signup(ctx.app);
    bob = await signup(ctx.app);
  });
  after(() => {
    for (const s of sockets) s.close();
  });

  it("a post on planet A reaches the galaxy's and planet A's followers, not planet B's", async () => {
    const galaxy = await open(bob);
    const onMars = await open(bob);
    const onVenus = await open(alice);
    assert.deepEqual(await galaxy.emitWithAck(E.followFeed, 'galaxy'), { ok: true });
    assert.deepEqual(await onMars.emitWithAck(E.followFeed, 'mars'), { ok: true });
    assert.deepEqual(await onVenus.emitWithAck(E.followFeed, 'venus'), { ok: true });
    const [g, m, v] = [galaxy, onMars, onVenus].map((s) => record(s, E.newPost));

    const first = await post(ctx.app, alice, 'mars');
    const second = await post(ctx.app, alice, 'mars');
    await eventually(() => g!.length === 2 && m!.length === 2, 'both posts announced');
    // Just the id and the planet: nothing of anyone's private data, not even the content.
    assert.deepEqual(g, [
      { id: first._id, planetId: 'mars' },
      { id: second._id, planetId: 'mars' },
    ]);
    assert.deepEqual(m, g);
    await quiet();
    assert.deepEqual(v, [], "venus's feed hears nothing of a post on mars");

    // A post on venus: venus and the galaxy, not mars.
    const third = await post(ctx.app, bob, 'venus');
    await eventually(() => v!.length === 1 && g!.length === 3, 'the venus post announced');
    assert.deepEqual(v, [{ id: third._id, planetId: 'venus' }]);
    await quiet();
    assert.equal(m!.length, 2);
  });

  it('a reply posted to the feeds counts; a comment (shown in no feed) announces nothing', async () => {
    const galaxy = await open(alice);
    assert.deepEqual(await galaxy.emitWithAck(E.followFeed, 'galaxy'), { ok: true });
    const seen = record(galaxy, E.newPost);
    const parent = await post(ctx.app, bob, 'earth');
    await eventually(() => seen.length === 1, 'the parent announced');
    const comment = await call(ctx.app, `POST /api/post/${parent._id}/comment`, {
      token: alice.token,
      payload: { content: 'a comment' },
    });
    assert.equal(comment.status, 200, comment.res.body);
    await quiet();
    assert.equal(seen.length, 1, 'a comment raises no new post');
    // The galaxy feed itself agrees: page 1 starts with the parent, not the comment.
    const page = await call(ctx.app, 'GET /api/feed?page=1', { token: alice.token });
    assert.equal(page.body.value[0]._id, parent._id);
  });

  it('a deleted post is announced as deleted to the same feeds', async () => {
    const galaxy = await open(bob);
    const onEarth = await open(bob);
    const onMars = await open(bob);
    await galaxy.emitWithAck(E.followFeed, 'galaxy');
    await onEarth.emitWithAck(E.followFeed, 'earth');
    await onMars.emitWithAck(E.followFeed, 'mars');
    const [g, e, m] = [galaxy, onEarth, onMars].map((s) => record(s, E.postDeleted));
    const doomed = await post(ctx.app, alice, 'earth');
    const gone = await call(ctx.app, `DELETE /api/post/${doomed._id}`, { token: alice.token });
    assert.equal(gone.status, 200);
    await eventually(() => g!.length === 1 && e!.length === 1, 'the deletion announced');
    assert.deepEqual(g, [{ id: doomed._id, planetId: 'earth' }]);
    // Deleting it again changes nothing and announces nothing.
    await call(ctx.app, `DELETE /api/post/${doomed._id}`, { token: alice.token });
    await quiet();
    assert.equal(g!.length, 1);
    assert.deepEqual(m, []);
  });

  it('a socket follows one feed at a time, and unfollowing stops the news', async () => {
    const s = await open(alice);
    const seen = record(s, E.newPost);
    await s.emitWithAck(E.followFeed, 'mars');
    await s.emitWithAck(E.followFeed, 'venus'); // leaves mars
    await post(ctx.app, bob, 'mars');
    const onVenus = await post(ctx.app, bob, 'venus');
    await eventually(() => seen.length === 1, 'the venus post');
    await quiet();
    assert.deepEqual(
      seen.map((p) => p.id),
      [onVenus._id],
    );
    s.emit(E.unfollowFeed, 'venus');
    await quiet(100);
    await post(ctx.app, bob, 'venus');
    await quiet();
    assert.equal(seen.length, 1);
  });

  it('refuses a feed that is not the galaxy or a planet, with an error text', async () => {
    const s = await open(alice);
    for (const bad of [42, '', 'x'.repeat(65), { planet: 'mars' }, null]) {
      const answer = await s.emitWithAck(E.followFeed, bad);
      assert.equal(answer.ok, false, JSON.stringify(bad));
      assert.match(answer.error, /feed must be 'galaxy' or a planet id/);
    }
    assert.deepEqual(await s.emitWithAck(E.followFeed, 'vulcan'), {
      ok: false,
      error: 'That planet does not exist.',
    });
    // Still connected and usable afterwards.
    assert.deepEqual(await s.emitWithAck(E.followFeed, 'galaxy'), { ok: true });
  });

  it('a follow with `after` hears, before its answer, what the feed gained since the newest post the reader shows', async () => {
    // The reader's page 1 ends at `seen`; two posts land before its socket joins the room (the window between the
    // read and the follow), a third after.
    const seen = await post(ctx.app, alice, 'saturn');
    const page = await call(ctx.app, 'GET /api/feed/saturn?page=1', { token: bob.token });
    assert.equal(page.body.value[0]._id, seen._id);
    const missedOne = await post(ctx.app, alice, 'saturn');
    const gone = await post(ctx.app, alice, 'saturn');
    const missedTwo = await post(ctx.app, alice, 'saturn');
    const removed = await call(ctx.app, `DELETE /api/post/${gone._id}`, { token: alice.token });
    assert.equal(removed.status, 200, removed.res.body);

    const s = await open(bob);
    const heard = record(s, E.newPost);
    assert.deepEqual(await s.emitWithAck(E.followFeed, 'saturn', { after: seen._id }), { ok: true });
    // Oldest first, the deleted one left out, and all of it before the answer.
    assert.deepEqual(heard, [
      { id: missedOne._id, planetId: 'saturn' },
      { id: missedTwo._id, planetId: 'saturn' },
    ]);
    const later = await post(ctx.app, alice, 'saturn');
    await eventually(() => heard.length === 3, 'the next post announced live');
    assert.deepEqual(heard[2], { id: later._id, planetId: 'saturn' });

    // Following again from the newest: nothing to catch up on. Without `after`: no catch-up either.
    const again = await open(bob);
    const heardAgain = record(again, E.newPost);
    assert.deepEqual(await again.emitWithAck(E.followFeed, 'saturn', { after: later._id }), { ok: true });
    assert.deepEqual(await again.emitWithAck(E.followFeed, 'saturn'), { ok: true });
    await quiet();
    assert.deepEqual(heardAgain, []);
  });

  it('refuses follow options that are not an object with a post id as `after`', async () => {
    const s = await open(alice);
    const cases: [unknown, RegExp][] = [
      ['x', /options must be an object/],
      [[1], /options must be an object/],
      [{ before: 'x' }, /may only name `after`/],
      [{ after: 'not-an-id' }, /`after` must be the id of a post/],
      [{ after: 7 }, /`after` must be the id of a post/],
    ];
    for (const [options, error] of cases) {
      const answer = await s.emitWithAck(E.followFeed, 'galaxy', options);
      assert.equal(answer.ok, false, JSON.stringify(options));
      assert.match(answer.error, error);
    }
    assert.deepEqual(await s.emitWithAck(E.followFeed, 'galaxy', {}), { ok: true });
  });
});

describe('live feeds on two API processes sharing Redis', () => {
  it('a post made on one process reaches the feed followers of the other', async (t) => {
    const one = await build(t, { env: { REDIS_URL } });
    const two = await build(t, { env: { REDIS_URL }, database: one.database });
    const reader = await signup(one.app);
    const writer = await signup(one.app);
    const urlTwo = await listen(two.app);
    const galaxy = await openSocket(urlTwo, reader.token);
    const planet = await openSocket(urlTwo, reader.token);
    try {
      await galaxy.emitWithAck(E.followFeed, 'galaxy');
      await planet.emitWithAck(E.followFeed, 'jupiter');
      const [g, p] = [galaxy, planet].map((s) => record(s, E.newPost));
      // Other suites may share this Redis: only this post counts.
      const made = await post(one.app, writer, 'jupiter');
      const heard = (seen: FeedPostPayload[] | undefined) => !!seen?.some((x) => x.id === made._id);
      await eventually(() => heard(g) && heard(p), 'the post across processes');
    } finally {
      galaxy.close();
      planet.close();
    }
  });
});
