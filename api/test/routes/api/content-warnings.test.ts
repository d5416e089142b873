// Issue 35: a content warning folds a post's text behind it. What the API takes, answers, edits, forgets and filters.
// Runs on PGlite and, with SKYNET_TEST_DB=postgres, on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTENT_WARNING_MAX_LENGTH } from '@skynet/contract';
import { call, type SignedUp, signup, useApp } from '../../helper.js';

const loc = { latitude: 10, longitude: 20, planetId: 'earth' };

describe('content warnings', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;

  const create = (contentWarning: unknown, content = 'Behind the warning') =>
    call(ctx.app, 'POST /api/post', {
      token: alice.token,
      payload: { content, location: loc, ...(contentWarning === undefined ? {} : { contentWarning }) },
    });

  it('a post takes one (trimmed; blank or null is none) and every read answers it', async () => {
    alice = await signup(ctx.app);
    bob = await signup(ctx.app);
    const withOne = await create('  Spoilers for Dune  ');
    assert.equal(withOne.status, 200, withOne.res.body);
    assert.equal(withOne.body.value.contentWarning, 'Spoilers for Dune');
    assert.equal(withOne.body.value.content, 'Behind the warning');
    for (const none of [undefined, null, '', '   ']) {
      const r = await create(none);
      assert.equal(r.status, 200, `${JSON.stringify(none)}: ${r.res.body}`);
      assert.equal(r.body.value.contentWarning, null);
    }
    const read = await call(ctx.app, `GET /api/post/${withOne.body.value._id}`);
    assert.equal(read.body.value.contentWarning, 'Spoilers for Dune');
    const feed = await call(ctx.app, 'GET /api/feed?page=1', { token: bob.token });
    const listed = feed.body.value.find((p: { _id: string }) => p._id === withOne.body.value._id);
    assert.equal(listed.contentWarning, 'Spoilers for Dune');
  });

  it(`refuses one without a visible character, longer than ${CONTENT_WARNING_MAX_LENGTH}, or not text`, async () => {
    const invisible = await create('\u200b\u200b');
    assert.equal(invisible.status, 400);
    assert.equal(invisible.body.error, 'The content warning must contain a visible character.');
    for (const bad of ['x'.repeat(CONTENT_WARNING_MAX_LENGTH + 1), 42, ['a'], { a: 1 }]) {
      const r = await create(bad);
      assert.equal(r.status, 400, `${JSON.stringify(bad)}: ${r.res.body}`);
      assert.equal(typeof r.body.error, 'string');
    }
    assert.equal((await create('x'.repeat(CONTENT_WARNING_MAX_LENGTH))).status, 200);
  });

  it('an edit sets, keeps (when not given) or removes it, and the history keeps each version with its own', async () => {
    const p = (await create(undefined, 'Plain words')).body.value;
    const edit = (payload: Record<string, unknown>) =>
      call(ctx.app, `PATCH /api/post/${p._id}`, { token: alice.token, payload });
    const warned = await edit({ content: 'Plain words', contentWarning: 'Eclipse photos' });
    assert.equal(warned.status, 200, warned.res.body);
    assert.equal(warned.body.value.contentWarning, 'Eclipse photos');
    assert.ok(warned.body.value.editedAt, 'a new warning alone is an edit');
    const kept = await edit({ content: 'Other words' });
    assert.equal(kept.body.value.contentWarning, 'Eclipse photos');
    const removed = await edit({ content: 'Other words', contentWarning: null });
    assert.equal(removed.body.value.contentWarning, null);
    const versions = (await call(ctx.app, `GET /api/post/${p._id}/history`)).body.value.map(
      (v: { content: string; contentWarning: string | null }) => [v.content, v.contentWarning],
    );
    assert.deepEqual(versions, [
      ['Plain words', null],
      ['Plain words', 'Eclipse photos'],
      ['Other words', 'Eclipse photos'],
      ['Other words', null],
    ]);
    const bad = await edit({ content: 'Other words', contentWarning: '\u200b' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'The content warning must contain a visible character.');
  });

  it('a deleted post keeps no warning', async () => {
    const p = (await create('Gone soon')).body.value;
    await call(ctx.app, `DELETE /api/post/${p._id}`, { token: alice.token });
    assert.equal((await call(ctx.app, `GET /api/post/${p._id}`)).body.value.contentWarning, null);
  });

  it('a muted word in the warning hides the post from the reader who muted it (not from its author)', async () => {
    const p = (await create('Kessler syndrome', 'Debris everywhere tonight')).body.value;
    const muted = await call(ctx.app, 'POST /api/user/mutedWords', {
      token: bob.token,
      payload: { word: 'kessler' },
    });
    assert.equal(muted.status, 200, muted.res.body);
    const ids = async (who: SignedUp) =>
      (await call(ctx.app, 'GET /api/feed?page=1', { token: who.token })).body.value.map(
        (x: { _id: string }) => x._id,
      );
    assert.equal((await ids(bob)).includes(p._id), false);
    assert.equal((await ids(alice)).includes(p._id), true);
  });
});
