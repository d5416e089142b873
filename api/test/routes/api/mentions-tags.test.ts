// Issue 35, item 2: mentions and tags. A post names the users its @names name (those that exist) and carries its #tags;
// GET /api/feed/tag/{tag} is the tag's feed with the reader's filters; a mention notifies (not the author, not across
// a block, not someone who mutes the author); search finds '#tag'. Runs on PGlite and, with SKYNET_TEST_DB=postgres,
// PostgreSQL.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type NotificationGroup, PAGE_SIZE, type Post } from '@skynet/contract';
import { call, deleteAccount, type SignedUp, signup, useApp } from '../../helper.js';

const loc = { latitude: 10, longitude: 20, planetId: 'mars' };

describe('mentions and tags', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let bob: SignedUp;
  let carol: SignedUp;
  let dave: SignedUp;

  const post = async (who: SignedUp, content: string, extra: Record<string, unknown> = {}) => {
    const r = await call(ctx.app, 'POST /api/post', {
      token: who.token,
      payload: { content, location: loc, ...extra },
    });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value as Post;
  };
  const edit = async (who: SignedUp, id: string, content: string) => {
    const r = await call(ctx.app, `PATCH /api/post/${id}`, { token: who.token, payload: { content } });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value as Post;
  };
  const remove = async (who: SignedUp, id: string) =>
    assert.equal((await call(ctx.app, `DELETE /api/post/${id}`, { token: who.token })).status, 200);
  const tagFeed = async (who: SignedUp, tag: string, page = 1) => {
    const r = await call(ctx.app, `GET /api/feed/tag/${tag}?page=${page}`, { token: who.token });
    assert.equal(r.status, 200, r.res.body);
    return (r.body.value as Post[]).map((p) => p.content);
  };
  const search = async (who: SignedUp, text: string, page = 0) => {
    const r = await call(ctx.app, `GET /api/post/search/${encodeURIComponent(text)}?page=${page}`, {
      token: who.token,
    });
    assert.equal(r.status, 200, r.res.body);
    return (r.body.value as Post[]).map((p) => p.content);
  };
  const mentionsOf = async (who: SignedUp) => {
    const r = await call(ctx.app, 'GET /api/notifications?page=0', { token: who.token });
    assert.equal(r.status, 200, r.res.body);
    return (r.body.value as NotificationGroup[]).filter((g) => g.kind === 'mention');
  };
  const unread = async (who: SignedUp) => {
    const r = await call(ctx.app, 'GET /api/notifications/unread', { token: who.token });
    assert.equal(r.status, 200, r.res.body);
    return (r.body.value as { notifications: number }).notifications;
  };
  const toggle = async (who: SignedUp, what: 'block' | 'mute', other: SignedUp, on: boolean) =>
    assert.equal(
      (await call(ctx.app, `${on ? 'POST' : 'DELETE'} /api/user/${other.id}/${what}`, { token: who.token }))
        .status,
      200,
    );

  before(async () => {
    [alice, bob, carol, dave] = [
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
    ];
  });

  it('a post answers its planet, the users it names that exist, and its tags', async () => {
    const p = await post(
      alice,
      `Hello @${bob.userName.toUpperCase()} and @nobody_here, #Mars #mars #Été! Mail ${carol.userName}@example.com, ` +
        `see https://x.org/@${dave.userName}#top, a#b &#39;`,
    );
    assert.equal(p.planetId, 'mars');
    assert.equal(p.location.planetId, 'mars');
    assert.deepEqual(p.mentions, [{ _id: bob.id, userName: bob.userName }]);
    assert.deepEqual(p.tags, ['mars', 'été']);

    const read = await call(ctx.app, `GET /api/post/${p._id}`, { token: carol.token });
    assert.deepEqual(
      { planetId: read.body.value.planetId, mentions: read.body.value.mentions, tags: read.body.value.tags },
      { planetId: 'mars', mentions: p.mentions, tags: p.tags },
    );
    const galaxy = (await call(ctx.app, 'GET /api/feed?page=1', { token: carol.token })).body.value as Post[];
    const inFeed = galaxy.find((x) => x._id === p._id);
    assert.deepEqual(inFeed?.tags, ['mars', 'été']);
    assert.deepEqual(inFeed?.mentions, p.mentions);

    const plain = await post(alice, 'Nothing to see');
    assert.deepEqual([plain.mentions, plain.tags], [[], []]);
  });

  it('takes at most 10 mentions and 10 tags', async () => {
    const people = [
      bob,
      carol,
      dave,
      ...(await Promise.all(Array.from({ length: 9 }, () => signup(ctx.app)))),
    ];
    const text = `${people.map((u) => `@${u.userName}`).join(' ')} ${Array.from({ length: 12 }, (_, i) => `#t${i}`).join(' ')}`;
    assert.ok(text.length <= 324, text);
    const p = await post(alice, text);
    assert.deepEqual(
      p.mentions.map((m) => m._id),
      people.slice(0, 10).map((u) => u.id),
    );
    assert.deepEqual(
      p.tags,
      Array.from({ length: 10 }, (_, i) => `t${i}`),
    );
    const few = await post(alice, Array.from({ length: 12 }, (_, i) => `#c${i}`).join(' '));
    assert.deepEqual(
      few.tags,
      Array.from({ length: 10 }, (_, i) => `c${i}`),
    );
  });

  it('a comment answers its mentions and tags too', async () => {
    const p = await post(alice, 'A post to comment on');
    const r = await call(ctx.app, `POST /api/post/${p._id}/comment`, {
      token: bob.token,
      payload: { content: `@${carol.userName} look #Comments` },
    });
    assert.equal(r.status, 200, r.res.body);
    assert.deepEqual(r.body.value.mentions, [{ _id: carol.id, userName: carol.userName }]);
    assert.deepEqual(r.body.value.tags, ['comments']);
    assert.equal(r.body.value.planetId, 'earth');
    // A comment shows in no feed, a tag's neither.
    assert.deepEqual(await tagFeed(alice, 'comments'), []);
  });

  it("an edit reads the tags and mentions again; a deleted post answers none and leaves the tag's feed", async () => {
    const p = await post(alice, 'First #EditA');
    assert.deepEqual(await tagFeed(bob, 'edita'), ['First #EditA']);
    const edited = await edit(alice, p._id, `Now #EditB with @${dave.userName}`);
    assert.deepEqual(edited.tags, ['editb']);
    assert.deepEqual(edited.mentions, [{ _id: dave.id, userName: dave.userName }]);
    assert.deepEqual(await tagFeed(bob, 'edita'), []);
    assert.deepEqual(await tagFeed(bob, 'editb'), [`Now #EditB with @${dave.userName}`]);

    // A moderator's removal (moderation/actions.ts: deleted and removed, the text kept) hides it; a restore brings it back.
    const setRemoved = (on: boolean) =>
      ctx.database.executeSql('UPDATE posts SET deleted = $2, removed = $2 WHERE id = $1', [p._id, on]);
    await setRemoved(true);
    assert.deepEqual(await tagFeed(bob, 'editb'), []);
    await setRemoved(false);
    assert.deepEqual(await tagFeed(bob, 'editb'), [`Now #EditB with @${dave.userName}`]);

    await remove(alice, p._id);
    const gone = (await call(ctx.app, `GET /api/post/${p._id}`, { token: bob.token })).body.value as Post;
    assert.deepEqual([gone.deleted, gone.mentions, gone.tags], [true, [], []]);
    assert.deepEqual(await tagFeed(bob, 'editb'), []);
  });

  it('the tag feed: newest first, 20 a page from page 1, any case, with or without #', async () => {
    const texts = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => `Paged ${i} #Paging`);
    for (const text of texts) await post(i2p(texts.indexOf(text)), text);
    const newestFirst = [...texts].reverse();
    assert.deepEqual(await tagFeed(carol, 'paging'), newestFirst.slice(0, PAGE_SIZE));
    assert.deepEqual(await tagFeed(carol, 'PAGING', 2), newestFirst.slice(PAGE_SIZE));
    assert.deepEqual(await tagFeed(carol, '%23Paging', 2), newestFirst.slice(PAGE_SIZE));
    assert.deepEqual(await tagFeed(carol, 'paging', 3), []);
    assert.deepEqual(await tagFeed(carol, 'no_such_tag_yet'), []);
  });
  // Alice and Bob take turns writing.
  const i2p = (i: number) => (i % 2 === 0 ? alice : bob);

  it('the tag feed refuses a malformed tag or page with 400', async () => {
    for (const bad of ['a-b', '%23', 'x'.repeat(51), 'two%20words', '%F0%9F%9A%80']) {
      const r = await call(ctx.app, `GET /api/feed/tag/${bad}?page=1`, { token: alice.token });
      assert.equal(r.status, 400, `${bad}: ${r.res.body}`);
      assert.equal(typeof r.body.error, 'string');
    }
    const r = await call(ctx.app, 'GET /api/feed/tag/mars?page=0', { token: alice.token });
    assert.equal(r.status, 400);
    assert.equal((await call(ctx.app, 'GET /api/feed/tag/mars?page=1')).status, 401);
  });

  it("the tag feed leaves out what the reader blocks or mutes, and posts with the reader's muted words", async () => {
    await post(bob, "Bob's #Filtered");
    await post(carol, "Carol's #Filtered");
    await post(alice, 'Spoilers #Filtered');
    assert.deepEqual(await tagFeed(dave, 'filtered'), [
      'Spoilers #Filtered',
      "Carol's #Filtered",
      "Bob's #Filtered",
    ]);
    await toggle(dave, 'block', bob, true);
    await toggle(dave, 'mute', carol, true);
    const word = await call(ctx.app, 'POST /api/user/mutedWords', {
      token: dave.token,
      payload: { word: 'spoilers' },
    });
    assert.equal(word.status, 200, word.res.body);
    assert.deepEqual(await tagFeed(dave, 'filtered'), []);
    assert.deepEqual(await search(dave, '#filtered'), []);
    // Dave's block is his own: Bob still reads the whole tag.
    assert.deepEqual(await tagFeed(bob, 'filtered'), [
      'Spoilers #Filtered',
      "Carol's #Filtered",
      "Bob's #Filtered",
    ]);
    await toggle(dave, 'block', bob, false);
    await toggle(dave, 'mute', carol, false);
    await call(ctx.app, `DELETE /api/user/mutedWords/${word.body.value._id}`, { token: dave.token });
    assert.deepEqual(await tagFeed(dave, 'filtered'), [
      'Spoilers #Filtered',
      "Carol's #Filtered",
      "Bob's #Filtered",
    ]);
  });

  it('suggests up to 5 tags that begin with the text, the most used first; refuses what is no tag', async () => {
    const stem = `sg${Math.random().toString(36).slice(2, 7)}`;
    // b used three times, a twice, the others once; seven tags in all.
    await post(alice, `#${stem}b #${stem}a #${stem}c`);
    await post(bob, `#${stem}B #${stem}a #${stem}d #${stem}e`);
    await post(carol, `#${stem}b #${stem}f #${stem}g`);
    const suggest = async (text: string) => {
      const r = await call(ctx.app, `GET /api/feed/tags/${encodeURIComponent(text)}`, { token: dave.token });
      assert.equal(r.status, 200, r.res.body);
      return r.body.value as string[];
    };
    assert.deepEqual(await suggest(stem), [`${stem}b`, `${stem}a`, `${stem}c`, `${stem}d`, `${stem}e`]);
    assert.deepEqual(await suggest(`#${stem.toUpperCase()}F`), [`${stem}f`]);
    assert.deepEqual(await suggest(`${stem}zz`), []);
    for (const bad of ['no-tag', ' ', 'a'.repeat(51)]) {
      const r = await call(ctx.app, `GET /api/feed/tags/${encodeURIComponent(bad)}`, { token: dave.token });
      assert.equal(r.status, 400, bad);
      assert.match(r.body.error, /^A tag is 1 to 50 letters/);
    }
    assert.equal((await call(ctx.app, `GET /api/feed/tags/${stem}`)).status, 401);
  });

  it("search: '#tag' answers the tag's posts, other text searches as before", async () => {
    await post(alice, 'Searching #Findme today');
    await post(bob, 'findme without the sign');
    assert.deepEqual(await search(carol, '#FindMe'), ['Searching #Findme today']);
    assert.deepEqual(await search(carol, '#findme', 1), []);
    assert.deepEqual((await search(carol, 'findme')).sort(), [
      'Searching #Findme today',
      'findme without the sign',
    ]);
  });

  it('a mention notifies the user named, once, with the post as its preview; the author never', async () => {
    const before = await unread(carol);
    const p = await post(bob, `Hey @${carol.userName} and @${bob.userName}, look at this`);
    assert.equal(await unread(carol), before + 1);
    const [group] = await mentionsOf(carol);
    assert.equal(group?.postId, p._id);
    assert.equal(group?.postPreview, p.content.slice(0, 60));
    assert.deepEqual(
      group?.actors.map((a) => a._id),
      [bob.id],
    );
    assert.ok(group?.id.startsWith('mention.'));
    assert.deepEqual(
      (await mentionsOf(bob)).filter((g) => g.postId === p._id),
      [],
      'naming yourself is no news',
    );
    // An edit naming her again tells her nothing new; one naming Dave tells him.
    const daveBefore = await unread(dave);
    await edit(bob, p._id, `Hey @${carol.userName} and @${dave.userName}`);
    assert.equal(await unread(carol), before + 1);
    assert.equal(await unread(dave), daveBefore + 1);
    assert.ok((await mentionsOf(dave)).some((g) => g.postId === p._id));

    // Marked read as any group.
    const read = await call(ctx.app, 'POST /api/notifications/read', {
      token: carol.token,
      payload: { ids: [group!.id] },
    });
    assert.equal(read.status, 200, read.res.body);
    assert.equal(await unread(carol), before);

    // A comment's mention notifies too; deleting the post takes its mentions away.
    const q = await post(alice, `Thanks @${carol.userName}`);
    assert.ok((await mentionsOf(carol)).some((g) => g.postId === q._id));
    const afterQ = await unread(carol);
    await remove(alice, q._id);
    assert.equal(await unread(carol), afterQ - 1);
    assert.ok(!(await mentionsOf(carol)).some((g) => g.postId === q._id));
    const c = await call(ctx.app, `POST /api/post/${p._id}/comment`, {
      token: alice.token,
      payload: { content: `@${carol.userName} agreed` },
    });
    assert.ok((await mentionsOf(carol)).some((g) => g.postId === c.body.value._id));

    // Behind a content warning, the entry shows the warning, not the text.
    const warned = await post(alice, `@${carol.userName} the ending!`, { contentWarning: 'Spoilers' });
    const entry = (await mentionsOf(carol)).find((g) => g.postId === warned._id);
    assert.equal(entry?.postPreview, 'Spoilers');
  });

  it("a deleted account's posts leave the tag feed at once, and its tags and mentions go at the purge", async () => {
    const hana = await signup(ctx.app);
    const p = await post(hana, `Leaving soon #Farewell @${alice.userName}`);
    assert.deepEqual(await tagFeed(bob, 'farewell'), [p.content]);
    assert.equal((await deleteAccount(ctx.app, hana.token, hana.password)).status, 200);
    assert.deepEqual(await tagFeed(bob, 'farewell'), []);
    assert.ok(!(await mentionsOf(alice)).some((g) => g.postId === p._id));
    await ctx.app.jobs.runPurge(new Date(Date.now() + 31 * 86_400_000));
    const left = await ctx.database.executeSql(
      `SELECT (SELECT count(*)::int FROM post_tags WHERE post_id = $1) AS n, tags, mentions FROM posts WHERE id = $1`,
      [p._id],
    );
    assert.deepEqual(left.rows, [{ n: 0, tags: [], mentions: [] }]);
  });

  it('no mention notification across a block either way, nor to someone who mutes the author', async () => {
    const [erin, frank, gina] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    await toggle(erin, 'block', alice, true); // Erin blocks Alice
    await toggle(alice, 'block', frank, true); // Alice blocks Frank
    await toggle(gina, 'mute', alice, true); // Gina mutes Alice
    const p = await post(alice, `Hello @${erin.userName} @${frank.userName} @${gina.userName}`);
    // They are still named on the post (the post shows the names), but hear nothing.
    assert.equal(p.mentions.length, 3);
    for (const who of [erin, frank, gina]) {
      assert.equal(await unread(who), 0, who.userName);
      assert.deepEqual(await mentionsOf(who), []);
    }
    // Nor does ending the block or mute bring one back: it was never recorded.
    await toggle(erin, 'block', alice, false);
    await toggle(gina, 'mute', alice, false);
    assert.equal(await unread(erin), 0);
    assert.equal(await unread(gina), 0);
  });

  it('an author the moderators silenced reaches only their followers', async () => {
    const [ivan, judy, kim] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    assert.equal(
      (await call(ctx.app, `POST /api/user/${ivan.id}/follow`, { token: judy.token })).status,
      200,
    );
    await ctx.database.executeSql('UPDATE users SET silenced_at = now() WHERE id = $1', [ivan.id]);
    await post(ivan, `Hello @${judy.userName} and @${kim.userName}`);
    assert.equal((await mentionsOf(judy)).length, 1);
    assert.deepEqual(await mentionsOf(kim), []);
  });
});
