// Issue 30: a PostgreSQL that accepts but does not answer (a frozen server, a hung host, a black-holed link). Nothing
// fails by itself then: node-postgres waits on the socket, statement_timeout is counted by the silent server and a
// new connection hangs in its handshake, so every call waited for the request timeout (30 s). The API's watchdog
// (src/db/postgres-watchdog.ts) must turn that into a clear 503 within 2 s, and serve again once the server answers.
// The link here is a TCP relay of the test's own in front of the suite's PostgreSQL that stops passing bytes (the
// shared server itself is never stopped; the fault suite freezes a private one with SIGSTOP).
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/db/database.js';
import { isDatabaseUnavailable } from '../../src/db/postgres-watchdog.js';
import { build, call, postgresClone, type SignedUp, signup, TEST_DB, type TestApp } from '../helper.js';

const BUDGET_MS = 2_000;
const LOCATION = { latitude: 1, longitude: 2, planetId: 'earth' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Relays connections to `target`; `freeze()` stops passing bytes both ways (held, not dropped) until `thaw()`. */
class FreezableLink {
  private frozen = false;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<net.Socket>();
  private server = net.createServer((inbound) => {
    const outbound = net.connect(this.target.port, this.target.host);
    for (const s of [inbound, outbound]) {
      this.sockets.add(s);
      s.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
      s.on('close', () => this.sockets.delete(s));
    }
    const relay = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (this.frozen) this.held.push(() => to.write(chunk));
        else to.write(chunk);
      });
    relay(inbound, outbound);
    relay(outbound, inbound);
  });
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}
  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  freeze(): void {
    this.frozen = true;
  }
  thaw(): void {
    this.frozen = false;
    for (const write of this.held.splice(0)) write();
  }
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - t0 };
}

describe('PostgreSQL not answering (a frozen link) under the API', {
  skip: TEST_DB === 'postgres' ? false : 'runs on PostgreSQL (SKYNET_TEST_DB=postgres)',
  timeout: 40_000,
}, () => {
  let link: FreezableLink;
  let api: TestApp;
  let a: SignedUp;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    const clone = await postgresClone();
    cleanups.push(clone.drop, () => clone.database.close());
    const url = new URL(clone.url);
    link = new FreezableLink({ host: url.hostname, port: Number(url.port || 5432) });
    await link.listen();
    url.host = `127.0.0.1:${link.port}`;
    // The pool the server opens (plugins/external/database.ts), with the default 1 s watchdog deadline.
    const database = await openPostgres(url.href, 5, {
      statementTimeoutMs: 5_000,
      connectionTimeoutMs: 5_000,
      watchdogDeadlineMs: 1_000,
    });
    // Closed after the link (cleanups run last first): closing the link fails whatever still waits on it, so every
    // pooled connection is given back and the pool can end.
    cleanups.push(
      () => database.close(),
      async () => {
        link.thaw();
        await link.close();
      },
    );
    api = await build({ after: (fn: () => Promise<void>) => cleanups.push(fn) }, { database });
    a = await signup(api.app);
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  });

  it(`answers 503 with a clear error within ${BUDGET_MS} ms while frozen, and serves again after`, async () => {
    assert.equal(api.database.answering?.(), true);
    link.freeze();
    // A call already waiting on the silent server when it froze, and calls made while it stays frozen.
    const first = await timed(() =>
      call(api.app, 'POST /api/post', { token: a.token, payload: { content: 'frozen', location: LOCATION } }),
    );
    assert.equal(first.value.status, 503, JSON.stringify(first.value.body));
    assert.equal(first.value.body.error, 'The database is not answering. Please try again in a moment.');
    assert.ok(first.ms < BUDGET_MS, `the first call took ${first.ms} ms`);
    assert.equal(api.database.answering?.(), false);
    for (const [what, request] of [
      ['the feed', () => call(api.app, 'GET /api/feed?page=1', { token: a.token })],
      [
        'a sign-in',
        () => call(api.app, 'POST /api/user/login', { payload: { email: a.email, password: a.password } }),
      ],
      ['readiness', () => call(api.app, 'GET /api/health/ready')],
    ] as const) {
      const { value, ms } = await timed(request);
      assert.equal(value.status, 503, `${what}: ${JSON.stringify(value.body)}`);
      assert.ok(ms < 200, `${what} took ${ms} ms while the watchdog already knew`);
    }

    link.thaw();
    const t0 = Date.now();
    while (!api.database.answering?.()) {
      assert.ok(Date.now() - t0 < 5_000, 'the watchdog did not see PostgreSQL answer again within 5 s');
      await sleep(50);
    }
    const posted = await call(api.app, 'POST /api/post', {
      token: a.token,
      payload: { content: 'after the thaw', location: LOCATION },
    });
    assert.equal(posted.status, 200, JSON.stringify(posted.body));
    const feed = await call(api.app, `GET /api/feed/${a.id}?page=0`, { token: a.token });
    const contents = (feed.body.value as { content: string }[]).map((p) => p.content);
    // The post refused with 503 was not written; the one after the thaw was.
    assert.deepEqual(contents, ['after the thaw']);
  });

  it('a transaction holding a connection when the watchdog trips fails with it, and the process lives on', async () => {
    const outcome = api.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      link.freeze();
      // The watchdog trips meanwhile and closes this checked-out connection between two of its queries: an 'error'
      // nobody listened for here once ended the API process (seen in the fault suite).
      await sleep(1_600);
      await tx.execute(sql`SELECT 2`);
    });
    await assert.rejects(outcome, (err: unknown) => isDatabaseUnavailable(err));
    link.thaw();
    const t0 = Date.now();
    while (!api.database.answering?.()) {
      assert.ok(Date.now() - t0 < 5_000, 'the watchdog did not see PostgreSQL answer again within 5 s');
      await sleep(50);
    }
    assert.equal((await call(api.app, 'GET /api/feed?page=1', { token: a.token })).status, 200);
    // Every connection comes back to the pool: none is held for good for a caller that was answered (a transaction
    // whose BEGIN was cut off once kept its connection for good, and the pool could never end). Work that goes on
    // after an answer may hold one for a moment on a slow machine (a CI run saw total 2, idle 1 at once), so this
    // gives it 3 s.
    const t1 = Date.now();
    let stats = api.database.poolStats?.();
    while (stats?.total !== stats?.idle && Date.now() - t1 < 3_000) {
      await sleep(50);
      stats = api.database.poolStats?.();
    }
    assert.equal(stats?.total, stats?.idle, JSON.stringify(stats));
  });

  it('names the errors that mean PostgreSQL is away, and not a bad query', () => {
    assert.equal(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' })), true);
    assert.equal(
      isDatabaseUnavailable(new Error('wrapped', { cause: new Error('Connection terminated') })),
      true,
    );
    assert.equal(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' })), false);
    assert.equal(isDatabaseUnavailable(new Error('syntax error at or near')), false);
  });
});
