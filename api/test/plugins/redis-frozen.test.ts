// Issue 30: a Redis that accepts but does not answer (SIGSTOP: a hung node, a black-holed link). node-redis stops
// timing a command once written, so without a deadline of its own every rate-limited call waited for the request
// timeout. Two API processes on one database use a redis-server of the test's own on a free loopback port (never the
// shared one), which is frozen under them and thawed again.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { SOCKET_EVENTS } from '@skynet/contract';
import type { Socket } from 'socket.io-client';
import { build, call, type SignedUp, signup, type TestApp } from '../helper.js';
import { OwnRedis, redisServerMissing } from '../redis-server.js';
import { listen, openSocket } from '../sockets.js';

const missing = redisServerMissing('the frozen-Redis test');
const TOO_MANY = /^Too many requests\. Please try again in \d+ seconds?\.$/;
const LOCATION = { latitude: 1, longitude: 2, planetId: 'earth' };
/** Every call answers within this while Redis is frozen (issue 30). */
const BUDGET_MS = 2_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - t0 };
}

async function eventually(what: string, ms: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

describe('Redis frozen (SIGSTOP) and thawed under two API processes', {
  skip: missing,
  timeout: 30_000,
}, () => {
  let redis: OwnRedis;
  let one: TestApp;
  let two: TestApp;
  let a: SignedUp;
  let socket: Socket;
  let postId = '';
  /** Process one's log lines (JSON, info and above). */
  const lines: { level: number; msg: string }[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    redis = await OwnRedis.onFreePort();
    await redis.start();
    cleanups.push(() => redis.kill());
    const hold = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
    const env = { REDIS_URL: redis.url, RATE_LIMIT: 'on' };
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    one = await build(hold, { env: { ...env, NODE_NAME: 'one' }, logger: { level: 'info', stream } });
    two = await build(hold, { env: { ...env, NODE_NAME: 'two' }, database: one.database });
    // Whatever happens, Redis answers again before the apps close.
    cleanups.push(async () => redis.thaw());
    a = await signup(one.app);
    socket = await openSocket(await listen(one.app), a.token);
  });
  after(async () => {
    socket?.close();
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  });

  it(`while frozen, sign-in, a post, the limited calls and socket events answer within ${BUDGET_MS} ms`, async (t) => {
    redis.freeze();
    const took: string[] = [];
    const answers: [string, () => Promise<{ status: number; body: { error?: string } }>][] = [
      [
        'sign-in',
        () => call(one.app, 'POST /api/user/login', { payload: { email: a.email, password: a.password } }),
      ],
      [
        'a post',
        () =>
          call(one.app, 'POST /api/post', {
            token: a.token,
            payload: { content: 'frozen', location: LOCATION },
          }),
      ],
      [
        'a second post',
        () =>
          call(one.app, 'POST /api/post', {
            token: a.token,
            payload: { content: 'frozen 2', location: LOCATION },
          }),
      ],
      ['a FAQ search', () => call(one.app, 'POST /api/faqs', { payload: { query: 'password' } })],
      [
        'a telemetry beacon',
        () =>
          call(one.app, 'POST /api/platform/events', {
            payload: { events: [{ type: 'load', remote: 'mfe-feed', version: '1.0.0' }] },
          }),
      ],
      [
        'a reset request',
        () => call(one.app, 'POST /api/user/forgetpassword', { payload: { email: a.email } }),
      ],
      [
        'sign-in on the other process',
        () => call(two.app, 'POST /api/user/login', { payload: { email: a.email, password: a.password } }),
      ],
    ];
    for (const [what, fn] of answers) {
      const { value, ms } = await timed(fn);
      // A beacon answers 204 (issue 33: accepted, counted only under a page token).
      assert.equal(value.status, what === 'a telemetry beacon' ? 204 : 200, `${what}: ${value.body?.error}`);
      assert.ok(ms < BUDGET_MS, `${what} took ${ms} ms`);
      took.push(`${what} ${ms} ms`);
      if (what === 'a post') postId = (value.body as { value: { _id: string } }).value._id;
    }

    // Twenty limited calls at once, from twenty addresses.
    const many = await timed(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(one.app, 'POST /api/faqs', {
            remoteAddress: `192.0.2.${i + 1}`,
            payload: { query: 'password' },
          }),
        ),
      ),
    );
    assert.deepEqual(
      many.value.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.ok(many.ms < BUDGET_MS, `20 FAQ searches at once took ${many.ms} ms`);

    const event = await timed(
      () =>
        new Promise<{ ok: boolean; error?: string }>((resolve) =>
          socket.emit(SOCKET_EVENTS.join, 'not-a-conversation', resolve),
        ),
    );
    assert.equal(event.value.error, 'That conversation does not exist.', 'the event is let through');
    assert.ok(event.ms < BUDGET_MS, `a socket event took ${event.ms} ms`);

    const ready = await timed(() => call(one.app, 'GET /api/health/ready'));
    assert.equal(ready.value.status, 503);
    assert.equal(ready.value.body.redis, 'down');
    assert.ok(ready.ms < BUDGET_MS, `readiness took ${ready.ms} ms`);

    took.push(
      `20 FAQ searches at once ${many.ms} ms`,
      `a socket event ${event.ms} ms`,
      `readiness ${ready.ms} ms`,
    );
    t.diagnostic(`while frozen: ${took.join(', ')}`);

    const warned = lines.filter((l) => l.level === 40 && l.msg.startsWith('redis: '));
    assert.equal(warned.length, 1, `one warning for the outage: ${warned.map((l) => l.msg).join(' | ')}`);
    assert.match(warned[0]!.msg, /did not answer within \d+ ms; rate limits let requests through/);
  });

  it('thawed, it recovers by itself: readiness, counting, and what was written meanwhile is there', async () => {
    redis.thaw();
    await eventually(
      'readiness',
      5_000,
      async () => (await call(one.app, 'GET /api/health/ready')).status === 200,
    );
    assert.ok(
      lines.some((l) => l.level === 30 && /^redis: Redis answers again/.test(l.msg)),
      'the recovery is logged',
    );
    // Counting again, in Redis: the 11th sign-in attempt from a fresh address within the minute is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call(one.app, 'POST /api/user/login', {
        remoteAddress: '192.0.2.200',
        payload: { email: 'nobody@example.com', password: `guess ${i}` },
      });
      statuses.push(r.status);
      if (i === 10) assert.match(r.body.error, TOO_MANY);
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
    const post = await call(two.app, `GET /api/post/${postId}`, { token: a.token });
    assert.equal(post.status, 200);
    assert.equal(post.body.value.content, 'frozen');
  });
});
