// Issue 32 item 6: bad input answered. Empty ids are a 400; error logs carry no SQL parameters; the avatar route reads
// only its one shape (a 4.4 MB nested body never reaches JSON.parse); an oversized body gets a 413 (404 for an unknown
// path) the client reads, with and without `Expect: 100-continue`; deleted posts refuse likes, saves and comments.
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { AVATAR_SHAPE } from '../../../src/app.js';
import { LINGER_MAX_BYTES, LINGER_MS } from '../../../src/plugins/app/body-guard.js';
import { build, call, type SignedUp, signup, type TestApp } from '../../helper.js';
import { send } from '../../raw-http.js';

const LOCATION = { latitude: 1, longitude: 2, planetId: 'earth' };
const JSON_TYPE = { 'content-type': 'application/json' };

describe('bad input answered (issue 32)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let ctx: TestApp;
  let base: string;
  let u: SignedUp;
  let other: SignedUp;
  const lines: Record<string, unknown>[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      { logger: { level: 'warn', stream } },
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    u = await signup(ctx.app);
    other = await signup(ctx.app);
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('an empty id is a 400 with an error text: replies, messages, reports and every id in a path', async () => {
    const parentPost = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: 'a reply to nothing', location: LOCATION, parentPost: '' },
    });
    assert.equal(parentPost.status, 400, parentPost.res.body);
    assert.equal(parentPost.body.error, 'parentPost must not be empty.');
    for (const [route, payload] of [
      ['POST /api/user/chat', { content: 'hi', receiverId: '' }],
      ['POST /api/user/getchats', { receiverId: '' }],
      ['POST /api/user/chat/read', { conversationId: '', messageId: '' }],
      ['POST /api/report', { targetType: 'post', targetId: '', reason: 'spam' }],
    ] as const) {
      const r = await call(ctx.app, route, { token: u.token, payload });
      assert.equal(r.status, 400, `${route}: ${r.res.body}`);
      assert.match(r.body.error, /must not be empty\.$/, route);
    }
    // Every route with a path parameter, each parameter empty: a 4xx with an error text, never a 5xx.
    let routes = 0;
    for (const route of ctx.app.routeList) {
      if (!route.url.startsWith('/api/') || !route.url.includes('/:')) continue;
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      routes += 1;
      // Empty ids in the middle and at the end (`/api/user/sessions/` must not end every session).
      const url = route.url.replace(/:[A-Za-z]+/g, '');
      const r = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
        ...(route.method === 'GET' ? {} : { payload: '{}' }),
      });
      assert.ok(
        r.statusCode >= 400 && r.statusCode < 500,
        `${route.method} ${url} -> ${r.statusCode} ${r.body}`,
      );
      assert.equal(typeof r.json().error, 'string', `${route.method} ${url}`);
    }
    assert.ok(routes >= 30, `${routes} routes with an id in their path`);
    const ended = await call(ctx.app, 'DELETE /api/user/sessions/', { token: u.token });
    assert.equal(ended.status, 400);
    assert.equal(ended.body.error, 'The address has an empty part: an id is missing.');
    assert.equal((await call(ctx.app, 'GET /api/user', { token: u.token })).status, 200, 'still signed in');
    const like = await call(ctx.app, 'POST /api/post/%20/like', { token: u.token });
    assert.equal(like.status, 404);
  });

  it('a failed query is logged with its code and message, never its parameters', async () => {
    const needle = 'needle-in-the-query-parameters';
    await ctx.database.db.execute(sql`ALTER TABLE faqs RENAME TO faqs_away`);
    try {
      const r = await call(ctx.app, 'POST /api/faqs', { payload: { query: needle } });
      assert.equal(r.status, 500);
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE faqs_away RENAME TO faqs`);
    }
    const failed = lines.find((l) => l.msg === 'request failed') as
      | { err: Record<string, unknown> }
      | undefined;
    assert.ok(failed, 'the failure is logged');
    assert.equal(failed.err.code, '42P01', 'the database code names the problem');
    assert.match(String(failed.err.message), /faqs/);
    assert.equal(failed.err.params, undefined);
    assert.ok(!JSON.stringify(lines).includes(needle), 'no log line holds the query parameter');
    // Any `{ err }` of any log line goes through the same serializer.
    const err = await ctx.database.db.execute(sql`SELECT ${needle}::uuid`).catch((e: unknown) => e);
    ctx.app.log.error({ err }, 'a direct log of a query error');
    const direct = lines.find((l) => l.msg === 'a direct log of a query error') as {
      err: Record<string, unknown>;
    };
    assert.equal(direct.err.code, '22P02');
    assert.ok(!JSON.stringify(direct).includes(needle));
  });

  it('the avatar route refuses a 4.4 MB nested body before parsing it, without blocking the process', async () => {
    const inner = 2_200_000;
    const nested = `{"avatarDataUrl":${'['.repeat(inner)}${']'.repeat(inner)}}`;
    assert.ok(nested.length > 4_400_000 && nested.length < 4.5 * 1024 * 1024);
    const parseStarted = performance.now();
    try {
      JSON.parse(nested);
    } catch {}
    const parseMs = performance.now() - parseStarted;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const r = await send(base, {
      method: 'PATCH',
      path: '/api/user/changeavatar',
      body: Buffer.from(nested),
      headers: { authorization: `Bearer ${u.token}` },
    });
    const ms = performance.now() - started;
    delay.disable();
    const maxDelayMs = delay.max / 1e6;
    console.log(
      `nested avatar body (${nested.length} B): answered ${r.status} in ${ms.toFixed(0)} ms, longest event-loop stall ${maxDelayMs.toFixed(0)} ms (JSON.parse alone: ${parseMs.toFixed(0)} ms)`,
    );
    assert.equal(r.status, 400);
    assert.equal(JSON.parse(r.body).error, AVATAR_SHAPE);
    assert.ok(maxDelayMs < 250, `the event loop stalled ${maxDelayMs} ms`);
    // Other shapes are refused the same way; the one shape still reaches the picture check.
    for (const body of [
      '{"avatarDataUrl":{"a":1}}',
      '{"avatarDataUrl":"x","admin":true}',
      '[]',
      '{"avatarDataUrl":"\\u0041"}',
    ]) {
      const bad = await call(ctx.app, 'PATCH /api/user/changeavatar', {
        token: u.token,
        payload: body,
        headers: JSON_TYPE,
      });
      assert.equal(bad.status, 400, body);
      assert.equal(bad.body.error, AVATAR_SHAPE, body);
    }
    const picture = await call(ctx.app, 'PATCH /api/user/changeavatar', {
      token: u.token,
      payload: ' { "avatarDataUrl" : "data:image/png;base64,bm90IGFuIGltYWdl" } ',
      headers: JSON_TYPE,
    });
    assert.equal(picture.status, 400);
    assert.notEqual(picture.body.error, AVATAR_SHAPE);
  });

  it('an oversized body gets its 413 (or 404) the client reads, written whole or announced with Expect', async () => {
    const mb = (n: number) => Buffer.alloc(n * 1024 * 1024, 'x');
    const auth = { authorization: `Bearer ${u.token}` };
    const cases = [
      { label: '12 MB to a call', method: 'POST', path: '/api/faqs', body: mb(12), status: 413 },
      {
        label: '12 MB chunked to a call',
        method: 'POST',
        path: '/api/faqs',
        body: mb(12),
        status: 413,
        chunked: true,
      },
      {
        label: '12 MB to the avatar',
        method: 'PATCH',
        path: '/api/user/changeavatar',
        body: mb(12),
        status: 413,
        headers: auth,
      },
      {
        label: '4 MB to an unknown path',
        method: 'POST',
        path: '/api/no/such/call',
        body: mb(4),
        status: 404,
      },
      {
        label: '4 MB without a token',
        method: 'PATCH',
        path: '/api/user/changeavatar',
        body: mb(4),
        status: 401,
      },
    ];
    for (const c of cases) {
      const written = await send(base, c);
      assert.equal(written.status, c.status, c.label);
      assert.equal(typeof JSON.parse(written.body).error, 'string', c.label);
      if (!c.chunked) {
        const announced = await send(base, { ...c, expectContinue: true });
        assert.equal(announced.status, c.status, `${c.label} (Expect: 100-continue)`);
        assert.equal(announced.continued, false, `${c.label}: answered before 100 Continue`);
        assert.equal(announced.written, 0, `${c.label}: no byte of the body was sent`);
      }
    }
    assert.equal(JSON.parse((await send(base, cases[0]!)).body).error, 'The request body is too large.');
    // A body the route takes is asked for with 100 Continue and answered as usual.
    const fine = await send(base, {
      method: 'POST',
      path: '/api/faqs',
      body: Buffer.from(JSON.stringify({ query: 'password' })),
      expectContinue: true,
    });
    assert.equal(fine.continued, true);
    assert.equal(fine.status, 200, fine.body);
    // The server still serves after all that.
    assert.equal((await call(ctx.app, 'GET /api/health')).status, 200);
  });

  it('the linger is bounded: a client that never stops sending reads its 413 and is cut off (time or bytes)', async () => {
    const { port } = new URL(base);
    // Half-open allowed: the client goes on sending after the server's FIN (as a client busy writing would).
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString('latin1');
    });
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.on('error', () => {});
    socket.write(
      'POST /api/faqs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
    const started = Date.now();
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) {
        socket.write(chunk);
        sent += 0x10000;
      }
    }, 5);
    const end = await closed;
    clearInterval(timer);
    assert.match(answer, /^HTTP\/1\.1 413 /, 'the answer was read while sending');
    assert.match(answer, /The request body is too large\./);
    assert.match(answer, /connection: close/i);
    const ms = end - started;
    // Whichever bound comes first: LINGER_MS, or LINGER_MAX_BYTES read after the answer.
    assert.ok(
      ms < LINGER_MS + 2_000 && (ms >= LINGER_MS - 500 || sent >= LINGER_MAX_BYTES),
      `cut off after ${ms} ms (${sent} bytes sent)`,
    );
  });

  it('a deleted post refuses likes, saves and comments with the spec text, and its author hears of none', async () => {
    const post = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: 'soon gone', location: LOCATION },
    });
    const id = post.body.value._id as string;
    const live = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: 'stays', location: LOCATION },
    });
    // A live post takes a like and its author hears of it (so the check below can fail).
    assert.equal(
      (await call(ctx.app, `POST /api/post/${live.body.value._id}/like`, { token: other.token })).status,
      200,
    );
    const notices = async () =>
      (await call(ctx.app, 'GET /api/notifications?page=0', { token: u.token })).body.value as {
        kind: string;
        postId?: string;
      }[];
    const before = await notices();
    assert.ok(
      before.some((n) => n.kind === 'like'),
      JSON.stringify(before),
    );
    assert.equal((await call(ctx.app, `DELETE /api/post/${id}`, { token: u.token })).status, 200);
    for (const [route, payload] of [
      [`POST /api/post/${id}/like`, undefined],
      [`POST /api/post/${id}/save`, undefined],
      [`POST /api/post/${id}/comment`, { content: 'hello?' }],
    ] as const) {
      const r = await call(ctx.app, route, { token: other.token, ...(payload ? { payload } : {}) });
      assert.equal(r.status, 400, `${route}: ${r.res.body}`);
      assert.equal(r.body.error, 'Post was deleted by author.', route);
    }
    assert.equal((await call(ctx.app, `GET /api/post/${id}/like`, { token: other.token })).body.value, false);
    assert.equal((await call(ctx.app, `GET /api/post/${id}/save`, { token: other.token })).body.value, false);
    assert.deepEqual(await notices(), before, 'no new notification');
    // Undoing stays possible (idempotent).
    assert.equal((await call(ctx.app, `DELETE /api/post/${id}/like`, { token: other.token })).status, 200);
  });
});

describe('the access log names the request, not the person (issue 32)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let ctx: TestApp;
  const lines: Record<string, unknown>[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      { logger: { level: 'info', stream } },
    );
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('no client address and no searched text (a name or an address) in any line; the request id in each', async () => {
    const u = await signup(ctx.app);
    const searched = 'someone.else@example.com';
    const r = await call(ctx.app, `GET /api/user/search/${encodeURIComponent(searched)}`, {
      token: u.token,
      remoteAddress: '198.51.100.23',
    });
    assert.equal(r.status, 200);
    const mine = lines.filter((l) => l.reqId === r.res.headers['x-request-id']);
    assert.ok(mine.length >= 2, 'incoming and completed lines carry the request id');
    const text = JSON.stringify(lines);
    assert.ok(!text.includes('198.51.100.23'), 'no client address');
    assert.ok(!text.includes('someone.else') && !text.includes('example.com'), 'no searched text');
    assert.ok(!text.includes(u.email), 'no address of the person');
    assert.ok(text.includes('/api/user/search/[redacted]'));
  });
});
