import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  createInMemoryPglite,
  MIGRATIONS_DIR,
  migrateDatabase,
  rows,
  wrapPglite,
} from '../../../src/db/database.js';
import { seed } from '../../../src/db/seed.js';
import { build, call, type SignedUp, signup, useApp } from '../../helper.js';

const loc = { latitude: 10, longitude: 20, planetId: 'earth' };

/** Issue 22: a comment is a reply, with a page of its own, likes, saves, a thread and a place on its author's profile. */
describe('comments are replies', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;
  let carol: SignedUp;

  const post = async (who: SignedUp, content: string) => {
    const r = await call(ctx.app, 'POST /api/post', {
      token: who.token,
      payload: { content, location: loc },
    });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value;
  };
  const comment = async (who: SignedUp, on: string, content: string) => {
    const r = await call(ctx.app, `POST /api/post/${on}/comment`, { token: who.token, payload: { content } });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value;
  };
  const get = async (id: string) => (await call(ctx.app, `GET /api/post/${id}`)).body.value;

  it('a comment opens at GET /post/{id} (public) with its parent and the parent preview', async () => {
    alice = await signup(ctx.app);
    bob = await signup(ctx.app);
    carol = await signup(ctx.app);
    const p = await post(alice, 'Olympus Mons at dawn');
    const c = await comment(bob, p._id, 'What a view');
    assert.equal('parentPost' in c, false, 'the comment call keeps the Comment shape');
    const page = await call(ctx.app, `GET /api/post/${c._id}`);
    assert.equal(page.status, 200);
    assert.equal(page.body.value._id, c._id);
    assert.equal(page.body.value.content, 'What a view');
    assert.equal(page.body.value.authorId, bob.id);
    assert.equal(page.body.value.parentPost, p._id);
    assert.equal(page.body.value.parentPreview, 'Olymp');
    assert.equal(page.body.value.likeCount, 0);
    assert.equal(page.body.value.commentCount, 0);
  });

  it('a comment can be liked and saved through the post calls, and shows in Liked and Saved', async () => {
    const p = await post(alice, 'Like my comment');
    const c = await comment(bob, p._id, 'Like me instead');
    const liked = async () =>
      (await call(ctx.app, `GET /api/post/${c._id}/like`, { token: carol.token })).body.value;
    assert.equal(await liked(), false);
    assert.deepEqual((await call(ctx.app, `POST /api/post/${c._id}/like`, { token: carol.token })).body, {
      success: true,
      value: true,
    });
    await call(ctx.app, `POST /api/post/${c._id}/like`, { token: carol.token });
    assert.equal(await liked(), true);
    assert.equal((await get(c._id)).likeCount, 1);
    // The post's comment list carries the comment's own counts.
    const list = (await call(ctx.app, `GET /api/post/${p._id}/comment?page=0`)).body.value;
    assert.equal(list[0].likeCount, 1);
    assert.equal((await get(p._id)).likeCount, 0, "the parent's likes are its own");
    const likedPosts = (await call(ctx.app, 'GET /api/user/liked?page=0', { token: carol.token })).body.value
      .likedPosts;
    assert.deepEqual(ids(likedPosts), [c._id]);
    assert.equal(likedPosts[0].parentPost, p._id);

    assert.equal(
      (await call(ctx.app, `GET /api/post/${c._id}/save`, { token: carol.token })).body.value,
      false,
    );
    await call(ctx.app, `POST /api/post/${c._id}/save`, { token: carol.token });
    assert.equal(
      (await call(ctx.app, `GET /api/post/${c._id}/save`, { token: carol.token })).body.value,
      true,
    );
    const saved = (await call(ctx.app, 'GET /api/user/saved?page=0', { token: carol.token })).body.value
      .savedPosts;
    assert.deepEqual(ids(saved), [c._id]);
    await call(ctx.app, `DELETE /api/post/${c._id}/save`, { token: carol.token });
    await call(ctx.app, `DELETE /api/post/${c._id}/like`, { token: carol.token });
    assert.equal((await get(c._id)).likeCount, 0);
    assert.equal(
      (await call(ctx.app, `GET /api/post/${c._id}/save`, { token: carol.token })).body.value,
      false,
    );
  });

  it('a reply to a comment is a comment of that comment: its own thread, paged and counted', async () => {
    const p = await post(alice, 'Thread root');
    const c = await comment(bob, p._id, 'Level one');
    const r1 = await comment(carol, c._id, 'Level two');
    const r2 = await comment(alice, c._id, 'Also two');
    assert.equal('parentPost' in r1, false);
    const thread = (await call(ctx.app, `GET /api/post/${c._id}/comment?page=0`)).body.value;
    assert.deepEqual(ids(thread), [r2._id, r1._id], 'newest first');
    assert.deepEqual(ids((await call(ctx.app, `GET /api/post/${c._id}/comment?page=1`)).body.value), []);
    assert.equal((await get(c._id)).commentCount, 2);
    // The post's own list and count hold only its direct comments.
    assert.deepEqual(ids((await call(ctx.app, `GET /api/post/${p._id}/comment?page=0`)).body.value), [c._id]);
    assert.equal((await get(p._id)).commentCount, 1);
    const reply = await get(r1._id);
    assert.equal(reply.parentPost, c._id);
    assert.equal(reply.parentPreview, 'Level');
    // Commented lists what was commented on: a comment too.
    const commented = (await call(ctx.app, 'GET /api/user/commented?page=0', { token: carol.token })).body
      .value.commentedPosts;
    assert.equal(commented[0]._id, c._id);
  });

  it("GET /user/{id}/replies lists a user's replies newest first with the parent preview", async () => {
    const dan = await signup(ctx.app);
    const p1 = await post(alice, 'Hi');
    const p2 = await post(alice, 'Saturn rings tonight');
    const c1 = await comment(dan, p1._id, 'first reply');
    const c2 = await comment(dan, p2._id, 'second reply');
    const c3 = await comment(dan, c2._id, 'replying to myself');
    const r = await call(ctx.app, `GET /api/user/${dan.id}/replies?page=0`, { token: alice.token });
    assert.equal(r.status, 200);
    assert.deepEqual(ids(r.body.value), [c3._id, c2._id, c1._id]);
    assert.deepEqual(
      r.body.value.map((x: { parentPost: string; parentPreview: string }) => [x.parentPost, x.parentPreview]),
      [
        [c2._id, 'secon'],
        [p2._id, 'Satur'],
        [p1._id, 'Hi'],
      ],
    );
    assert.deepEqual(
      (await call(ctx.app, `GET /api/user/${dan.id}/replies?page=1`, { token: alice.token })).body,
      {
        success: true,
        value: [],
      },
    );
    // Twenty to a page, like every list.
    for (let i = 0; i < 20; i++) await comment(dan, p1._id, `more ${i}`);
    const page0 = (await call(ctx.app, `GET /api/user/${dan.id}/replies?page=0`, { token: dan.token })).body
      .value;
    const page1 = (await call(ctx.app, `GET /api/user/${dan.id}/replies?page=1`, { token: dan.token })).body
      .value;
    assert.equal(page0.length, 20);
    assert.deepEqual(ids(page1), [c3._id, c2._id, c1._id]);
    // Someone who only posts has no replies.
    const poster = await signup(ctx.app);
    await post(poster, 'Only a post');
    assert.deepEqual(
      (await call(ctx.app, `GET /api/user/${poster.id}/replies`, { token: dan.token })).body.value,
      [],
    );

    assert.equal((await call(ctx.app, `GET /api/user/${dan.id}/replies?page=0`)).status, 401);
    const unknown = await call(ctx.app, 'GET /api/user/00000000-0000-4000-8000-000000000000/replies', {
      token: dan.token,
    });
    assert.equal(unknown.status, 404);
    assert.equal(typeof unknown.body.error, 'string');
    assert.equal((await call(ctx.app, 'GET /api/user/nope/replies', { token: dan.token })).status, 404);
    const bad = await call(ctx.app, `GET /api/user/${dan.id}/replies?page=-1`, { token: dan.token });
    assert.equal(bad.status, 400);
    assert.equal(typeof bad.body.error, 'string');
  });

  it('a deleted parent leaves the preview null (Reply of a deleted post); a deleted comment leaves the Replies', async () => {
    const erin = await signup(ctx.app);
    const p = await post(alice, 'Soon gone');
    const c = await comment(erin, p._id, 'Still here');
    const gone = await comment(erin, p._id, 'Take it back');
    const before = (await call(ctx.app, 'GET /api/user', { token: erin.token })).body.value.postCount;
    assert.equal(before, 0, 'comments are not posts in the profile count');

    // A comment is deleted like a post, by its author only.
    assert.equal((await call(ctx.app, `DELETE /api/post/${gone._id}`, { token: alice.token })).status, 403);
    assert.equal((await call(ctx.app, `DELETE /api/post/${gone._id}`, { token: erin.token })).status, 200);
    const deleted = await get(gone._id);
    assert.equal(deleted.deleted, true);
    assert.equal(deleted.content, '');
    assert.equal((await call(ctx.app, 'GET /api/user', { token: erin.token })).body.value.postCount, 0);
    const list = (await call(ctx.app, `GET /api/post/${p._id}/comment?page=0`)).body.value;
    assert.deepEqual(
      list.map((x: { _id: string; deleted: boolean }) => [x._id, x.deleted]),
      [
        [gone._id, true],
        [c._id, false],
      ],
    );
    const replyToGone = await call(ctx.app, `POST /api/post/${gone._id}/comment`, {
      token: alice.token,
      payload: { content: 'too late' },
    });
    assert.equal(replyToGone.status, 400);

    await call(ctx.app, `DELETE /api/post/${p._id}`, { token: alice.token });
    const replies = (await call(ctx.app, `GET /api/user/${erin.id}/replies`, { token: erin.token })).body
      .value;
    assert.deepEqual(ids(replies), [c._id]);
    assert.equal(replies[0].parentPost, p._id);
    assert.equal(replies[0].parentPreview, null);
    assert.equal((await get(c._id)).parentPreview, null);
  });

  it('comments stay out of the galaxy, planet and author feeds and the post search', async () => {
    const fay = await signup(ctx.app);
    const p = await post(fay, 'Zanzibar quasar post');
    const c = await comment(fay, p._id, 'Zanzibar quasar comment');
    const feeds = [
      'GET /api/feed?page=1',
      `GET /api/feed/${loc.planetId}?page=1`,
      `GET /api/feed/${fay.id}?page=0`,
      `GET /api/post/search/${encodeURIComponent('Zanzibar quasar')}?page=0`,
    ];
    for (const route of feeds) {
      const r = await call(ctx.app, route, { token: fay.token });
      assert.equal(r.status, 200, route);
      const found = ids(r.body.value);
      assert.ok(found.includes(p._id), `${route} shows the post`);
      assert.ok(!found.includes(c._id), `${route} leaves the comment out`);
    }
  });
});

