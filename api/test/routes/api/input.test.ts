// Issue 21 item 4: control characters, body limits, unknown routes, visible characters, rate limits.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SOCKET_EVENTS } from '@skynet/contract';
import { build, call, type SignedUp, signup, type TestApp, useApp } from '../../helper.js';
import { listen, openSocket } from '../../sockets.js';

const LOCATION = { latitude: 1, longitude: 2, planetId: 'earth' };
const NUL = '\u0000';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOO_MANY = /^Too many requests\. Please try again in \d+ seconds?\.$/;

describe('control characters, body limits, visible characters', () => {
  const ctx = useApp();
  let u: SignedUp;
  let other: SignedUp;
  let postId: string;

  it('setup', async () => {
    u = await signup(ctx.app);
    other = await signup(ctx.app);
    const p = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: 'hi', location: LOCATION },
    });
    postId = p.body.value._id;
  });

  it('a NUL byte anywhere is a 400 with a clear error, on the 15 routes of the report and more', async () => {
    const cases: [string, unknown][] = [
      ['POST /api/user/login', { email: `a${NUL}@b.co`, password: 'x' }],
      ['POST /api/user/forgetpassword', { email: `a${NUL}@b.co` }],
      [
        'POST /api/user/signup',
        {
          email: 'n@b.co',
          userName: 'nulname',
          password: 'long enough',
          location: { ...LOCATION, planetId: NUL },
        },
      ],
      ['GET /api/user/search/a%00b', undefined],
      ['GET /api/post/search/a%00b', undefined],
      ['POST /api/post', { content: `x${NUL}y`, location: LOCATION }],
      [`POST /api/post/${'{id}'}/comment`, { content: `x${NUL}y` }],
      ['POST /api/user/chat', { content: `x${NUL}`, receiverId: '{other}' }],
      ['PATCH /api/user/changeBio', { newBio: `bio${NUL}` }],
      ['POST /api/faqs', { query: `how${NUL}` }],
      ['GET /api/feed/%00', undefined],
      ['GET /api/planet/%00', undefined],
      ['GET /api/feed?page=%00', undefined],
      ['GET /api/user/%00/follow', undefined],
      ['PATCH /api/user/changeUsername', { newUsername: `a${NUL}b` }],
      ['POST /api/platform/events', { events: [{ type: 'load', remote: `r${NUL}`, version: '1' }] }],
      ['GET /%00', undefined],
      ['GET /api/nothing/%00', undefined],
    ];
    for (const [template, payload] of cases) {
      const route = template.replace('{id}', postId);
      const body = JSON.parse(JSON.stringify(payload ?? null)?.replace('{other}', other.id) ?? 'null');
      const r = await call(ctx.app, route, { token: u.token, ...(payload ? { payload: body } : {}) });
      assert.equal(r.status, 400, `${route}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.success, false);
      assert.match(r.body.error, /control character/, route);
    }
  });

  it('other C0 characters and DEL too; tab and line feed only in multi-line texts; unpaired surrogates never', async () => {
    for (const ch of ['\u0001', '\u0008', '\u001b', '\u007f']) {
      const r = await call(ctx.app, 'POST /api/post', {
        token: u.token,
        payload: { content: `a${ch}b`, location: LOCATION },
      });
      assert.equal(r.status, 400, JSON.stringify(ch));
    }
    const multi = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: 'line one\n\tline two\r\n', location: LOCATION },
    });
    assert.equal(multi.status, 200);
    const bio = await call(ctx.app, 'PATCH /api/user/changeBio', {
      token: u.token,
      payload: { newBio: 'a\nb' },
    });
    assert.equal(bio.status, 200);
    const name = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: 'a\n@b.co', password: 'x' },
    });
    assert.equal(name.status, 400);
    assert.equal(name.body.error, 'email must not contain a control character.');
    const query = await call(ctx.app, 'GET /api/post/search/a%0Ab', { token: u.token });
    assert.equal(query.status, 400);
    for (const lone of ['\ud800', 'x\udc00', '\udbff!']) {
      const r = await call(ctx.app, 'POST /api/post', {
        token: u.token,
        payload: { content: lone, location: LOCATION },
      });
      assert.equal(r.status, 400);
      assert.equal(r.body.error, 'content must not contain an unpaired surrogate.');
    }
    const pair = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: '🚀', location: LOCATION },
    });
    assert.equal(pair.status, 200, 'a surrogate pair is a character');
    const key = await call(ctx.app, 'POST /api/faqs', { payload: { query: 'x', [`k${NUL}`]: 1 } });
    assert.equal(key.status, 400);
  });

  it('bodies: 64 KB at most (the avatar alone takes more), and not nested deeply', async () => {
    const big = await call(ctx.app, 'POST /api/faqs', { payload: { query: 'x'.repeat(70_000) } });
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'The request body is too large.');
    // 200 KB reaches the avatar route and is judged as a picture, not refused for its size.
    const avatar = await call(ctx.app, 'PATCH /api/user/changeavatar', {
      token: u.token,
      payload: { avatarDataUrl: `data:image/png;base64,${'A'.repeat(200_000)}` },
    });
    assert.equal(avatar.status, 400);
    assert.notEqual(avatar.body.error, 'The request body is too large.');
    const deep = `{"query":"x","a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    assert.equal(nested.statusCode, 400);
    assert.equal(nested.json().error, 'The request body is nested too deeply.');
  });

  it('a body sent to a route that does not exist is answered 404 without being read', async () => {
    const huge = `${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}`;
    for (const url of ['/api/no/such/call', '/no-such-page', '/api/post/x/y/z']) {
      const started = Date.now();
      const r = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: huge,
      });
      assert.equal(r.statusCode, 404, url);
      assert.equal(r.json().success, false);
      assert.ok(Date.now() - started < 500, `${url} answered in ${Date.now() - started} ms`);
    }
  });

  it('posts, comments, messages and bios need a visible character', async () => {
    const invisible = ['\u200b\u200b', ' \u200d\u2060 ', '\ufeff', '\u3164', '\u2800', '\u0301', ' \n\t '];
    for (const text of invisible) {
      const label = JSON.stringify(text);
      const post = await call(ctx.app, 'POST /api/post', {
        token: u.token,
        payload: { content: text, location: LOCATION },
      });
      assert.equal(post.status, 400, label);
      assert.equal(post.body.error, 'The post must contain a visible character.', label);
      const comment = await call(ctx.app, `POST /api/post/${postId}/comment`, {
        token: u.token,
        payload: { content: text },
      });
      assert.equal(comment.status, 400, label);
      assert.equal(comment.body.error, 'The comment must contain a visible character.', label);
      const message = await call(ctx.app, 'POST /api/user/chat', {
        token: u.token,
        payload: { content: text, receiverId: other.id },
      });
      assert.equal(message.status, 400, label);
      assert.equal(message.body.error, 'The message must contain a visible character.', label);
      if (text.trim() !== '') {
        const bio = await call(ctx.app, 'PATCH /api/user/changeBio', {
          token: u.token,
          payload: { newBio: text },
        });
        assert.equal(bio.status, 400, label);
        assert.equal(bio.body.error, 'The bio must contain a visible character.', label);
      }
    }
    // An empty bio clears it; text with zero-width characters around a visible one is fine.
    assert.equal(
      (await call(ctx.app, 'PATCH /api/user/changeBio', { token: u.token, payload: { newBio: '' } })).status,
      200,
    );
    const ok = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: '\u200bé\u200b', location: LOCATION },
    });
    assert.equal(ok.status, 200);
  });
});

