// Issue 20, item 3: Redis dies and comes back. The test runs a redis-server of its own on a free loopback port (never
// the shared one), two API instances on one database use it, and it is killed and restarted under them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import { userRoom } from '../../src/plugins/app/realtime.js';
import { build, call, type SignedUp, signup, type TestApp } from '../helper.js';
import { freePort, OwnRedis, redisServerMissing } from '../redis-server.js';
import { listen, openSocket } from '../sockets.js';

const missing = redisServerMissing('the Redis fault test');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The content of each newMessage a socket received. */
function record(s: Socket): string[] {
  const seen: string[] = [];
  s.on('newMessage', (message: { content: string }) => seen.push(message.content));
  return seen;
}

async function eventually(
  what: string,
  ms: number,
  check: () => Promise<boolean> | boolean,
): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - t0;
}

/** Answered, and how long it took. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - t0 };
}

describe('Redis goes away and comes back', { skip: missing, timeout: 90_000 }, () => {
  let redis: OwnRedis;
  let one: TestApp;
  let two: TestApp;
  let a: SignedUp;
  let b: SignedUp;
  let conversationId: string;
  let onOne: string[];
  let onTwo: string[];
  const sockets: Socket[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    cleanups.push(() => redis.kill());
    const env = { REDIS_URL: redis.url, RATE_LIMIT: 'on' };
    const t = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
    one = await build(t, { env: { ...env, NODE_NAME: 'one' } });
    two = await build(t, { env: { ...env, NODE_NAME: 'two' }, database: one.database });
    const [urlOne, urlTwo] = [await listen(one.app), await listen(two.app)];

    a = await signup(one.app);
    b = await signup(one.app);
    const first = await call(one.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'first', receiverId: b.id },
    });
    conversationId = first.body.value.conversationId;
    // b's socket on the same process as the sender, and another of b's sockets on the other process.
    const [s1, s2] = [await openSocket(urlOne, b.token), await openSocket(urlTwo, b.token)];
    sockets.push(s1, s2);
    for (const s of sockets) assert.deepEqual(await s.emitWithAck('sendID', conversationId), { ok: true });
    onOne = record(s1);
    onTwo = record(s2);
  });

  after(async () => {
    for (const s of sockets) s.close();
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  });

  const send = (content: string) =>
    call(one.app, 'POST /api/user/chat', { token: a.token, payload: { content, receiverId: b.id } });

  it('with Redis up, a message crosses to the other process', async () => {
    assert.equal((await send('before')).status, 200);
    await eventually(
      'delivery on both processes',
      5_000,
      () => onOne.includes('before') && onTwo.includes('before'),
    );
    const ready = await call(one.app, 'GET /api/health/ready');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.redis, 'ok');
  });

  it('with Redis killed: login and FAQ search answer within 1 s, chat reaches the same process, readiness says down', async () => {
    await redis.kill();
    await eventually('the client notices', 2_000, () => one.app.redis?.isReady === false);

    const login = await timed(() =>
      call(one.app, 'POST /api/user/login', { payload: { email: a.email, password: a.password } }),
    );
    assert.equal(login.value.status, 200, 'limits fail open');
    assert.ok(login.ms < 1_000, `login took ${login.ms} ms`);
    const faq = await timed(() => call(one.app, 'POST /api/faqs', { payload: { query: 'password' } }));
    assert.equal(faq.value.status, 200);
    assert.ok(faq.ms < 1_000, `FAQ search took ${faq.ms} ms`);

    const sent = await timed(() => send('during'));
    assert.equal(sent.value.status, 200);
    assert.ok(sent.ms < 1_000, `chat send took ${sent.ms} ms`);
    await eventually('delivery on the same process', 1_000, () => onOne.includes('during'));

    const ready = await call(one.app, 'GET /api/health/ready');
    assert.equal(ready.status, 503);
    assert.equal(ready.body.success, false);
    assert.equal(ready.body.redis, 'down');
    assert.equal(ready.body.database, 'ok');
    assert.match(ready.body.error, /redis/);
    assert.equal((await call(one.app, 'GET /api/health')).status, 200, 'liveness holds');
  });

  it('with Redis back: readiness, rate limiting and cross-process delivery recover by themselves', async () => {
    await redis.start();
    const took = await eventually(
      'readiness',
      8_000,
      async () => (await call(one.app, 'GET /api/health/ready')).status === 200,
    );
    assert.ok(took < 8_000);
    await eventually('the other process', 8_000, () => two.app.redis?.isReady === true);

    // Counting again, in Redis (the server is new and empty): the 11th login within the minute is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call(one.app, 'POST /api/user/login', { payload: { email: a.email, password: 'x' } })).status,
      );
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.equal(statuses[10], 429);

    // The subscriber resubscribed: a new message crosses again (retried while the adapter reconnects).
    await eventually('cross-process delivery', 8_000, async () => {
      if (!onTwo.includes('after')) await send('after');
      await sleep(200);
      return onTwo.includes('after');
    });
    await sleep(500); // anything replayed late would arrive now
    assert.equal(onTwo.filter((c) => c === 'before').length, 1);
    assert.equal(onTwo.includes('during'), false, 'a publish that failed is not replayed when Redis returns');
    assert.equal(onOne.filter((c) => c === 'during').length, 1, 'delivered once on its own process');
    assert.equal(onOne.filter((c) => c === 'before').length, 1);
  });
});

describe('Redis absent at start', { skip: missing, timeout: 90_000 }, () => {
  it('the API starts degraded within seconds, answers, says Redis is down, and joins Redis once it appears', async (t) => {
    const redis = new OwnRedis(await freePort()); // not started yet: nothing listens there
    t.after(() => redis.kill());
    const env = { REDIS_URL: redis.url, RATE_LIMIT: 'on' };
    const t0 = Date.now();
    const one = await build(t, { env: { ...env, NODE_NAME: 'one' } });
    const took = Date.now() - t0;
    assert.ok(took < 15_000, `started in ${took} ms`);
    const two = await build(t, { env: { ...env, NODE_NAME: 'two' }, database: one.database });
    const faq = await timed(() => call(one.app, 'POST /api/faqs', { payload: { query: 'password' } }));
    assert.equal(faq.value.status, 200);
    assert.ok(faq.ms < 1_000, `FAQ search took ${faq.ms} ms`);
    const down = await call(one.app, 'GET /api/health/ready');
    assert.equal(down.status, 503);
    assert.equal(down.body.redis, 'down');

    // A socket on process one; once Redis is up, an emit made on process two reaches it (the adapter subscribed late).
    const user = await signup(one.app);
    const socket = await openSocket(await listen(one.app), user.token);
    t.after(() => socket.close());
    await listen(two.app);
    const got: string[] = [];
    socket.on('probe', (value: string) => got.push(value));

    await redis.start();
    await eventually('both processes ready again', 10_000, async () => {
      const [r1, r2] = [
        await call(one.app, 'GET /api/health/ready'),
        await call(two.app, 'GET /api/health/ready'),
      ];
      return r1.status === 200 && r2.status === 200;
    });
    await eventually('an emit from process two reaches a socket on process one', 10_000, () => {
      two.app.realtime.io.to(userRoom(user.id)).emit('probe', 'from two');
      return got.includes('from two');
    });
  });
});