/** The migration keeps every comment, at the same id, in its thread order, with its counter going on after it. */
describe('migration 0004: comments move into posts', () => {
  it('carries an existing database over (the embedded data folder and PostgreSQL run the same SQL)', async (t) => {
    // The migrations before 0004, applied to a fresh embedded database holding data in the old shape.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skynet-mig-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.startsWith('0004_'));
    assert.ok(at > 0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalFile, JSON.stringify(journal));
    const client = await createInMemoryPglite();
    const database = wrapPglite(client);
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type; Db is the common base.
    await migrate(database.db as any, { migrationsFolder: dir });
    await seed(database.db);
    const user = 'aaaaaaaa-0000-4000-8000-000000000001';
    const postId = 'bbbbbbbb-0000-4000-8000-000000000001';
    const c1 = 'cccccccc-0000-4000-8000-000000000001';
    const c2 = 'cccccccc-0000-4000-8000-000000000002';
    await database.db.execute(sql`INSERT INTO users (id, user_name, planet_id, post_seq, post_count)
      VALUES (${user}, 'oldtimer', 'mars', 1, 1)`);
    await database.db.execute(sql`UPDATE feed_counter SET value = value + 1 WHERE id = 1`);
    await database.db.execute(sql`UPDATE planets SET post_seq = post_seq + 1 WHERE id = 'mars'`);
    await database.db.execute(sql`INSERT INTO posts (id, seq, author_id, author_seq, planet_id, planet_seq, content,
        comment_count, comment_seq)
      VALUES (${postId}, (SELECT value FROM feed_counter WHERE id = 1), ${user}, 1, 'mars',
        (SELECT post_seq FROM planets WHERE id = 'mars'), 'Old post from Mars', 2, 2)`);
    await database.db.execute(sql`INSERT INTO comments (id, post_id, post_seq, author_id, content, planet_id, deleted,
        created_at)
      VALUES (${c1}, ${postId}, 1, ${user}, 'old first', 'mars', false, now() - interval '1 hour'),
             (${c2}, ${postId}, 2, ${user}, '', 'mars', true, now())`);

    await migrateDatabase(database); // the full set: 0004 onwards
    const left = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'comments'`,
    );
    assert.equal(left[0]!.n, 0, 'the comments table is gone');

    const { app } = await build(t, { database });
    t.after(() => database.close());
    const one = await call(app, `GET /api/post/${c1}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.value.content, 'old first');
    assert.equal(one.body.value.parentPost, postId);
    assert.equal(one.body.value.parentPreview, 'Old p');
    assert.equal((await call(app, `GET /api/post/${c2}`)).body.value.deleted, true);
    const list = await call(app, `GET /api/post/${postId}/comment?page=0`);
    assert.deepEqual(ids(list.body.value), [c2, c1]);
    // The per-post counter goes on after the migrated comments: a new one is on top, counted.
    const me = await signup(app);
    const added = await call(app, `POST /api/post/${postId}/comment`, {
      token: me.token,
      payload: { content: 'new after migration' },
    });
    assert.equal(added.status, 200);
    assert.deepEqual(ids((await call(app, `GET /api/post/${postId}/comment?page=0`)).body.value), [
      added.body.value._id,
      c2,
      c1,
    ]);
    assert.equal((await call(app, `GET /api/post/${postId}`)).body.value.commentCount, 3);
    const feed = await call(app, 'GET /api/feed?page=1', { token: me.token });
    assert.deepEqual(ids(feed.body.value), [postId]);
  });
});

function ids(list: { _id: string }[]) {
  return list.map((x) => x._id);
}