describe('rate limits on every write and on socket events (RATE_LIMIT=on)', () => {
  const ctx = useApp({ env: { RATE_LIMIT: 'on' } });

  it('every API write route has a limit', () => {
    const writes = ctx.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method),
    );
    assert.ok(writes.length >= 15);
    const missing = writes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !ctx.app.rateLimitedRoutes.has(r));
    assert.deepEqual(missing, []);
    for (const search of ['GET /api/post/search/:text', 'GET /api/user/search/:text'])
      assert.ok(ctx.app.rateLimitedRoutes.has(search), search);
  });

  it('posts: 30 a minute per person, with a clear 429; another person is not affected', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const post = (who: SignedUp) =>
      call(ctx.app, 'POST /api/post', { token: who.token, payload: { content: 'spam', location: LOCATION } });
    for (let i = 0; i < 30; i++) assert.equal((await post(a)).status, 200);
    const refused = await post(a);
    assert.equal(refused.status, 429);
    assert.match(refused.body.error, TOO_MANY);
    assert.equal((await post(b)).status, 200, 'keyed per person, not per address');
  });

  it('changing the password: 10 tries per 15 minutes (a stolen session cannot guess the password)', async () => {
    const a = await signup(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call(ctx.app, 'PATCH /api/user/changepassword', {
        token: a.token,
        payload: { password: `guess ${i}`, newpassword: 'new password 1', confirmpassword: 'new password 1' },
      });
      statuses.push(r.status);
    }
    assert.deepEqual(
      statuses.slice(0, 10).filter((s) => s === 429),
      [],
    );
    assert.equal(statuses[10], 429);
  });

  it('likes, follows and other writes: limited too (120 a minute)', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    let last = 0;
    for (let i = 0; i < 121; i++) {
      last = (await call(ctx.app, `POST /api/user/${b.id}/follow`, { token: a.token })).status;
      if (i < 120) assert.equal(last, 200);
    }
    assert.equal(last, 429);
  });

  it('socket events: 60 per 10 s per person, the acknowledgement says why', async () => {
    const a = await signup(ctx.app);
    const url = await listen(ctx.app);
    const socket = await openSocket(url, a.token);
    try {
      const answers: { ok: boolean; error?: string }[] = [];
      for (let i = 0; i < 61; i++) {
        answers.push(
          await new Promise((resolve) => socket.emit(SOCKET_EVENTS.join, 'not-a-conversation', resolve)),
        );
      }
      assert.deepEqual(
        answers.slice(0, 60).filter((x) => /Too many/.test(x.error ?? '')),
        [],
      );
      assert.equal(answers[60]?.ok, false);
      assert.match(answers[60]?.error ?? '', TOO_MANY);
    } finally {
      socket.close();
    }
  });
});

