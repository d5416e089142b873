import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { call, type SignedUp, signup, useApp } from '../../helper.js';

describe('profiles, follows, user search', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;
  let carol: SignedUp;

  it('shows a profile with the User shape and never an e-mail or password hash', async () => {
    alice = await signup(ctx.app, { userName: 'AliceStar' });
    bob = await signup(ctx.app, { userName: 'bobby_mars' });
    carol = await signup(ctx.app, { userName: 'carol.io' });
    const r = await call(ctx.app, `GET /api/user/${alice.id}`, { token: bob.token });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body.value).sort(), [
      '_id',
      'avatarUrl',
      'bio',
      'createdAt',
      'deleted',
      'followerCount',
      'followingCount',
      'location',
      'postCount',
      'userName',
    ]);
    assert.equal(r.body.value.userName, 'AliceStar');
    assert.equal(r.body.value.deleted, false);
    assert.equal(r.res.body.includes('@example.com'), false);
    assert.equal(r.res.body.includes('argon2'), false);
    assert.equal(
      (await call(ctx.app, 'GET /api/user/00000000-0000-4000-8000-000000000000', { token: bob.token }))
        .status,
      404,
    );
  });

  it('follow/unfollow are idempotent, counts exact and never below 0, no self-follow', async () => {
    const counts = async (u: SignedUp) => {
      const v = (await call(ctx.app, `GET /api/user/${u.id}`, { token: u.token })).body.value;
      return [v.followerCount, v.followingCount];
    };
    assert.equal(
      (await call(ctx.app, `GET /api/user/${alice.id}/follow`, { token: bob.token })).body.value,
      false,
    );
    await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, `POST /api/user/${alice.id}/follow`, { token: bob.token })),
    );
    await call(ctx.app, `POST /api/user/${alice.id}/follow`, { token: carol.token });
    assert.deepEqual(await counts(alice), [2, 0]);
    assert.deepEqual(await counts(bob), [0, 1]);
    assert.equal(
      (await call(ctx.app, `GET /api/user/${alice.id}/follow`, { token: bob.token })).body.value,
      true,
    );

    const following = await call(ctx.app, 'GET /api/user/following', { token: bob.token });
    assert.deepEqual(
      following.body.value.map((u: { _id: string }) => u._id),
      [alice.id],
    );
    const followers = await call(ctx.app, 'GET /api/user/follower', { token: alice.token });
    assert.deepEqual(
      followers.body.value.map((u: { _id: string }) => u._id).sort(),
      [bob.id, carol.id].sort(),
    );

    for (let i = 0; i < 3; i++)
      await call(ctx.app, `DELETE /api/user/${alice.id}/follow`, { token: bob.token });
    assert.deepEqual(await counts(alice), [1, 0]);
    assert.deepEqual(await counts(bob), [0, 0]);
    await call(ctx.app, `DELETE /api/user/${bob.id}/follow`, { token: alice.token });
    assert.deepEqual(await counts(bob), [0, 0]);

    const self = await call(ctx.app, `POST /api/user/${alice.id}/follow`, { token: alice.token });
    assert.equal(self.status, 400);
    assert.match(self.body.error, /yourself/);
  });

  it('searches users by part of the name, case-insensitively, paged from 0; text is only data', async () => {
    const r = await call(ctx.app, 'GET /api/user/search/STAR', { token: bob.token });
    assert.deepEqual(
      r.body.value.map((u: { userName: string }) => u.userName),
      ['AliceStar'],
    );
    const underscore = await call(ctx.app, 'GET /api/user/search/_', { token: bob.token });
    assert.deepEqual(
      underscore.body.value.map((u: { userName: string }) => u.userName),
      ['bobby_mars'],
    );
    const percent = await call(ctx.app, `GET /api/user/search/${encodeURIComponent('%')}`, {
      token: bob.token,
    });
    assert.deepEqual(percent.body.value, []);
    for (const t of ["' OR 1=1 --", '.*', '\\']) {
      const x = await call(ctx.app, `GET /api/user/search/${encodeURIComponent(t)}?page=0`, {
        token: bob.token,
      });
      assert.equal(x.status, 200);
    }
    assert.deepEqual(
      (await call(ctx.app, 'GET /api/user/search/star?page=1', { token: bob.token })).body.value,
      [],
    );
    assert.equal((await call(ctx.app, 'GET /api/user/search/star?page=x', { token: bob.token })).status, 400);
  });

  it('ranks the exact name, then names starting with the text, then the others, most followed first, across pages', async () => {
    // 24 names start with "quox" (one is exactly it), 6 hold it further in; follower counts set directly.
    const names: [string, number][] = [['Quox', 0]];
    for (let i = 0; i < 23; i++) names.push([`quox_${String(i).padStart(2, '0')}`, i % 5]);
    for (let i = 0; i < 6; i++) names.push([`a${i}quox`, 100 + i]);
    await ctx.database.executeSql(
      `INSERT INTO users (user_name, email, planet_id, follower_count)
       SELECT n, n || '@example.com', 'earth', f FROM unnest($1::text[], $2::int[]) AS t(n, f)`,
      [names.map((n) => n[0]), names.map((n) => n[1])],
    );
    const found = await ctx.database.executeSql(
      `SELECT id, user_name FROM users WHERE user_name ILIKE '%quox%'`,
    );
    const idOf = new Map((found.rows as { id: string; user_name: string }[]).map((r) => [r.user_name, r.id]));
    const rank = (n: [string, number]) =>
      n[0].toLowerCase() === 'quox' ? 0 : n[0].toLowerCase().startsWith('quox') ? 1 : 2;
    const expected = [...names]
      .sort((x, y) => rank(x) - rank(y) || y[1] - x[1] || (idOf.get(x[0])! < idOf.get(y[0])! ? -1 : 1))
      .map((n) => n[0]);
    const got: string[] = [];
    for (let page = 0; page < 3; page++) {
      const r = await call(ctx.app, `GET /api/user/search/qUoX?page=${page}`, { token: bob.token });
      assert.equal(r.status, 200);
      got.push(...r.body.value.map((u: { userName: string }) => u.userName));
    }
    assert.deepEqual(got, expected);
  });
});
