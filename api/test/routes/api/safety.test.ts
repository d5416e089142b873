// Issue 31: block, mute, muted words, who may message whom, and privacy by default, as callers see them. Runs on
// PGlite and on PostgreSQL (test/run.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminCommand, operator } from '../../../src/cli/admin.js';
import { call, deleteAccount, type SignedUp, signup, useApp } from '../../helper.js';
import { useTwoProcesses } from '../../sockets.js';

const post = async (app: Parameters<typeof call>[0], who: SignedUp, content: string, parentPost?: string) => {
  const r = await call(app, 'POST /api/post', {
    token: who.token,
    payload: {
      content,
      location: { latitude: 48.8566, longitude: 2.3522, planetId: 'earth' },
      ...(parentPost ? { parentPost } : {}),
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.value._id as string;
};

const ids = (body: { value: { _id: string }[] }) => body.value.map((p) => p._id);

describe('block: a matrix of blocker x blocked x every read and write', () => {
  const ctx = useApp();
  let blocker: SignedUp;
  let blocked: SignedUp;
  let bystander: SignedUp;
  let blockerPost: string;
  let blockedPost: string;

  it('setup: they follow each other, each has a post, a reply and a conversation', async () => {
    blocker = await signup(ctx.app, { userName: 'blocker_b1' });
    blocked = await signup(ctx.app, { userName: 'blocked_b2' });
    bystander = await signup(ctx.app);
    blockerPost = await post(ctx.app, blocker, 'hello from the blocker');
    blockedPost = await post(ctx.app, blocked, 'hello from the blocked');
    await post(ctx.app, blocked, 'a reply to the blocker', blockerPost);
    for (const [a, b] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const)
      assert.equal((await call(ctx.app, `POST /api/user/${b.id}/follow`, { token: a.token })).status, 200);
    const m = await call(ctx.app, 'POST /api/user/chat', {
      token: blocked.token,
      payload: { receiverId: blocker.id, content: 'hi there' },
    });
    assert.equal(m.status, 200);
  });

  it('blocking ends the follows both ways and their counts, and is idempotent', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await call(ctx.app, `POST /api/user/${blocked.id}/block`, { token: blocker.token });
      assert.equal(r.status, 200);
      assert.equal(r.body.value, true);
    }
    const me = await call(ctx.app, 'GET /api/user', { token: blocker.token });
    assert.equal(me.body.value.followerCount, 0);
    assert.equal(me.body.value.followingCount, 0);
    const them = await call(ctx.app, `GET /api/user/${blocked.id}`, { token: bystander.token });
    assert.equal(them.body.value.followerCount, 0);
    assert.equal(them.body.value.followingCount, 0);
    const rel = await call(ctx.app, `GET /api/user/${blocked.id}/relationship`, { token: blocker.token });
    assert.deepEqual(rel.body.value, { blocking: true, blockedBy: false, muting: false });
    const back = await call(ctx.app, `GET /api/user/${blocker.id}/relationship`, { token: blocked.token });
    assert.deepEqual(back.body.value, { blocking: false, blockedBy: true, muting: false });
    const list = await call(ctx.app, 'GET /api/user/blocks?page=0', { token: blocker.token });
    assert.deepEqual(
      list.body.value.map((u: { _id: string; userName: string }) => [u._id, u.userName]),
      [[blocked.id, 'blocked_b2']],
    );
  });

  it('every write between them answers 403 with a text the UI shows, in both directions', async () => {
    for (const [me, other, otherPost, text] of [
      [blocked, blocker, blockerPost, 'You cannot do that: this account has blocked you.'],
      [blocker, blocked, blockedPost, 'You have blocked this account. Unblock it first.'],
    ] as const) {
      const writes = [
        [`POST /api/user/${other.id}/follow`, undefined],
        ['POST /api/user/chat', { receiverId: other.id, content: 'still there?' }],
        [`POST /api/post/${otherPost}/like`, undefined],
        [`POST /api/post/${otherPost}/save`, undefined],
        [`POST /api/post/${otherPost}/comment`, { content: 'a comment' }],
        [
          'POST /api/post',
          {
            content: 'a reply',
            location: { latitude: 0, longitude: 0, planetId: 'earth' },
            parentPost: otherPost,
          },
        ],
      ] as const;
      for (const [route, payload] of writes) {
        const r = await call(ctx.app, route, { token: me.token, ...(payload ? { payload } : {}) });
        assert.equal(r.status, 403, `${route}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.error, text, route);
      }
    }
    // Nothing of it happened.
    const like = await call(ctx.app, `GET /api/post/${blockerPost}/like`, { token: blocked.token });
    assert.equal(like.body.value, false);
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: blocker.token,
      payload: { receiverId: blocked.id },
    });
    assert.equal(JSON.stringify(chats.body).includes('still there?'), false);
  });

  it("each loses the other's posts, replies and profile content in every read", async () => {
    for (const [me, other, otherPost] of [
      [blocked, blocker, blockerPost],
      [blocker, blocked, blockedPost],
    ] as const) {
      const galaxy = await call(ctx.app, 'GET /api/feed?page=1', { token: me.token });
      assert.equal(ids(galaxy.body).includes(otherPost), false, 'galaxy');
      assert.ok(galaxy.body.value.every((p: { authorId: string }) => p.authorId !== other.id));
      const planet = await call(ctx.app, 'GET /api/feed/earth?page=1', { token: me.token });
      assert.ok(
        planet.body.value.every((p: { authorId: string }) => p.authorId !== other.id),
        'planet',
      );
      const profileFeed = await call(ctx.app, `GET /api/feed/${other.id}?page=0`, { token: me.token });
      assert.deepEqual(profileFeed.body.value, [], 'profile feed');
      const replies = await call(ctx.app, `GET /api/user/${other.id}/replies?page=0`, { token: me.token });
      assert.deepEqual(replies.body.value, [], 'replies');
      const one = await call(ctx.app, `GET /api/post/${otherPost}`, { token: me.token });
      assert.equal(one.status, 404, 'the post itself');
      const search = await call(ctx.app, 'GET /api/post/search/hello', { token: me.token });
      assert.ok(
        search.body.value.every((p: { authorId: string }) => p.authorId !== other.id),
        'post search',
      );
      const users = await call(ctx.app, 'GET /api/user/search/b_b', { token: me.token });
      assert.deepEqual(
        users.body.value.map((u: { _id: string }) => u._id).filter((id: string) => id === other.id),
        [],
        'user search',
      );
      const suggestions = await call(ctx.app, 'GET /api/user/suggestions?limit=20', { token: me.token });
      assert.ok(
        suggestions.body.value.every((u: { _id: string }) => u._id !== other.id),
        'suggestions',
      );
      const conversations = await call(ctx.app, 'POST /api/user/conversations', { token: me.token });
      assert.deepEqual(conversations.body.data, [], 'conversations');
      const thread = await call(ctx.app, `GET /api/post/${blockerPost}/comment`, { token: me.token });
      assert.ok(
        thread.body.value.every((c: { authorId: string }) => c.authorId !== other.id),
        'comments',
      );
    }
    // The blocked one sees the blocker's name and counts, never their bio or picture.
    await call(ctx.app, 'PATCH /api/user/changeBio', {
      token: blocker.token,
      payload: { newBio: 'my secret bio' },
    });
    const profile = await call(ctx.app, `GET /api/user/${blocker.id}`, { token: blocked.token });
    assert.equal(profile.status, 200);
    assert.equal(profile.body.value.userName, 'blocker_b1');
    assert.equal(profile.body.value.bio, '');
    // A bystander sees both as before.
    const seen = await call(ctx.app, `GET /api/user/${blocker.id}`, { token: bystander.token });
    assert.equal(seen.body.value.bio, 'my secret bio');
    const feed = await call(ctx.app, 'GET /api/feed?page=1', { token: bystander.token });
    assert.ok(ids(feed.body).includes(blockerPost) && ids(feed.body).includes(blockedPost));
  });

  it('unblocking restores reads and writes, not the ended follows', async () => {
    assert.equal(
      (await call(ctx.app, `DELETE /api/user/${blocked.id}/block`, { token: blocker.token })).body.value,
      false,
    );
    const feed = await call(ctx.app, 'GET /api/feed?page=1', { token: blocker.token });
    assert.ok(ids(feed.body).includes(blockedPost));
    const following = await call(ctx.app, `GET /api/user/${blocked.id}/follow`, { token: blocker.token });
    assert.equal(following.body.value, false);
    const m = await call(ctx.app, 'POST /api/user/chat', {
      token: blocked.token,
      payload: { receiverId: blocker.id, content: 'welcome back' },
    });
    assert.equal(m.status, 200);
  });

  it('refuses oneself, unknown people and bad ids', async () => {
    assert.equal(
      (await call(ctx.app, `POST /api/user/${blocker.id}/block`, { token: blocker.token })).status,
      400,
    );
    assert.equal(
      (
        await call(ctx.app, 'POST /api/user/00000000-0000-4000-8000-000000000000/block', {
          token: blocker.token,
        })
      ).status,
      404,
    );
    assert.equal((await call(ctx.app, 'POST /api/user/nope/mute', { token: blocker.token })).status, 404);
    assert.equal((await call(ctx.app, `POST /api/user/${blocked.id}/block`)).status, 401);
  });
});

describe('mute and muted words', () => {
  const ctx = useApp();
  let muter: SignedUp;
  let loud: SignedUp;
  let friend: SignedUp;

  it("a muted person's posts, replies and notifications leave the muter's views, silently", async () => {
    muter = await signup(ctx.app);
    loud = await signup(ctx.app);
    friend = await signup(ctx.app);
    const mine = await post(ctx.app, muter, 'my own post');
    const noisy = await post(ctx.app, loud, 'noisy noisy');
    await call(ctx.app, `POST /api/post/${mine}/like`, { token: loud.token });
    const before = await call(ctx.app, 'GET /api/notifications/unread', { token: muter.token });
    assert.equal(before.body.value.notifications, 1);
    assert.equal((await call(ctx.app, `POST /api/user/${loud.id}/mute`, { token: muter.token })).status, 200);
    const feed = await call(ctx.app, 'GET /api/feed?page=1', { token: muter.token });
    assert.equal(ids(feed.body).includes(noisy), false);
    assert.ok(ids(feed.body).includes(mine));
    const after = await call(ctx.app, 'GET /api/notifications/unread', { token: muter.token });
    assert.equal(after.body.value.notifications, 0);
    assert.deepEqual(
      (await call(ctx.app, 'GET /api/notifications?page=0', { token: muter.token })).body.value,
      [],
    );
    // Silent: the muted person can still like, follow and see everything.
    const rel = await call(ctx.app, `GET /api/user/${muter.id}/relationship`, { token: loud.token });
    assert.deepEqual(rel.body.value, { blocking: false, blockedBy: false, muting: false });
    assert.equal(
      (await call(ctx.app, `POST /api/user/${muter.id}/follow`, { token: loud.token })).status,
      200,
    );
    // Their profile still shows their posts to the muter (a visit is a choice).
    const profile = await call(ctx.app, `GET /api/feed/${loud.id}?page=0`, { token: muter.token });
    assert.deepEqual(ids(profile.body), [noisy]);
    const list = await call(ctx.app, 'GET /api/user/mutes?page=0', { token: muter.token });
    assert.deepEqual(
      list.body.value.map((u: { _id: string }) => u._id),
      [loud.id],
    );
    // Undo: back at once.
    await call(ctx.app, `DELETE /api/user/${loud.id}/mute`, { token: muter.token });
    assert.ok(
      ids((await call(ctx.app, 'GET /api/feed?page=1', { token: muter.token })).body).includes(noisy),
    );
  });

  it('a page left empty by mutes is not the end: the feed reads on to older posts', async () => {
    const older = await post(ctx.app, friend, 'an older post worth reading');
    for (let i = 0; i < 45; i++) await post(ctx.app, loud, `spam ${i}`);
    await call(ctx.app, `POST /api/user/${loud.id}/mute`, { token: muter.token });
    const page1 = await call(ctx.app, 'GET /api/feed?page=1', { token: muter.token });
    assert.ok(page1.body.value.length > 0, 'page 1 is not empty');
    assert.ok(ids(page1.body).includes(older));
    assert.ok(page1.body.value.every((p: { authorId: string }) => p.authorId !== loud.id));
    const planet = await call(ctx.app, 'GET /api/feed/earth?page=1', { token: muter.token });
    assert.ok(ids(planet.body).includes(older));
    // Far past the end is still empty.
    assert.deepEqual((await call(ctx.app, 'GET /api/feed?page=50', { token: muter.token })).body.value, []);
  });

  it('muted words hide matching posts (whole words, any case) until they expire or are removed', async () => {
    const cat = await post(ctx.app, friend, 'Look at my CAT today');
    const category = await post(ctx.app, friend, 'a category of things');
    const add = await call(ctx.app, 'POST /api/user/mutedWords', {
      token: muter.token,
      payload: { word: 'cat', days: 7 },
    });
    assert.equal(add.status, 200);
    assert.equal(add.body.value.word, 'cat');
    assert.ok(Date.parse(add.body.value.expiresAt) > Date.now() + 6 * 24 * 3600 * 1000);
    const feed = ids((await call(ctx.app, 'GET /api/feed?page=1', { token: muter.token })).body);
    assert.equal(feed.includes(cat), false);
    assert.ok(feed.includes(category));
    const search = ids((await call(ctx.app, 'GET /api/post/search/cat', { token: muter.token })).body);
    assert.equal(search.includes(cat), false);
    // A comment with the word does not notify.
    const mine = await post(ctx.app, muter, 'what do you think');
    await call(ctx.app, `POST /api/post/${mine}/comment`, {
      token: friend.token,
      payload: { content: 'my cat agrees' },
    });
    const n = await call(ctx.app, 'GET /api/notifications?page=0', { token: muter.token });
    assert.equal(
      n.body.value.some((g: { kind: string; postId: string }) => g.kind === 'comment' && g.postId === mine),
      false,
    );
    // Listed, renewed without a duplicate, removed.
    await call(ctx.app, 'POST /api/user/mutedWords', { token: muter.token, payload: { word: 'CAT' } });
    const words = await call(ctx.app, 'GET /api/user/mutedWords', { token: muter.token });
    assert.equal(words.body.value.length, 1);
    assert.equal(words.body.value[0].expiresAt, null);
    const id = words.body.value[0]._id;
    assert.equal(
      (await call(ctx.app, `DELETE /api/user/mutedWords/${id}`, { token: friend.token })).status,
      404,
    );
    assert.equal(
      (await call(ctx.app, `DELETE /api/user/mutedWords/${id}`, { token: muter.token })).status,
      200,
    );
    assert.ok(ids((await call(ctx.app, 'GET /api/feed?page=1', { token: muter.token })).body).includes(cat));
    const blank = await call(ctx.app, 'POST /api/user/mutedWords', {
      token: muter.token,
      payload: { word: '   ' },
    });
    assert.equal(blank.status, 400);
    assert.equal(typeof blank.body.error, 'string');
  });
});

describe('who may start a conversation with me', () => {
  const ctx = useApp();

  it('everyone by default; nobody; only people I follow; conversations already started stay open', async () => {
    const quiet = await signup(ctx.app);
    const stranger = await signup(ctx.app);
    const friend = await signup(ctx.app);
    const earlier = await signup(ctx.app);
    const send = (from: SignedUp, content = 'hello') =>
      call(ctx.app, 'POST /api/user/chat', { token: from.token, payload: { receiverId: quiet.id, content } });
    assert.equal(
      (await call(ctx.app, 'GET /api/user/messagePolicy', { token: quiet.token })).body.value,
      'everyone',
    );
    assert.equal((await send(earlier)).status, 200);
    const set = await call(ctx.app, 'PATCH /api/user/messagePolicy', {
      token: quiet.token,
      payload: { policy: 'nobody' },
    });
    assert.equal(set.status, 200);
    assert.equal(set.body.value, 'nobody');
    const refused = await send(stranger);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'This person does not accept new conversations.');
    assert.equal((await send(earlier, 'still open')).status, 200);
    await call(ctx.app, 'PATCH /api/user/messagePolicy', {
      token: quiet.token,
      payload: { policy: 'following' },
    });
    await call(ctx.app, `POST /api/user/${friend.id}/follow`, { token: quiet.token });
    assert.equal((await send(friend)).status, 200);
    const notFollowed = await send(stranger);
    assert.equal(notFollowed.status, 403);
    assert.equal(
      notFollowed.body.error,
      'This person accepts new conversations only from people they follow.',
    );
    const bad = await call(ctx.app, 'PATCH /api/user/messagePolicy', {
      token: quiet.token,
      payload: { policy: 'friends' },
    });
    assert.equal(bad.status, 400);
    assert.equal(
      (await call(ctx.app, 'GET /api/user/messagePolicy', { token: quiet.token })).body.value,
      'following',
    );
  });
});

describe('privacy by default', () => {
  const ctx = useApp();

  it('coordinates reach only their owner: never on profiles, lists, search or posts', async () => {
    const owner = await signup(ctx.app, { userName: 'coords_owner' });
    const other = await signup(ctx.app);
    const id = await post(ctx.app, owner, 'where am I');
    const me = await call(ctx.app, 'GET /api/user', { token: owner.token });
    assert.equal(me.body.value.location.latitude, 1);
    for (const [route, token] of [
      [`GET /api/user/${owner.id}`, other.token],
      ['GET /api/user/search/coords', other.token],
      [`GET /api/post/${id}`, undefined],
      [`GET /api/post/${id}`, owner.token],
      ['GET /api/feed?page=1', other.token],
      [`GET /api/feed/${owner.id}?page=0`, other.token],
    ] as const) {
      const r = await call(ctx.app, route, token ? { token } : {});
      assert.equal(r.status, 200, route);
      assert.equal(
        /latitude|longitude|48\.8566|2\.3522/.test(r.res.body),
        false,
        `${route}: ${r.res.body.slice(0, 200)}`,
      );
    }
  });

  it('a deleted account is hidden at once: no bio, avatar or posts; its posts leave the feeds', async () => {
    const leaving = await signup(ctx.app);
    const reader = await signup(ctx.app);
    await call(ctx.app, 'PATCH /api/user/changeBio', {
      token: leaving.token,
      payload: { newBio: 'about me' },
    });
    const id = await post(ctx.app, leaving, 'soon gone');
    assert.ok(ids((await call(ctx.app, 'GET /api/feed?page=1', { token: reader.token })).body).includes(id));
    assert.equal((await deleteAccount(ctx.app, leaving.token)).status, 200);
    const profile = await call(ctx.app, `GET /api/user/${leaving.id}`, { token: reader.token });
    assert.equal(profile.body.value.deleted, true);
    assert.equal(profile.body.value.bio, '');
    assert.equal(profile.body.value.avatarUrl, null);
    assert.equal(
      ids((await call(ctx.app, 'GET /api/feed?page=1', { token: reader.token })).body).includes(id),
      false,
    );
    assert.deepEqual(
      (await call(ctx.app, `GET /api/feed/${leaving.id}?page=0`, { token: reader.token })).body.value,
      [],
    );
    const one = await call(ctx.app, `GET /api/post/${id}`, { token: reader.token });
    assert.equal(one.body.value.deleted, true);
    assert.equal(one.body.value.content, '');
    assert.equal(one.body.value.userName, 'Deleted User');
    // Undone within the grace period (support: `npm run admin -- undelete`): back everywhere, and audited.
    const undo = await adminCommand(ctx.database.db, ['undelete', leaving.email, 'asked', 'support'], {
      id: null,
      name: operator(),
    });
    assert.equal(undo.code, 0, undo.out);
    const again = await adminCommand(ctx.database.db, ['undelete', leaving.email, 'twice'], {
      id: null,
      name: 'x',
    });
    assert.equal(again.code, 1);
    assert.match(again.out, /is not deleted/);
    const audit = await adminCommand(ctx.database.db, ['audit'], { id: null, name: 'x' });
    assert.match(audit.out, /user\.undelete .*asked support/);
    await ctx.app.feedChanged({ kind: 'clear' }); // the CLI's change reaches cached pages within their TTL (10 s)
    assert.ok(ids((await call(ctx.app, 'GET /api/feed?page=1', { token: reader.token })).body).includes(id));
    assert.equal(
      (await call(ctx.app, `GET /api/user/${leaving.id}`, { token: reader.token })).body.value.bio,
      'about me',
    );
  });
});

describe("a reader's filters kept in memory (one query per read, not two)", () => {
  const ctx = useApp();
  const feedIds = async (who: SignedUp) =>
    ids((await call(ctx.app, 'GET /api/feed?page=1', { token: who.token })).body);
  /** Counts the reads of a reader's filters while `run` runs. */
  const viewerReads = async (run: () => Promise<void>): Promise<number> => {
    const database = ctx.app.database;
    const query = database.query;
    let reads = 0;
    database.query = ((name: string, ...rest: unknown[]) => {
      if (name === 'safety_viewer') reads++;
      return (query as (...args: unknown[]) => unknown).call(database, name, ...rest);
    }) as typeof query;
    try {
      await run();
    } finally {
      database.query = query;
    }
    return reads;
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    for (const started = Date.now(); Date.now() - started < 3000; ) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.fail(what);
  };

  it('are read once for many reads, and again right after the reader blocks, mutes or mutes a word', async () => {
    const reader = await signup(ctx.app);
    const [x, y] = [await signup(ctx.app), await signup(ctx.app)];
    const fromX = await post(ctx.app, x, 'x says hello');
    const fromY = await post(ctx.app, y, 'y talks about comets');
    assert.equal(
      await viewerReads(async () => {
        for (let i = 0; i < 3; i++) assert.ok((await feedIds(reader)).includes(fromX));
      }),
      1,
    );
    const reads = await viewerReads(async () => {
      assert.equal((await call(ctx.app, `POST /api/user/${x.id}/mute`, { token: reader.token })).status, 200);
      assert.equal((await feedIds(reader)).includes(fromX), false);
      await call(ctx.app, 'POST /api/user/mutedWords', { token: reader.token, payload: { word: 'comets' } });
      assert.equal((await feedIds(reader)).includes(fromY), false);
      assert.equal(
        (await call(ctx.app, `DELETE /api/user/${x.id}/mute`, { token: reader.token })).status,
        200,
      );
      assert.ok((await feedIds(reader)).includes(fromX));
      // Blocked by someone else: the blocked person's filters change too.
      await call(ctx.app, `POST /api/user/${reader.id}/block`, { token: x.token });
      assert.equal((await feedIds(reader)).includes(fromX), false);
    });
    assert.ok(reads >= 4, `each change was read again (${reads} reads)`);
  });

  it('a change written outside the API (SQL by hand) reaches the kept filters at commit', async () => {
    const reader = await signup(ctx.app);
    const x = await signup(ctx.app);
    const fromX = await post(ctx.app, x, 'hello from x');
    assert.ok((await feedIds(reader)).includes(fromX));
    await ctx.database.executeSql('INSERT INTO mutes (muter_id, muted_id) VALUES ($1, $2)', [
      reader.id,
      x.id,
    ]);
    await until(async () => !(await feedIds(reader)).includes(fromX), 'the mute by hand was never seen');
    await ctx.database.executeSql('DELETE FROM mutes WHERE muter_id = $1', [reader.id]);
    await until(async () => (await feedIds(reader)).includes(fromX), 'the unmute by hand was never seen');
  });

  it('a muted word that expires ends its kept filters when it does, with nothing written', async () => {
    const reader = await signup(ctx.app);
    const x = await signup(ctx.app);
    const fromX = await post(ctx.app, x, 'a brief eclipse tonight');
    await ctx.database.executeSql(
      `INSERT INTO muted_words (user_id, word, expires_at) VALUES ($1, 'eclipse', now() + interval '1500 milliseconds')`,
      [reader.id],
    );
    assert.equal((await feedIds(reader)).includes(fromX), false);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    assert.ok((await feedIds(reader)).includes(fromX), 'the word expired: the post is back');
  });
});

describe("a reader's filters across two API processes", () => {
  const { one, two } = useTwoProcesses();

  it('a block made on one process hides at once on the other, which had the filters in memory', async () => {
    const reader = await signup(one.app);
    const x = await signup(one.app);
    const fromX = await post(one.app, x, 'seen from the second process');
    const onTwo = async () =>
      ids((await call(two.app, 'GET /api/feed?page=1', { token: reader.token })).body).includes(fromX);
    assert.ok(await onTwo());
    assert.equal((await call(one.app, `POST /api/user/${x.id}/block`, { token: reader.token })).status, 200);
    const started = Date.now();
    while (await onTwo()) {
      assert.ok(Date.now() - started < 3000, 'the block never reached the second process');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(
      (await call(one.app, `DELETE /api/user/${x.id}/block`, { token: reader.token })).status,
      200,
    );
    while (!(await onTwo())) {
      assert.ok(Date.now() - started < 6000, 'the unblock never reached the second process');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
