import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { call, signup, useApp } from '../../helper.js';

describe('people to follow (GET /api/user/suggestions)', () => {
  const ctx = useApp();

  it('suggests others not followed yet, home planet first, never oneself or the deleted', async () => {
    const planets = (await call(ctx.app, 'GET /api/planet')).body.value as Array<{ _id: string }>;
    const [home, away] = [planets[0]!._id, planets[1]!._id];
    const me = await signup(ctx.app, { userName: 'sugg_me', planetId: home });
    await signup(ctx.app, { userName: 'sugg_neighbour', planetId: home });
    const stranger = await signup(ctx.app, { userName: 'sugg_stranger', planetId: away });
    const followed = await signup(ctx.app, { userName: 'sugg_followed', planetId: home });
    const gone = await signup(ctx.app, { userName: 'sugg_gone', planetId: home });
    // The stranger is popular, the neighbour is not: the home planet still comes first.
    await call(ctx.app, `POST /api/user/${stranger.id}/follow`, { token: followed.token });
    await call(ctx.app, `POST /api/user/${stranger.id}/follow`, { token: gone.token });
    await call(ctx.app, `POST /api/user/${followed.id}/follow`, { token: me.token });
    await ctx.app.usersRepository.markDeleted(gone.id);

    const r = await call(ctx.app, 'GET /api/user/suggestions?limit=20', { token: me.token });
    assert.equal(r.status, 200);
    const names = (r.body.value as Array<{ userName: string }>).map((u) => u.userName);
    assert.ok(!names.includes('sugg_me'), 'never oneself');
    assert.ok(!names.includes('sugg_followed'), 'never someone already followed');
    assert.ok(!names.includes('sugg_gone'), 'never a deleted account');
    assert.ok(names.includes('sugg_stranger'));
    assert.ok(names.indexOf('sugg_neighbour') < names.indexOf('sugg_stranger'), names.join(', '));
    assert.equal(r.body.value[0].followerCount !== undefined, true);

    const one = await call(ctx.app, 'GET /api/user/suggestions?limit=1', { token: me.token });
    assert.equal(one.body.value.length, 1);
    assert.ok((await call(ctx.app, 'GET /api/user/suggestions', { token: me.token })).body.value.length <= 5);
  });

  it('refuses a bad limit with 400 and a visitor with 401', async () => {
    const me = await signup(ctx.app, { userName: 'sugg_limits' });
    for (const limit of ['0', '21', 'abc', '-1', '1e3', '']) {
      const r = await call(ctx.app, `GET /api/user/suggestions?limit=${limit}`, { token: me.token });
      assert.equal(r.status, 400, `limit=${limit}`);
      assert.equal(typeof r.body.error, 'string');
    }
    assert.equal((await call(ctx.app, 'GET /api/user/suggestions')).status, 401);
  });
});
