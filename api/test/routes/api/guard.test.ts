import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { call, type SignedUp, signup, useApp } from '../../helper.js';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const ID = '00000000-0000-4000-8000-000000000000';

/** Every protected call of spec point 7. */
const PROTECTED = [
  'GET /api/user/login',
  'GET /api/user/login?token=refresh',
  'GET /api/user',
  'PATCH /api/user/changepassword',
  'PATCH /api/user/changeUsername',
  'PATCH /api/user/changeEmail',
  'PATCH /api/user/changeBio',
  'PATCH /api/user/changeavatar',
  'POST /api/user/deleteaccount/delete',
  'GET /api/feed?page=1',
  `GET /api/feed/mars?page=1`,
  `GET /api/feed/${ID}?page=0`,
  'POST /api/post',
  `DELETE /api/post/${ID}`,
  `GET /api/post/marks?ids=${ID}`,
  `GET /api/post/${ID}/save`,
  `POST /api/post/${ID}/save`,
  `DELETE /api/post/${ID}/save`,
  `GET /api/post/${ID}/like`,
  `POST /api/post/${ID}/like`,
  `DELETE /api/post/${ID}/like`,
  `POST /api/post/${ID}/comment`,
  'GET /api/post/search/moon?page=0',
  'GET /api/user/search/moon?page=0',
  `GET /api/user/${ID}`,
  'GET /api/user/liked?page=0',
  'GET /api/user/saved?page=0',
  'GET /api/user/commented?page=0',
  'GET /api/user/following',
  'GET /api/user/follower',
  `GET /api/user/${ID}/follow`,
  `POST /api/user/${ID}/follow`,
  `DELETE /api/user/${ID}/follow`,
  'POST /api/user/getchats',
  'POST /api/user/chat',
  'POST /api/user/conversations',
  'GET /api/user/conversations',
  `GET /api/user/conversations/${ID}`,
];

const PUBLIC = [
  'GET /api/planet',
  'GET /api/planet/earth',
  'GET /api/faqs',
  'GET /api/health',
  `GET /api/post/${ID}`,
  `GET /api/post/${ID}/comment`,
];

describe('authentication guard', () => {
  const ctx = useApp();
  let u: SignedUp;
  const tokens: Record<string, () => Promise<string | undefined>> = {
    missing: async () => undefined,
    garbage: async () => 'not.a.jwt',
    forged: async () =>
      new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
    expired: async () =>
      new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(SECRET),
    'unsigned (alg none)': async () => {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${enc({ alg: 'none' })}.${enc({ sub: u.id, tv: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    },
    'old token version': async () =>
      new SignJWT({ tv: -1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setExpirationTime('1h')
        .sign(SECRET),
  };

  it('a valid token passes', async () => {
    u = await signup(ctx.app);
    const r = await call(ctx.app, 'GET /api/user', { token: u.token });
    assert.equal(r.status, 200);
  });

  for (const [kind, make] of Object.entries(tokens)) {
    it(`every protected call refuses a ${kind} token with 401`, async () => {
      const token = await make();
      for (const route of PROTECTED) {
        const r = await call(ctx.app, route, { ...(token ? { token } : {}), payload: {} });
        assert.equal(r.status, 401, `${route} with ${kind} token`);
        assert.equal(r.body.success, false);
        assert.equal(typeof r.body.error, 'string');
      }
    });
  }

  it('public calls need no token', async () => {
    for (const route of PUBLIC) {
      const r = await call(ctx.app, route);
      assert.ok(r.status === 200 || r.status === 404, `${route}: ${r.status}`);
      assert.notEqual(r.status, 401);
    }
  });

  it('bad bodies get a 4xx with an error text, never a 5xx', async () => {
    const cases: { route: string; payload?: string; headers?: Record<string, string>; status: number }[] = [
      {
        route: 'POST /api/post',
        payload: '{"content": "x",',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'POST /api/post',
        payload: '[1,2,3]',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'POST /api/post',
        payload: '"just a string"',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'POST /api/post',
        payload: 'content=hi',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        status: 415,
      },
      {
        route: 'POST /api/post',
        payload: '{"content": {"$gt": ""}, "location": {}}',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'POST /api/user/chat',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'PATCH /api/user/changeBio',
        payload: '{"newBio": null}',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'POST /api/user/getchats',
        payload: '{"receiverId": 5}',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      {
        route: 'PATCH /api/user/changeBio',
        payload: JSON.stringify({ newBio: 'x'.repeat(5 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
        status: 413,
      },
    ];
    for (const c of cases) {
      const r = await call(ctx.app, c.route, {
        token: u.token,
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
        ...(c.headers ? { headers: c.headers } : {}),
      });
      assert.equal(
        r.status,
        c.status,
        `${c.route} ${String(c.payload).slice(0, 40)} -> ${r.res.body.slice(0, 200)}`,
      );
      assert.equal(r.body.success, false);
      assert.ok(typeof r.body.error === 'string' && r.body.error.length > 0);
    }
    const signupBad = await call(ctx.app, 'POST /api/user/login', {
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(signupBad.status, 400);
    assert.equal(signupBad.body.error, 'The request body is not valid JSON.');
  });

  it("another user's post, messages and settings are out of reach", async () => {
    const mallory = await signup(ctx.app);
    const post = await call(ctx.app, 'POST /api/post', {
      token: u.token,
      payload: { content: 'mine', location: { latitude: 0, longitude: 0, planetId: 'earth' } },
    });
    assert.equal(
      (await call(ctx.app, `DELETE /api/post/${post.body.value._id}`, { token: mallory.token })).status,
      403,
    );
    // Settings calls act only on the caller's own account: there is no way to name another account.
    await call(ctx.app, 'PATCH /api/user/changeBio', {
      token: mallory.token,
      payload: { newBio: 'pwned', userId: u.id },
    });
    assert.equal((await call(ctx.app, 'GET /api/user', { token: u.token })).body.value.bio, '');
    // A conversation between u and a third user is not readable by mallory.
    const third = await signup(ctx.app);
    const sent = await call(ctx.app, 'POST /api/user/chat', {
      token: u.token,
      payload: { content: 'secret', receiverId: third.id },
    });
    const conversationId = sent.body.value.conversationId;
    const peek = await call(ctx.app, 'POST /api/user/getchats', {
      token: mallory.token,
      payload: { receiverId: third.id },
    });
    assert.deepEqual(peek.body.message, []);
    assert.notEqual(peek.body.conversationId, conversationId);
    const rows = await call(ctx.app, 'POST /api/user/conversations', { token: mallory.token });
    assert.deepEqual(rows.body.data, []);
  });
});
