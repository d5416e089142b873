import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { runAdmin } from '../../../src/cli/admin.js';
import { call, type SignedUp, signup, useApp } from '../../helper.js';
import { mailLink } from '../../mail.js';

const png = async (w: number, h: number) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: w, height: h, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

describe('the signed-in account', () => {
  const ctx = useApp();
  const confirmEmailFromOutbox = async (dataDir: string, to: string) => {
    const token = await mailLink(path.join(dataDir, 'outbox'), to, /\/confirmemail\/([A-Za-z0-9_-]+)/);
    const r = await call(ctx.app, 'POST /api/user/email/confirm', { payload: { token } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  let u: SignedUp;
  let other: SignedUp;

  it('GET /api/user answers the current user shape', async () => {
    u = await signup(ctx.app);
    other = await signup(ctx.app);
    const r = await call(ctx.app, 'GET /api/user', { token: u.token });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body.value).sort(), [
      '_id',
      'admin',
      'avatarUrl',
      'bio',
      'createdAt',
      'email',
      'emailVerified',
      'followerCount',
      'followingCount',
      'location',
      'postCount',
      'userName',
    ]);
    assert.equal(r.body.value._id, u.id);
    assert.equal(r.body.value.avatarUrl, null);
  });

  it('changes username (unique, case-insensitive) with a message', async () => {
    const taken = await call(ctx.app, 'PATCH /api/user/changeUsername', {
      token: u.token,
      payload: { newUsername: other.userName.toUpperCase() },
    });
    assert.equal(taken.status, 409);
    const bad = await call(ctx.app, 'PATCH /api/user/changeUsername', {
      token: u.token,
      payload: { newUsername: 'no spaces allowed' },
    });
    assert.equal(bad.status, 400);
    const ok = await call(ctx.app, 'PATCH /api/user/changeUsername', {
      token: u.token,
      payload: { newUsername: 'NewName' },
    });
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.body.message, 'string');
    assert.equal((await call(ctx.app, 'GET /api/user', { token: u.token })).body.value.userName, 'NewName');
  });

  it('changes bio and e-mail (current must match, confirmation must match, unique, lower-cased)', async () => {
    const bio = await call(ctx.app, 'PATCH /api/user/changeBio', {
      token: u.token,
      payload: { newBio: 'Astronaut.' },
    });
    assert.equal(bio.status, 200);
    assert.equal(typeof bio.body.message, 'string');
    const wrongCurrent = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: {
        currEmail: 'wrong@example.com',
        newEmail: 'n@example.com',
        confirmEmail: 'n@example.com',
        password: u.password,
      },
    });
    assert.equal(wrongCurrent.status, 400);
    const mismatch = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: {
        currEmail: u.email,
        newEmail: 'n@example.com',
        confirmEmail: 'm@example.com',
        password: u.password,
      },
    });
    assert.equal(mismatch.status, 400);
    const dup = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: { currEmail: u.email, newEmail: other.email, confirmEmail: other.email, password: u.password },
    });
    assert.equal(dup.status, 409);
    const ok = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: {
        currEmail: u.email,
        newEmail: 'New.Address@Example.com',
        confirmEmail: 'new.address@example.com',
        password: u.password,
      },
    });
    assert.equal(ok.status, 200);
    // The new address takes effect through the link mailed to it (tests/routes/api/sessions.test.ts covers it all).
    await confirmEmailFromOutbox(ctx.dataDir, 'new.address@example.com');
    const me = (await call(ctx.app, 'GET /api/user', { token: u.token })).body.value;
    assert.equal(me.email, 'new.address@example.com');
    assert.equal(me.bio, 'Astronaut.');
    u.email = me.email;
  });

  it('changes password (current must match, confirmation must match) and ends older sessions', async () => {
    const wrong = await call(ctx.app, 'PATCH /api/user/changepassword', {
      token: u.token,
      payload: {
        password: 'wrong-password',
        newpassword: 'new-password-1',
        confirmpassword: 'new-password-1',
      },
    });
    assert.equal(wrong.status, 400);
    const mismatch = await call(ctx.app, 'PATCH /api/user/changepassword', {
      token: u.token,
      payload: { password: u.password, newpassword: 'new-password-1', confirmpassword: 'new-password-2' },
    });
    assert.equal(mismatch.status, 400);
    const ok = await call(ctx.app, 'PATCH /api/user/changepassword', {
      token: u.token,
      payload: { password: u.password, newpassword: 'new-password-1', confirmpassword: 'new-password-1' },
    });
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.body.message, 'string');
    assert.equal((await call(ctx.app, 'GET /api/user', { token: u.token })).status, 401, 'old token revoked');
    assert.equal(
      (await call(ctx.app, 'GET /api/user', { token: ok.body.value })).status,
      200,
      'fresh token works',
    );
    u.token = ok.body.value;
    u.password = 'new-password-1';
  });

  it('changes the avatar: decoded, resized to <= 420 px, served long-cached', async () => {
    const r = await call(ctx.app, 'PATCH /api/user/changeavatar', {
      token: u.token,
      payload: { avatarDataUrl: await png(900, 600) },
    });
    assert.equal(r.status, 200, r.res.body);
    assert.match(r.body.value, /^\/api\/media\/avatars\/.+\.webp$/);
    const img = await ctx.app.inject({ method: 'GET', url: r.body.value });
    assert.equal(img.statusCode, 200);
    assert.match(String(img.headers['cache-control']), /immutable/);
    const meta = await sharp(img.rawPayload).metadata();
    assert.ok((meta.width ?? 0) <= 420 && (meta.height ?? 0) <= 420);
    assert.equal(
      (await call(ctx.app, 'GET /api/user', { token: u.token })).body.value.avatarUrl,
      r.body.value,
    );

    for (const avatarDataUrl of [
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'data:image/png;base64,bm90IGFuIGltYWdl',
      'not a data url',
    ]) {
      const bad = await call(ctx.app, 'PATCH /api/user/changeavatar', {
        token: u.token,
        payload: { avatarDataUrl },
      });
      assert.equal(bad.status, 400, avatarDataUrl);
      assert.equal(typeof bad.body.error, 'string');
    }
    const huge = `data:image/png;base64,${Buffer.alloc(3_000_100).toString('base64')}`;
    const tooBig = await call(ctx.app, 'PATCH /api/user/changeavatar', {
      token: u.token,
      payload: { avatarDataUrl: huge },
    });
    assert.ok(tooBig.status === 400 || tooBig.status === 413);
    assert.equal(typeof tooBig.body.error, 'string');
  });

  it('names admins with the admin command', async () => {
    const env = { DATA_DIR: ctx.dataDir, DATABASE_URL: '' };
    // The command opens the configured database; here the test app's database stands in for it.
    const { grantAdmin } = ctx.app.usersRepository;
    assert.equal(await grantAdmin(u.email), true);
    assert.equal((await call(ctx.app, 'GET /api/user', { token: u.token })).body.value.admin, true);
    const usage = await runAdmin(['oops'], env);
    assert.equal(usage.code, 2);
  });

  it('deletes the account: exact phrase, works at once, shows as deleted, purged after 30 days', async () => {
    const victim = await signup(ctx.app);
    await call(ctx.app, `POST /api/user/${other.id}/follow`, { token: victim.token });
    const post = await call(ctx.app, 'POST /api/post', {
      token: victim.token,
      payload: { content: 'bye', location: { latitude: 0, longitude: 0, planetId: 'earth' } },
    });
    await call(ctx.app, `POST /api/post/${post.body.value._id}/like`, { token: victim.token });
    await call(ctx.app, 'PATCH /api/user/changeavatar', {
      token: victim.token,
      payload: { avatarDataUrl: await png(50, 50) },
    });

    const wrong = await call(ctx.app, 'POST /api/user/deleteaccount/delete', {
      token: victim.token,
      payload: { confirmationInput: 'please' },
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body, { success: false, error: 'The phrase given does not match.' });

    const ok = await call(ctx.app, 'POST /api/user/deleteaccount/delete', {
      token: victim.token,
      payload: { confirmationInput: 'I-WANT-TO-DELETE-THIS-ACCOUNT', password: victim.password },
    });
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.body.message, 'string');
    assert.equal((await call(ctx.app, 'GET /api/user', { token: victim.token })).status, 401);
    const login = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: victim.email, password: victim.password },
    });
    assert.ok(login.status >= 400 && login.status < 500);
    const profile = await call(ctx.app, `GET /api/user/${victim.id}`, { token: other.token });
    assert.equal(profile.body.value.deleted, true);

    // Not yet: 29 days later nothing is purged; 31 days later it is, and counts are corrected.
    assert.deepEqual(await ctx.app.jobs.runPurge(new Date(Date.now() + 29 * 86_400_000)), []);
    assert.deepEqual(await ctx.app.jobs.runPurge(new Date(Date.now() + 31 * 86_400_000)), [victim.id]);
    assert.equal((await call(ctx.app, `GET /api/user/${victim.id}`, { token: other.token })).status, 404);
    assert.equal(
      (await call(ctx.app, `GET /api/user/${other.id}`, { token: other.token })).body.value.followerCount,
      0,
    );
    const gone = await call(ctx.app, `GET /api/post/${post.body.value._id}`);
    assert.equal(gone.body.value.deleted, true);
    assert.equal(gone.body.value.content, '');
    assert.equal(gone.body.value.likeCount, 0);
    assert.equal(existsSync(path.join(ctx.dataDir, 'media', 'avatars')), true);
  });
});
