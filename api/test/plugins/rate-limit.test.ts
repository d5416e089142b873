// Issue 30: the rate limits count the same with the in-memory store and with Redis. Each route (and each named
// per-account limit) has its own counter; the public sign-in, sign-up and reset calls count per client address
// whatever token the caller sends; sign-in and the reset request also count per target account, from any address.
// The Redis runs use a redis-server of the test's own on a free loopback port, never the shared one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from 'redis';
import { build, call, type SignedUp, signup, type TestApp } from '../helper.js';
import { OwnRedis, redisServerMissing } from '../redis-server.js';

const TOO_MANY = /^Too many requests\. Please try again in \d+ seconds?\.$/;
const missing = redisServerMissing('the rate-limit tests on Redis');

/** Sign-in tries per account per window, from any address (the per-address budget is 10 a minute). */
const SIGN_IN_PER_ACCOUNT = 20;
/** Reset requests per account per window, from any address (the per-address budget is 5 a minute). */
const RESETS_PER_ACCOUNT = 5;

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
    let two: TestApp;
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
      // The memory store: no Redis, even in test/run.mjs's Redis run.
      const env = { RATE_LIMIT: 'on', REDIS_URL: redis ? redis.url : '' };
      one = await build(hold, { env: { ...env, NODE_NAME: 'one' } });
      // A second process: with Redis it shares the counters, in memory it has its own.
      two = await build(hold, { env: { ...env, NODE_NAME: 'two' }, database: one.database });
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
      for (let i = 0; i < 30; i++) assert.equal((await beacon(x)).status, 204, `beacon ${i}`);
      const signIn = await login(one, x, v!.email, v!.password);
      assert.equal(signIn.status, 200, signIn.body.error);
      assert.equal(typeof signIn.body.value, 'string');
    });

    it('tokens of other accounts sent from one address add no sign-in guesses', async () => {
      const [victim, first, second] = await people(3);
      const x = nextAddress();
      for (let i = 0; i < 10; i++)
        assert.equal(
          (await login(one, x, victim!.email, `guess ${i}`, first!.token)).status,
          401,
          `guess ${i}`,
        );
      const refused = await login(one, x, victim!.email, 'guess 10', second!.token);
      assert.equal(refused.status, 429, "the 11th guess from the address, with another account's token");
      assert.match(refused.body.error, TOO_MANY);
    });

    it('nor sign-ups or reset requests: they count per address too', async () => {
      const [first, second] = await people(2);
      const y = nextAddress();
      // Refused for their planet (cheap: no password is hashed), but counted like any sign-up.
      const signUp = (token: string) =>
        call(one.app, 'POST /api/user/signup', {
          remoteAddress: y,
          token,
          payload: {
            email: `nobody-${lastAddress}@example.com`,
            userName: `nobody_${lastAddress}`,
            password: 'correct horse battery',
            location: { latitude: 1, longitude: 2, planetId: 'no-such-planet' },
          },
        });
      for (let i = 0; i < 10; i++) assert.equal((await signUp(first!.token)).status, 400, `sign-up ${i}`);
      const eleventh = await signUp(second!.token);
      assert.equal(eleventh.status, 429, "the 11th sign-up from the address, with another account's token");
      assert.match(eleventh.body.error, TOO_MANY);

      const z = nextAddress();
      for (let i = 0; i < 5; i++)
        assert.equal((await forgot(one, z, `nobody${i}@example.com`, first!.token)).status, 200);
      const sixth = await forgot(one, z, 'nobody5@example.com', second!.token);
      assert.equal(sixth.status, 429);
      assert.match(sixth.body.error, TOO_MANY);
    });

    it('a second address cannot go past the per-account sign-in budget', async () => {
      const [victim, other] = await people(2);
      const [x, y, z] = [nextAddress(), nextAddress(), nextAddress()];
      const half = SIGN_IN_PER_ACCOUNT / 2;
      for (let i = 0; i < half; i++) assert.equal((await login(one, x, victim!.email, `x ${i}`)).status, 401);
      // From another address (on the other process: with Redis the counters are shared).
      const second = store === 'redis' ? two : one;
      for (let i = 0; i < half; i++)
        assert.equal((await login(second, y, victim!.email, `y ${i}`)).status, 401, `y ${i}`);
      const refused = await login(one, z, victim!.email, 'z 0');
      assert.equal(refused.status, 429, 'a third address: the account has had its tries');
      assert.equal(refused.body.success, false);
      assert.match(refused.body.error, TOO_MANY);
      assert.match(String(refused.res.headers['retry-after']), /^\d+$/);
      // Upper or lower case, the same account.
      assert.equal((await login(one, z, victim!.email.toUpperCase(), victim!.password)).status, 429);
      assert.equal((await login(one, z, other!.email, 'z 1')).status, 401, 'another account is not affected');
    });

    it('a second address cannot go past the per-account reset budget', async () => {
      const [victim] = await people(1);
      const [x, y] = [nextAddress(), nextAddress()];
      for (let i = 0; i < RESETS_PER_ACCOUNT; i++)
        assert.equal((await forgot(one, x, victim!.email)).status, 200);
      const refused = await forgot(one, y, victim!.email);
      assert.equal(refused.status, 429);
      assert.match(refused.body.error, TOO_MANY);
      assert.equal((await forgot(one, y, 'someone-else@example.com')).status, 200);
    });

    if (store === 'redis')
      it('Redis holds one counter per route and per named limit, each named after it', async () => {
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
            'skynet:rl:POST:/api/user/signup',
            'skynet:rl:POST:/api/platform/events',
            'skynet:rl:POST:/api/faqs',
            'skynet:rl:sign-in-per-account',
            'skynet:rl:reset-per-account',
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
