import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { call, type SignedUp, signup, useApp } from '../../helper.js';

const loc = (planetId = 'earth') => ({ latitude: 10, longitude: 20, planetId });

describe('posts, replies, likes, saves, comments, search', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;

  const post = async (who: SignedUp, content: string, extra: Record<string, unknown> = {}) => {
    const r = await call(ctx.app, 'POST /api/post', {
      token: who.token,
      payload: { content, location: loc(), ...extra },
    });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value;
  };

  it('creates a post with the full Post shape; the post page is public', async () => {
    alice = await signup(ctx.app);
    bob = await signup(ctx.app);
    const p = await post(alice, 'Hello from Earth!');
    assert.deepEqual(Object.keys(p).sort(), [
      '_id',
      'authorId',
      'avatarUrl',
      'commentCount',
      'content',
      'contentWarning',
      'createdAt',
      'deleted',
      'editedAt',
      'likeCount',
      'location',
      'mentions',
      'parentPost',
      'parentPreview',
      'planetId',
      'tags',
      'userName',
    ]);
    assert.equal(p.authorId, alice.id);
    assert.equal(p.userName, alice.userName);
    assert.equal(p.parentPost, null);
    assert.equal(p.deleted, false);
    assert.equal(p.location.planetId, 'earth');
    assert.equal(typeof p.location._id, 'string');
    assert.ok(!Number.isNaN(Date.parse(p.createdAt)));
    const pub = await call(ctx.app, `GET /api/post/${p._id}`);
    assert.equal(pub.status, 200);
    assert.equal(pub.body.value.content, 'Hello from Earth!');
    assert.equal((await call(ctx.app, 'GET /api/post/00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await call(ctx.app, 'GET /api/post/not-an-id')).status, 404);
  });

  it('enforces 1..324 characters and a known planet', async () => {
    const ok = await call(ctx.app, 'POST /api/post', {
      token: alice.token,
      payload: { content: 'x'.repeat(324), location: loc() },
    });
    assert.equal(ok.status, 200);
    for (const payload of [
      { content: 'x'.repeat(325), location: loc() },
      { content: '', location: loc() },
      { content: '   ', location: loc() },
      { content: 'hi', location: loc('vulcan') },
      { content: 'hi' },
      { content: 42, location: loc() },
    ]) {
      const r = await call(ctx.app, 'POST /api/post', { token: alice.token, payload });
      assert.equal(r.status, 400, JSON.stringify(payload));
      assert.equal(typeof r.body.error, 'string');
    }
  });

  it('replies carry parentPost and a 5-character parentPreview (null once the parent is deleted)', async () => {
    const parent = await post(alice, 'Parent post text');
    const reply = await post(bob, 'A reply', { parentPost: parent._id });
    assert.equal(reply.parentPost, parent._id);
    assert.equal(reply.parentPreview, 'Paren');
    const short = await post(alice, 'Hey');
    assert.equal((await post(bob, 'r', { parentPost: short._id })).parentPreview, 'Hey');
    await call(ctx.app, `DELETE /api/post/${parent._id}`, { token: alice.token });
    const again = await call(ctx.app, `GET /api/post/${reply._id}`);
    assert.equal(again.body.value.parentPreview, null);
    const unknownParent = await call(ctx.app, 'POST /api/post', {
      token: bob.token,
      payload: { content: 'r', location: loc(), parentPost: '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(unknownParent.status, 404);
  });

  it('only the author or an admin deletes; a deleted post has deleted:true and no content', async () => {
    const p = await post(alice, 'Mine to delete');
    const byBob = await call(ctx.app, `DELETE /api/post/${p._id}`, { token: bob.token });
    assert.equal(byBob.status, 403);
    assert.equal(typeof byBob.body.error, 'string');
    const before = (await call(ctx.app, 'GET /api/user', { token: alice.token })).body.value.postCount;
    assert.equal((await call(ctx.app, `DELETE /api/post/${p._id}`, { token: alice.token })).status, 200);
    const after = (await call(ctx.app, 'GET /api/user', { token: alice.token })).body.value.postCount;
    assert.equal(after, before - 1);
    const gone = await call(ctx.app, `GET /api/post/${p._id}`);
    assert.equal(gone.body.value.deleted, true);
    assert.equal(gone.body.value.content, '');

    // An admin may delete anyone's post.
    await ctx.app.db.execute(sql`UPDATE users SET admin = true WHERE id = ${bob.id}`);
    const p2 = await post(alice, 'Admin will remove this');
    assert.equal((await call(ctx.app, `DELETE /api/post/${p2._id}`, { token: bob.token })).status, 200);
    await ctx.app.db.execute(sql`UPDATE users SET admin = false WHERE id = ${bob.id}`);
  });

  it('likes and saves are idempotent per user, counts exact and never below 0', async () => {
    const p = await post(alice, 'Like me');
    const likeCount = async () => (await call(ctx.app, `GET /api/post/${p._id}`)).body.value.likeCount;
    assert.equal(
      (await call(ctx.app, `GET /api/post/${p._id}/like`, { token: bob.token })).body.value,
      false,
    );
    for (let i = 0; i < 3; i++) await call(ctx.app, `POST /api/post/${p._id}/like`, { token: bob.token });
    assert.equal(await likeCount(), 1);
    assert.equal((await call(ctx.app, `GET /api/post/${p._id}/like`, { token: bob.token })).body.value, true);
    await Promise.all([
      call(ctx.app, `POST /api/post/${p._id}/like`, { token: alice.token }),
      call(ctx.app, `POST /api/post/${p._id}/like`, { token: alice.token }),
    ]);
    assert.equal(await likeCount(), 2);
    for (let i = 0; i < 3; i++) await call(ctx.app, `DELETE /api/post/${p._id}/like`, { token: bob.token });
    assert.equal(await likeCount(), 1);
    await call(ctx.app, `DELETE /api/post/${p._id}/like`, { token: alice.token });
    await call(ctx.app, `DELETE /api/post/${p._id}/like`, { token: alice.token });
    assert.equal(await likeCount(), 0);

    const save = await call(ctx.app, `POST /api/post/${p._id}/save`, { token: bob.token });
    assert.deepEqual(save.body, { success: true, value: true });
    await call(ctx.app, `POST /api/post/${p._id}/save`, { token: bob.token });
    const saved = await call(ctx.app, 'GET /api/user/saved?page=0', { token: bob.token });
    assert.deepEqual(
      saved.body.value.savedPosts.map((x: { _id: string }) => x._id),
      [p._id],
    );
    assert.equal((await call(ctx.app, `GET /api/post/${p._id}/save`, { token: bob.token })).body.value, true);
    await call(ctx.app, `DELETE /api/post/${p._id}/save`, { token: bob.token });
    assert.equal(
      (await call(ctx.app, `GET /api/post/${p._id}/save`, { token: bob.token })).body.value,
      false,
    );
    assert.equal(
      (await call(ctx.app, 'POST /api/post/00000000-0000-4000-8000-000000000000/like', { token: bob.token }))
        .status,
      404,
    );
  });

  it("marks: one call answers which of a list's posts you liked and saved, and only yours", async () => {
    const [a, b, c] = [await post(alice, 'Mark a'), await post(alice, 'Mark b'), await post(alice, 'Mark c')];
    await call(ctx.app, `POST /api/post/${a._id}/like`, { token: bob.token });
    await call(ctx.app, `POST /api/post/${b._id}/like`, { token: bob.token });
    await call(ctx.app, `POST /api/post/${b._id}/save`, { token: bob.token });
    await call(ctx.app, `POST /api/post/${c._id}/save`, { token: alice.token }); // Alice's, not Bob's
    const unknown = '00000000-0000-4000-8000-000000000000';
    const marks = async (ids: string, token = bob.token) =>
      call(ctx.app, `GET /api/post/marks?ids=${encodeURIComponent(ids)}`, { token });
    const asked = await marks(`${a._id},${b._id}, ${c._id},${unknown},${a._id}`);
    assert.equal(asked.status, 200, asked.res.body);
    assert.deepEqual(asked.body.value.liked.sort(), [a._id, b._id].sort());
    assert.deepEqual(asked.body.value.saved, [b._id]);
    // The same as each post's own GET /like and /save.
    for (const p of [a, b, c]) {
      const liked = (await call(ctx.app, `GET /api/post/${p._id}/like`, { token: bob.token })).body.value;
      const saved = (await call(ctx.app, `GET /api/post/${p._id}/save`, { token: bob.token })).body.value;
      assert.equal(asked.body.value.liked.includes(p._id), liked);
      assert.equal(asked.body.value.saved.includes(p._id), saved);
    }
    assert.deepEqual((await marks(c._id, alice.token)).body.value, { liked: [], saved: [c._id] });

    const tooMany = Array.from(
      { length: 51 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const refused = await marks(tooMany.join(','));
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, 'Ask about at most 50 posts at a time.');
    assert.equal((await marks(tooMany.slice(0, 50).join(','))).status, 200);
    for (const bad of ['nope', `${a._id},,`, `${a._id};drop table likes`]) {
      const r = await marks(bad);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.error, 'ids must be post ids, separated by commas.');
    }
    const none = await call(ctx.app, 'GET /api/post/marks', { token: bob.token });
    assert.equal(none.status, 400);
    assert.equal(typeof none.body.error, 'string');
    assert.equal((await call(ctx.app, `GET /api/post/marks?ids=${a._id}`)).status, 401);
  });

  it('comments: non-blank, newest first, paged from 0, public to read, counted', async () => {
    const p = await post(alice, 'Comment on me');
    const blank = await call(ctx.app, `POST /api/post/${p._id}/comment`, {
      token: bob.token,
      payload: { content: '   ' },
    });
    assert.equal(blank.status, 400);
    const c = await call(ctx.app, `POST /api/post/${p._id}/comment`, {
      token: bob.token,
      payload: { content: 'First!' },
    });
    assert.equal(c.status, 200);
    assert.equal(c.body.value.content, 'First!');
    assert.equal(c.body.value.authorId, bob.id);
    assert.equal('parentPost' in c.body.value, false);
    for (let i = 0; i < 24; i++) {
      await call(ctx.app, `POST /api/post/${p._id}/comment`, {
        token: alice.token,
        payload: { content: `c${i}` },
      });
    }
    const page0 = await call(ctx.app, `GET /api/post/${p._id}/comment?page=0`);
    const page1 = await call(ctx.app, `GET /api/post/${p._id}/comment?page=1`);
    assert.equal(page0.body.value.length, 20);
    assert.equal(page1.body.value.length, 5);
    assert.equal(page0.body.value[0].content, 'c23');
    assert.equal(page1.body.value[4].content, 'First!');
    const ids = [...page0.body.value, ...page1.body.value].map((x: { _id: string }) => x._id);
    assert.equal(new Set(ids).size, 25);
    assert.equal((await call(ctx.app, `GET /api/post/${p._id}`)).body.value.commentCount, 25);
    const commented = await call(ctx.app, 'GET /api/user/commented', { token: bob.token });
    assert.deepEqual(
      commented.body.value.commentedPosts.map((x: { _id: string }) => x._id),
      [p._id],
    );
    assert.equal((await call(ctx.app, `GET /api/post/${p._id}/comment?page=-1`)).status, 400);
  });

  it('searches posts by words; metacharacters are only data', async () => {
    await post(alice, 'Olympus Mons is the tallest volcano');
    await post(bob, 'volcanoes everywhere on Io');
    const r = await call(ctx.app, `GET /api/post/search/${encodeURIComponent('volcano')}?page=0`, {
      token: bob.token,
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.value.length, 2);
    for (const text of ["'; DROP TABLE posts; --", '.*', '(a|b', '%_\\', '!!!', 'a & b | !c', '<script>']) {
      const x = await call(ctx.app, `GET /api/post/search/${encodeURIComponent(text)}`, { token: bob.token });
      assert.equal(x.status, 200, text);
      assert.ok(Array.isArray(x.body.value));
    }
    assert.equal(
      (await call(ctx.app, 'GET /api/post/search/volcano?page=abc', { token: bob.token })).status,
      400,
    );
  });
});