describe('limits shared through Redis by two API processes (RATE_LIMIT=on)', () => {
  let one: TestApp;
  let two: TestApp;
  // People are made through a third process without limits: sign-ups are limited per address, and every run of the
  // suite (both databases, every test file) signs up from 127.0.0.1 against the same Redis.
  let signups: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  before(async () => {
    const hold = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
    const env = { REDIS_URL, RATE_LIMIT: 'on' };
    one = await build(hold, { env });
    two = await build(hold, { env, database: one.database });
    signups = await build(hold, { database: one.database });
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it("a person's posts count on both processes together", async () => {
    const a = await signup(signups.app);
    const post = (app: TestApp) =>
      call(app.app, 'POST /api/post', { token: a.token, payload: { content: 'both', location: LOCATION } });
    for (let i = 0; i < 15; i++) assert.equal((await post(one)).status, 200);
    for (let i = 0; i < 15; i++) assert.equal((await post(two)).status, 200);
    const refused = await post(one);
    assert.equal(refused.status, 429);
    assert.match(refused.body.error, TOO_MANY);
  });

  it("a person's socket events count on both processes together", async () => {
    const a = await signup(signups.app);
    const sockets = [
      await openSocket(await listen(one.app), a.token),
      await openSocket(await listen(two.app), a.token),
    ];
    try {
      const join = (i: number) =>
        new Promise<{ ok: boolean; error?: string }>((resolve) =>
          sockets[i % 2]!.emit(SOCKET_EVENTS.join, 'not-a-conversation', resolve),
        );
      for (let i = 0; i < 60; i++) assert.doesNotMatch((await join(i)).error ?? '', /Too many/, `event ${i}`);
      assert.match((await join(60)).error ?? '', TOO_MANY);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
