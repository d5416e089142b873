// Issue 20, one process: the node's name on every answer, liveness and readiness, TRUST_PROXY for rate limits,
// secrets kept out of the request log, and the draining shutdown.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openPostgres } from '../../src/db/database.js';
import { redactUrl } from '../../src/server-options.js';
import { shutdown } from '../../src/shutdown.js';
import { build, call, signup, TEST_DB, useApp } from '../helper.js';
import { listen, openSocket } from '../sockets.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const BASE_ENV = {
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_LEVEL: 'silent',
  RATE_LIMIT: 'off',
};

describe('configuration of issue 20', () => {
  it('names the node after the host and pid unless NODE_NAME says otherwise', () => {
    const c = loadConfig(BASE_ENV);
    assert.match(c.nodeName, new RegExp(`-${process.pid}$`));
    assert.equal(loadConfig({ ...BASE_ENV, NODE_NAME: 'api-1' }).nodeName, 'api-1');
    assert.throws(() => loadConfig({ ...BASE_ENV, NODE_NAME: 'has space' }), ConfigError);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and CIDRs', () => {
    assert.equal(loadConfig(BASE_ENV).trustProxy, false);
    assert.equal(loadConfig({ ...BASE_ENV, TRUST_PROXY: '0' }).trustProxy, false);
    assert.equal(loadConfig({ ...BASE_ENV, TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(
      loadConfig({ ...BASE_ENV, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy,
      ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback'],
    );
    assert.throws(
      () => loadConfig({ ...BASE_ENV, TRUST_PROXY: 'proxy.example' }),
      (err: ConfigError) => err.problems.some((p) => p.includes('TRUST_PROXY')),
    );
    assert.throws(() => loadConfig({ ...BASE_ENV, TRUST_PROXY: '10.0.0.0/33' }), ConfigError);
  });

  it('reads the timeouts in milliseconds with defaults', () => {
    const c = loadConfig(BASE_ENV);
    assert.equal(c.requestTimeoutMs, 30_000);
    assert.equal(c.statementTimeoutMs, 5_000);
    assert.equal(c.shutdownTimeoutMs, 10_000);
    assert.equal(c.redisCommandTimeoutMs, 1_000);
    const d = loadConfig({ ...BASE_ENV, REQUEST_TIMEOUT_MS: '0', STATEMENT_TIMEOUT_MS: '250' });
    assert.equal(d.requestTimeoutMs, 0);
    assert.equal(d.statementTimeoutMs, 250);
    assert.throws(
      () => loadConfig({ ...BASE_ENV, SHUTDOWN_TIMEOUT_MS: '10s' }),
      (err: ConfigError) => err.problems.some((p) => p.includes('SHUTDOWN_TIMEOUT_MS')),
    );
  });

  it('redacts reset tokens and sign-in codes from URLs', () => {
    assert.equal(redactUrl('/api/user/resetpassword/abc123'), '/api/user/resetpassword/[redacted]');
    assert.equal(redactUrl('/resetpassword/abc123?x=1'), '/resetpassword/[redacted]?x=1');
    assert.equal(redactUrl('/login?code=abc&next=%2F'), '/login?code=[redacted]&next=%2F');
    assert.equal(
      redactUrl('/api/user/oauth/callback?state=s1&code=c1'),
      '/api/user/oauth/callback?state=[redacted]&code=[redacted]',
    );
    assert.equal(redactUrl('/api/user/login?token=refresh'), '/api/user/login?token=refresh');
    // The sign-up's confirmation link (issue 32): its page is a path of its own.
    assert.equal(redactUrl('/verifyemail/tok-9?x=1'), '/verifyemail/[redacted]?x=1');
  });
});

describe('node name, liveness and readiness', () => {
  const ctx = useApp({ env: { NODE_NAME: 'node-under-test' } });

  it('every answer carries x-skynet-node: success, 401, 404, 400, the site', async () => {
    for (const [route, status] of [
      ['GET /api/planet', 200],
      ['GET /api/user', 401],
      ['GET /api/no-such-call', 404],
      ['GET /api/planet/vulcan', 404],
      ['POST /api/faqs', 400],
      ['GET /config.json', 200],
    ] as const) {
      const r = await call(ctx.app, route);
      assert.equal(r.status, status, route);
      assert.equal(r.res.headers['x-skynet-node'], 'node-under-test', route);
    }
  });

  it('GET /api/health is liveness with the node and pid', async () => {
    const r = await call(ctx.app, 'GET /api/health');
    assert.equal(r.status, 200);
    assert.equal(r.body.success, true);
    assert.equal(r.body.node, 'node-under-test');
    assert.equal(r.body.pid, process.pid);
    assert.equal(typeof r.body.uptime, 'number');
  });

  it('GET /api/health/ready proves the database answers (Redis off here)', async () => {
    const r = await call(ctx.app, 'GET /api/health/ready');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      node: 'node-under-test',
      pid: process.pid,
      database: 'ok',
      redis: 'off',
    });
  });
});

describe('TRUST_PROXY: rate limits key on the real client behind a proxy', () => {
  const login = (app: FastifyInstance, client: string) =>
    call(app, 'POST /api/user/login', {
      payload: { email: 'nobody@example.com', password: 'not the password' },
      headers: { 'x-forwarded-for': client },
    });

  it('with TRUST_PROXY=1, two clients behind the proxy each get their own login bucket', async (t) => {
    const { app } = await build(t, { env: { RATE_LIMIT: 'on', TRUST_PROXY: '1' } });
    for (let i = 0; i < 10; i++) assert.equal((await login(app, '203.0.113.1')).status, 401);
    assert.equal((await login(app, '203.0.113.1')).status, 429);
    assert.equal((await login(app, '203.0.113.2')).status, 401);
  });

  it('without it, everyone behind the proxy shares one bucket (and X-Forwarded-For is not believed)', async (t) => {
    const { app } = await build(t, { env: { RATE_LIMIT: 'on' } });
    for (let i = 0; i < 10; i++) assert.equal((await login(app, '203.0.113.1')).status, 401);
    assert.equal((await login(app, '203.0.113.2')).status, 429);
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const ctx = useApp({ logger: { level: 'info', stream } });

  it('never shows reset tokens or sign-in codes', async () => {
    const secrets = ['RESETTOKEN0001', 'RESETTOKEN0002', 'SIGNINCODE0003', 'IDPCODE0004', 'IDPSTATE0005'];
    await call(ctx.app, `PATCH /api/user/resetpassword/${secrets[0]}`, {
      payload: { password: 'whatever123', confirmpassword: 'whatever123' },
    });
    await call(ctx.app, `GET /resetpassword/${secrets[1]}`, { headers: { accept: 'text/html' } });
    await call(ctx.app, `GET /login?code=${secrets[2]}`, { headers: { accept: 'text/html' } });
    await call(ctx.app, `GET /api/user/oauth/callback?code=${secrets[3]}&state=${secrets[4]}`);
    await call(ctx.app, `GET /api/user/resetpassword/${secrets[0]}`); // no such route: a 404
    await call(ctx.app, `GET /nothing/resetpassword/${secrets[1]}.js`); // the site's 404
    const log = lines.join('');
    assert.ok(log.includes('[redacted]'), 'the requests were logged');
    for (const s of secrets) assert.ok(!log.includes(s), `${s} is in the log`);
  });
});

describe('shutdown', () => {
  const ctx = useApp();
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  });

  /** A second app on the same database, listening, with a slow route (not ready yet when routes are added). */
  async function serving(env: Record<string, string> = {}) {
    const config = loadConfig({ ...BASE_ENV, DATA_DIR: ctx.dataDir, ...env });
    const app = await buildApp(config, {
      database: { ...ctx.database, close: async () => {} },
      logger: false,
      scheduleJobs: false,
    });
    app.get('/slow', { config: { public: true } }, async (request) => {
      const ms = Number((request.query as { ms?: string }).ms ?? 500);
      await new Promise((r) => setTimeout(r, ms));
      return { done: true };
    });
    const url = await listen(app);
    cleanups.push(() => app.close());
    return { app, url };
  }

  /** Until the slow request is being handled (on a busy machine it may take a while to arrive). */
  async function handling(app: FastifyInstance) {
    const until = Date.now() + 5_000;
    while (app.health.inflight() === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    assert.ok(app.health.inflight() > 0, 'the request is being handled');
  }

  it('stops accepting, disconnects sockets, lets a running request finish, then closes', async () => {
    const { app, url } = await serving();
    const user = await signup(ctx.app);
    const socket = await openSocket(url, user.token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const slow = fetch(`${url}/slow?ms=700`);
    await handling(app);
    const t0 = Date.now();
    const clean = await shutdown(app, 5_000);
    const took = Date.now() - t0;

    const answer = await slow;
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { done: true });
    assert.equal(clean, true);
    assert.ok(took < 4_000, `took ${took} ms`);
    assert.equal(await disconnected, 'io server disconnect');
    await assert.rejects(fetch(`${url}/api/health`), 'no longer accepting');
  });

  it('cuts off what still runs when the budget is spent', async () => {
    const { app, url } = await serving();
    const slow = fetch(`${url}/slow?ms=20000`).then(
      (r) => r.status,
      () => 'cut off',
    );
    await handling(app);
    const ready = await fetch(`${url}/api/health/ready`);
    assert.equal(ready.status, 200);
    const t0 = Date.now();
    const clean = await shutdown(app, 1_500);
    const took = Date.now() - t0;
    assert.equal(clean, false);
    assert.ok(took < 3_000, `took ${took} ms`);
    assert.equal(await slow, 'cut off');
  });

  it('a request not answered within REQUEST_TIMEOUT_MS gets a 503', async () => {
    const { url } = await serving({ REQUEST_TIMEOUT_MS: '300' });
    const t0 = Date.now();
    const r = await fetch(`${url}/slow?ms=3000`);
    // Fastify's FST_ERR_HANDLER_TIMEOUT is a 503; the app's one error handler answers every 5xx as a 500.
    assert.ok([500, 503].includes(r.status), `status ${r.status}`);
    assert.ok(Date.now() - t0 < 2_800);
    assert.equal(((await r.json()) as { success: boolean }).success, false);
  });
});

describe('PostgreSQL statement timeout', {
  skip: TEST_DB !== 'postgres' && 'PostgreSQL only (TEST_DATABASE_URL)',
}, () => {
  it('every pooled connection gets STATEMENT_TIMEOUT_MS; a longer statement is cancelled', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const database = await openPostgres(url, 2, { statementTimeoutMs: 250, connectionTimeoutMs: 5_000 });
    try {
      const [row] = await database.query<{ statement_timeout: string }>(
        'show_st',
        'SHOW statement_timeout',
        [],
      );
      assert.equal(row?.statement_timeout, '250ms');
      const t0 = Date.now();
      await assert.rejects(database.query('sleep', 'SELECT pg_sleep(3)', []), /statement timeout/);
      assert.ok(Date.now() - t0 < 2_000);
    } finally {
      await database.close();
    }
  });

  it('a new connection has JIT off before its first query, which never overlaps the SET', () => {
    // In a fresh process: Node prints a deprecation once per process, and this one's may have printed already.
    const script = `
      import { openPostgres } from './src/db/database.ts';
      const database = await openPostgres(process.env.TEST_DATABASE_URL, 4);
      // Four queries at once on an empty pool: four new connections, each asked at once.
      const rows = await Promise.all([1, 2, 3, 4].map(() => database.query('show_jit', 'SHOW jit', [])));
      console.log(JSON.stringify(rows.map((r) => r[0].jit)));
      await database.close();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: API_DIR,
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), '["off","off","off","off"]');
    assert.doesNotMatch(run.stderr, /already executing a query/);
  });
});
