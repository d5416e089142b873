// Issue 35: the author edits a post; the card says when, its earlier texts stay readable, and they go with the post.
// Runs on PGlite and, with SKYNET_TEST_DB=postgres, on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { POST_EDITS_MAX } from '@skynet/contract';
import { call, deleteAccount, type SignedUp, signup, useApp } from '../../helper.js';

const loc = { latitude: 10, longitude: 20, planetId: 'earth' };

describe('editing a post', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;

  const post = async (who: SignedUp, content: string) => {
    const r = await call(ctx.app, 'POST /api/post', {
      token: who.token,
      payload: { content, location: loc },
    });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value as { _id: string; createdAt: string; editedAt: string | null };
  };
  const edit = (who: SignedUp | null, id: string, content: unknown) =>
    call(ctx.app, `PATCH /api/post/${id}`, {
      ...(who ? { token: who.token } : {}),
      payload: content === undefined ? {} : { content },
    });
  const history = async (id: string, who?: SignedUp) =>
    call(ctx.app, `GET /api/post/${id}/history`, who ? { token: who.token } : {});
  const editRows = async (id: string) =>
    Number(
      (
        (await ctx.database.executeSql('SELECT count(*)::int AS n FROM post_edits WHERE post_id = $1', [id]))
          .rows[0] as { n: number }
      ).n,
    );

  it('the author replaces the text: editedAt is set, and the history keeps every text with its time', async () => {
    alice = await signup(ctx.app);
    bob = await signup(ctx.app);
    const p = await post(alice, 'Hello from Earth');
    assert.equal(p.editedAt, null);
    assert.deepEqual((await history(p._id)).body.value, [
      { content: 'Hello from Earth', contentWarning: null, createdAt: p.createdAt },
    ]);

    const first = await edit(alice, p._id, 'Hello from Mars');
    assert.equal(first.status, 200, first.res.body);
    assert.equal(first.body.value.content, 'Hello from Mars');
    assert.equal(first.body.value._id, p._id);
    assert.equal(first.body.value.createdAt, p.createdAt);
    const firstEdit = first.body.value.editedAt as string;
    assert.ok(Date.parse(firstEdit) >= Date.parse(p.createdAt));
    // What every reader gets, signed in or not.
    const read = await call(ctx.app, `GET /api/post/${p._id}`);
    assert.equal(read.body.value.content, 'Hello from Mars');
    assert.equal(read.body.value.editedAt, firstEdit);

    const second = await edit(alice, p._id, 'Hello from Venus');
    const secondEdit = second.body.value.editedAt as string;
    assert.ok(Date.parse(secondEdit) >= Date.parse(firstEdit));
    const versions = await history(p._id);
    assert.equal(versions.status, 200);
    assert.deepEqual(versions.body.value, [
      { content: 'Hello from Earth', contentWarning: null, createdAt: p.createdAt },
      { content: 'Hello from Mars', contentWarning: null, createdAt: firstEdit },
      { content: 'Hello from Venus', contentWarning: null, createdAt: secondEdit },
    ]);
  });

  it('the same text again changes nothing: no Edited mark, no version', async () => {
    const p = await post(alice, 'Unchanged words');
    const again = await edit(alice, p._id, 'Unchanged words');
    assert.equal(again.status, 200);
    assert.equal(again.body.value.editedAt, null);
    assert.equal((await history(p._id)).body.value.length, 1);
    assert.equal(await editRows(p._id), 0);
  });

  it("refuses another person's post (403), the signed-out (401), bad text (400) and unknown posts (404)", async () => {
    const p = await post(alice, 'Mine to change');
    const other = await edit(bob, p._id, 'Not yours');
    assert.equal(other.status, 403);
    assert.equal(other.body.error, 'Only the author can edit this post.');
    assert.equal((await edit(null, p._id, 'Anyone')).status, 401);
    for (const [content, error] of [
      ['   ', 'The post must contain a visible character.'],
      ['\u200b\u200b', 'The post must contain a visible character.'],
      ['x'.repeat(325), null],
      ['', null],
      [42, null],
      [undefined, null],
    ] as const) {
      const bad = await edit(alice, p._id, content);
      assert.equal(bad.status, 400, `${JSON.stringify(content)}: ${bad.res.body}`);
      assert.equal(typeof bad.body.error, 'string');
      if (error) assert.equal(bad.body.error, error);
    }
    assert.equal((await edit(alice, p._id, 'x'.repeat(324))).status, 200);
    assert.equal((await edit(alice, '00000000-0000-4000-8000-000000000000', 'Hi')).status, 404);
    assert.equal((await edit(alice, 'not-an-id', 'Hi')).status, 404);
    assert.equal((await history('00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await history('not-an-id')).status, 404);
    const after = await call(ctx.app, `GET /api/post/${p._id}`);
    assert.equal(after.body.value.content, 'x'.repeat(324));
  });

  it('a deleted post cannot be edited, and deleting it deletes its earlier texts', async () => {
    const p = await post(alice, 'Secret first draft');
    await edit(alice, p._id, 'Public second draft');
    assert.equal(await editRows(p._id), 1);
    assert.equal((await call(ctx.app, `DELETE /api/post/${p._id}`, { token: alice.token })).status, 200);
    assert.equal(await editRows(p._id), 0);
    const refused = await edit(alice, p._id, 'Back again');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, 'You cannot edit a deleted post.');
    const versions = await history(p._id);
    assert.equal(versions.status, 200);
    assert.deepEqual(versions.body.value, []);
    assert.equal((await call(ctx.app, `GET /api/post/${p._id}`)).body.value.editedAt, null);
  });

  it('feeds and search show the new text at once (the feed cache is told)', async () => {
    const p = await post(alice, 'zanzibar quokka original');
    // Read first, so the pages are cached.
    const feed = async () =>
      (await call(ctx.app, 'GET /api/feed?page=1', { token: bob.token })).body.value.find(
        (x: { _id: string }) => x._id === p._id,
      );
    const own = async () =>
      (await call(ctx.app, `GET /api/feed/${alice.id}?page=0`, { token: bob.token })).body.value.find(
        (x: { _id: string }) => x._id === p._id,
      );
    assert.equal((await feed()).content, 'zanzibar quokka original');
    assert.equal((await own()).content, 'zanzibar quokka original');
    await edit(alice, p._id, 'zanzibar wombat edited');
    assert.equal((await feed()).content, 'zanzibar wombat edited');
    assert.ok((await feed()).editedAt);
    assert.equal((await own()).content, 'zanzibar wombat edited');
    const search = async (text: string) =>
      (await call(ctx.app, `GET /api/post/search/${text}?page=0`, { token: bob.token })).body.value.map(
        (x: { _id: string }) => x._id,
      );
    assert.deepEqual(await search('wombat'), [p._id]);
    assert.deepEqual(await search('quokka'), []);
  });

  it('comments can be edited too, by their author', async () => {
    const p = await post(alice, 'Comment here');
    const c = await call(ctx.app, `POST /api/post/${p._id}/comment`, {
      token: bob.token,
      payload: { content: 'Nice' },
    });
    assert.equal((await edit(alice, c.body.value._id, 'Mean')).status, 403);
    const changed = await edit(bob, c.body.value._id, 'Very nice');
    assert.equal(changed.status, 200);
    const comments = await call(ctx.app, `GET /api/post/${p._id}/comment?page=0`);
    assert.equal(comments.body.value[0].content, 'Very nice');
    assert.ok(comments.body.value[0].editedAt);
  });

  it(`stops at ${POST_EDITS_MAX} edits with a clear 400`, async () => {
    const p = await post(alice, 'v0');
    for (let i = 1; i <= POST_EDITS_MAX; i++) assert.equal((await edit(alice, p._id, `v${i}`)).status, 200);
    const over = await edit(alice, p._id, 'one more');
    assert.equal(over.status, 400);
    assert.equal(over.body.error, `A post can be edited at most ${POST_EDITS_MAX} times.`);
    const versions = (await history(p._id)).body.value as { content: string }[];
    assert.equal(versions.length, POST_EDITS_MAX + 1);
    assert.equal(versions.at(-1)?.content, `v${POST_EDITS_MAX}`);
  });

  it('the history is not there for someone the author blocks', async () => {
    const p = await post(alice, 'Before the block');
    await edit(alice, p._id, 'After an edit');
    assert.equal((await history(p._id, bob)).status, 200);
    const block = await call(ctx.app, `POST /api/user/${bob.id}/block`, { token: alice.token });
    assert.equal(block.status, 200, block.res.body);
    assert.equal((await history(p._id, bob)).status, 404);
    assert.equal((await history(p._id)).status, 200);
    await call(ctx.app, `DELETE /api/user/${bob.id}/block`, { token: alice.token });
  });

  it("an account's purge takes its earlier texts with it", async () => {
    const carol = await signup(ctx.app);
    const p = await post(carol, 'Draft one');
    await edit(carol, p._id, 'Draft two');
    assert.equal(await editRows(p._id), 1);
    assert.equal((await deleteAccount(ctx.app, carol.token, carol.password)).status, 200);
    // Hidden at once (issue 31), gone at the purge.
    assert.deepEqual((await history(p._id)).body.value, []);
    await ctx.app.jobs.runPurge(new Date(Date.now() + 31 * 86_400_000));
    assert.equal(await editRows(p._id), 0);
  });
});
