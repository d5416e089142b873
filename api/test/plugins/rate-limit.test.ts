// Issue 30: the rate limits count the same with the in-memory store and with Redis: each route has its own counter.
// The Redis runs use a redis-server of the test's own on a free loopback port, never the shared one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from 'redis';
import { build, call, type SignedUp, signup, type TestApp } from '../helper.js';
import { OwnRedis, redisServerMissing } from '../redis-server.js';

const TOO_MANY = /^Too many requests\. Please try again in \d+ seconds?\.$/;
const missing = redisServerMissing('the rate-limit tests on Redis');

/** A client address no other test in this file uses (TEST-NET documentation ranges). */
let lastAddress = 0;
const nextAddress = () => {
  lastAddress += 1;
  return `198.51.100.${lastAddress}`;
};

function limitSuite(store: 'memory' | 'redis') {
  describe(`rate limits with the ${store} store (RATE_LIMIT=on)`, {
    skip: store === 'redis' && missing,
  }, () => {
    let redis: OwnRedis | null = null;
    let one: TestApp;
    /** Without limits, on the same database: makes the people the tests need. */
    let maker: TestApp;
    const cleanups: (() => Promise<void>)[] = [];

    before(async () => {
      const hold = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
      if (store === 'redis') {
        const own = await OwnRedis.onFreePort();
        redis = own;
        await own.start();
        cleanups.push(() => own.kill());
      }
      const env = { RATE_LIMIT: 'on', ...(redis ? { REDIS_URL: redis.url } : {}) };
      one = await build(hold, { env: { ...env, NODE_NAME: 'one' } });
      maker = await build(hold, { database: one.database });
    });
    after(async () => {
      for (const fn of cleanups.reverse()) await fn().catch(() => {});
    });

    const people = async (n: number): Promise<SignedUp[]> => {
      const made: SignedUp[] = [];
      for (let i = 0; i < n; i++) made.push(await signup(maker.app));
      return made;
    };
    const login = (app: TestApp, from: string, email: string, password: string, token?: string) =>
      call(app.app, 'POST /api/user/login', {
        remoteAddress: from,
        payload: { email, password },
        ...(token ? { token } : {}),
      });
    const forgot = (app: TestApp, from: string, email: string, token?: string) =>
      call(app.app, 'POST /api/user/forgetpassword', {
        remoteAddress: from,
        payload: { email },
        ...(token ? { token } : {}),
      });
    const beacon = (from: string) =>
      call(one.app, 'POST /api/platform/events', {
        remoteAddress: from,
        payload: { events: [{ type: 'load', remote: 'mfe-feed', version: '1.0.0' }] },
      });

    it('each route counts on its own: an address out of sign-in tries can still ask for a reset and search', async () => {
      const [v] = await people(1);
      const x = nextAddress();
      for (let i = 0; i < 10; i++) assert.equal((await login(one, x, v!.email, `guess ${i}`)).status, 401);
      const refused = await login(one, x, v!.email, 'guess 10');
      assert.equal(refused.status, 429);
      assert.match(refused.body.error, TOO_MANY);
      assert.equal(
        (await forgot(one, x, 'someone@example.com')).status,
        200,
        'the reset request has its own counter',
      );
      const faq = await call(one.app, 'POST /api/faqs', { remoteAddress: x, payload: { query: 'password' } });
      assert.equal(faq.status, 200, 'the FAQ search has its own counter');
    });

    it("the shell's telemetry beacons cannot lock a correct sign-in out", async () => {
      const [v] = await people(1);
      const x = nextAddress();
      for (let i = 0; i < 30; i++) assert.equal((await beacon(x)).status, 200, `beacon ${i}`);
      const signIn = await login(one, x, v!.email, v!.password);
      assert.equal(signIn.status, 200, signIn.body.error);
      assert.equal(typeof signIn.body.value, 'string');
    });

    if (store === 'redis')
      it('Redis holds one counter per route, named after it', async () => {
        const client = createClient({ url: redis!.url });
        await client.connect();
        try {
          const keys = await client.keys('skynet:rl:*');
          assert.deepEqual(
            keys.filter((k) => k.includes('undefined')),
            [],
          );
          const routes = new Set(keys.map((k) => k.replace(/:(ip|user|account):[^:]+$/, '')));
          for (const expected of [
            'skynet:rl:POST:/api/user/login',
            'skynet:rl:POST:/api/user/forgetpassword',
            'skynet:rl:POST:/api/platform/events',
            'skynet:rl:POST:/api/faqs',
          ])
            assert.ok(routes.has(expected), `${expected} in ${[...routes].join(', ')}`);
        } finally {
          await client.close();
        }
      });
  });
}

limitSuite('memory');
limitSuite('redis');
