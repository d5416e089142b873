import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NotificationGroup, UnreadCounts } from '@skynet/contract';
import { createNotifications } from '../../../src/plugins/app/notifications.js';
import { call, type SignedUp, signup, useApp } from '../../helper.js';
import { listen, next, openSocket, useTwoProcesses } from '../../sockets.js';

const ctx = useApp();

const post = async (who: SignedUp, content = 'A post to be noticed', parentPost?: string) => {
  const r = await call(ctx.app, 'POST /api/post', {
    token: who.token,
    payload: { content, location: { planetId: 'earth', latitude: 1, longitude: 2 }, parentPost },
  });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value._id as string;
};
const unread = async (who: SignedUp): Promise<UnreadCounts> => {
  const r = await call(ctx.app, 'GET /api/notifications/unread', { token: who.token });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value;
};
const list = async (who: SignedUp, page = 0): Promise<NotificationGroup[]> => {
  const r = await call(ctx.app, `GET /api/notifications?page=${page}`, { token: who.token });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value;
};
const like = (who: SignedUp, id: string, on = true) =>
  call(ctx.app, `${on ? 'POST' : 'DELETE'} /api/post/${id}/like`, { token: who.token });
const follow = (who: SignedUp, other: SignedUp, on = true) =>
  call(ctx.app, `${on ? 'POST' : 'DELETE'} /api/user/${other.id}/follow`, { token: who.token });
const send = async (from: SignedUp, to: SignedUp, content = 'hello') => {
  const r = await call(ctx.app, 'POST /api/user/chat', {
    token: from.token,
    payload: { content, receiverId: to.id },
  });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value as { message: { _id: string }; conversationId: string };
};

describe('notifications', () => {
  it('answers 401 without a token, and zero counts and an empty list for a new person', async () => {
    assert.equal((await call(ctx.app, 'GET /api/notifications/unread')).status, 401);
    assert.equal((await call(ctx.app, 'GET /api/notifications')).status, 401);
    const a = await signup(ctx.app);
    assert.deepEqual(await unread(a), { notifications: 0, messages: 0 });
    assert.deepEqual(await list(a), []);
  });

  it('groups many likes of one post into one entry naming the latest people first, and never notifies yourself', async () => {
    const a = await signup(ctx.app);
    const id = await post(a, 'Look at the rings of Saturn tonight');
    assert.equal((await like(a, id)).status, 200);
    assert.deepEqual(await unread(a), { notifications: 0, messages: 0 }, 'liking your own post is no news');
    const others = [
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
    ];
    for (const o of others) assert.equal((await like(o, id)).status, 200);
    // Liking twice is idempotent and not news twice.
    await like(others[0]!, id);
    assert.equal((await unread(a)).notifications, 4);
    const groups = await list(a);
    assert.equal(groups.length, 1);
    const [g] = groups;
    assert.equal(g!.kind, 'like');
    assert.equal(g!.postId, id);
    assert.equal(g!.postPreview, 'Look at the rings of Saturn tonight');
    assert.equal(g!.actorCount, 4);
    assert.equal(g!.unread, true);
    assert.deepEqual(
      g!.actors.map((x) => x.userName),
      [others[3]!.userName, others[2]!.userName, others[1]!.userName],
    );
    assert.ok(!Number.isNaN(Date.parse(g!.latestAt)));
  });

  it('an un-like takes back the unread like; after it was read, it stays and a new like is not news again', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const id = await post(a);
    await like(b, id);
    assert.equal((await unread(a)).notifications, 1);
    await like(b, id, false);
    assert.equal((await unread(a)).notifications, 0);
    assert.deepEqual(await list(a), []);
    await like(b, id);
    const [g] = await list(a);
    const read = await call(ctx.app, 'POST /api/notifications/read', {
      token: a.token,
      payload: { ids: [g!.id] },
    });
    assert.equal(read.status, 200, read.res.body);
    assert.equal(read.body.value, 1);
    await like(b, id, false);
    await like(b, id);
    assert.equal((await unread(a)).notifications, 0);
    const after = await list(a);
    assert.equal(after.length, 1);
    assert.equal(after[0]!.unread, false);
  });

  it('comments, replies and follows are notified (follow taken back by unfollow), newest entry first', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const id = await post(a, 'Comment on me');
    const c = await call(ctx.app, `POST /api/post/${id}/comment`, {
      token: b.token,
      payload: { content: 'Nice one' },
    });
    assert.equal(c.status, 200, c.res.body);
    // Your own comment on your own post is no news.
    await call(ctx.app, `POST /api/post/${id}/comment`, { token: a.token, payload: { content: 'Thanks' } });
    await post(b, 'A reply post', id);
    assert.equal((await follow(b, a)).status, 200);
    assert.equal((await follow(a, a)).status, 400);
    const groups = await list(a);
    assert.deepEqual(
      groups.map((g) => g.kind),
      ['follow', 'reply', 'comment'],
    );
    assert.equal(groups[0]!.postId, null);
    assert.equal(groups[0]!.postPreview, null);
    assert.equal(groups[0]!.actors[0]!._id, b.id);
    assert.equal(groups[1]!.postId, id);
    assert.equal(groups[2]!.postId, id);
    assert.equal((await unread(a)).notifications, 3);
    await follow(b, a, false);
    assert.deepEqual(
      (await list(a)).map((g) => g.kind),
      ['reply', 'comment'],
    );
    assert.equal((await unread(a)).notifications, 2);
  });

  it("a comment's or reply's entry shows its own words (the newest), none once deleted or behind a warning", async () => {
    const a = await signup(ctx.app);
    const [b, c] = [await signup(ctx.app), await signup(ctx.app)];
    const id = await post(a, 'My post about Saturn');
    await call(ctx.app, `POST /api/post/${id}/comment`, {
      token: b.token,
      payload: { content: 'First comment' },
    });
    await call(ctx.app, `POST /api/post/${id}/comment`, {
      token: c.token,
      payload: { content: 'Newest comment' },
    });
    const reply = await post(b, 'A reply with its own words', id);
    await follow(c, a);
    const byKind = async () => Object.fromEntries((await list(a)).map((g) => [g.kind, g]));
    let groups = await byKind();
    assert.equal(groups.comment!.replyPreview, 'Newest comment');
    assert.equal(groups.comment!.postPreview, 'My post about Saturn');
    assert.equal(groups.reply!.replyPreview, 'A reply with its own words');
    assert.equal('replyPreview' in groups.follow!, false, 'a follow has no words of its own');

    assert.equal((await call(ctx.app, `DELETE /api/post/${reply}`, { token: b.token })).status, 200);
    assert.equal(
      (await byKind()).reply?.replyPreview ?? null,
      null,
      'a deleted reply shows none of its words',
    );
    const warned = await call(ctx.app, 'POST /api/post', {
      token: c.token,
      payload: {
        content: 'The ending of the film',
        contentWarning: 'Spoilers',
        parentPost: id,
        location: { planetId: 'earth', latitude: 0, longitude: 0 },
      },
    });
    assert.equal(warned.status, 200, warned.res.body);
    groups = await byKind();
    assert.equal(groups.reply!.replyPreview, null, 'the newest reply is behind a warning');
    assert.equal(groups.reply!.actorCount, 2);
  });

  it('marks groups read by the ids the list gave, only up to what was listed, or all at once', async () => {
    const a = await signup(ctx.app);
    const [b, c, d] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    const id = await post(a);
    await like(b, id);
    await follow(b, a);
    const listed = await list(a);
    assert.equal(listed.length, 2);
    // A like that arrives after the page listed its group is not marked read with it.
    await like(c, id);
    const likeGroup = listed.find((g) => g.kind === 'like')!;
    const r = await call(ctx.app, 'POST /api/notifications/read', {
      token: a.token,
      payload: { ids: [likeGroup.id] },
    });
    assert.equal(r.body.value, 1);
    assert.equal((await unread(a)).notifications, 2);
    // Another person's ids mark nothing of theirs.
    const other = await call(ctx.app, 'POST /api/notifications/read', {
      token: d.token,
      payload: { ids: listed.map((g) => g.id) },
    });
    assert.equal(other.body.value, 0);
    assert.equal((await unread(a)).notifications, 2);
    const all = await call(ctx.app, 'POST /api/notifications/read', {
      token: a.token,
      payload: { all: true },
    });
    assert.equal(all.body.value, 2);
    assert.equal((await unread(a)).notifications, 0);
    assert.ok((await list(a)).every((g) => !g.unread));
  });

  it('pages 20 groups at a time, newest first', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) ids.push(await post(a, `post ${i}`));
    for (const id of ids) await like(b, id);
    const first = await list(a, 0);
    const second = await list(a, 1);
    assert.equal(first.length, 20);
    assert.equal(second.length, 1);
    assert.equal(first[0]!.postId, ids[20]);
    assert.equal(second[0]!.postId, ids[0]);
  });

  it('refuses bad input with 400 and a text', async () => {
    const a = await signup(ctx.app);
    const bad = [
      {},
      { ids: [] as string[], all: true },
      { ids: ['nonsense'] },
      { ids: 'like.-.2026-01-01.1' },
      { all: false },
      { ids: Array.from({ length: 101 }, () => 'follow.-.2026-01-01.1') },
      { ids: ['follow.-.2026-01-01.1'], extra: 1 },
    ];
    for (const payload of bad) {
      const r = await call(ctx.app, 'POST /api/notifications/read', { token: a.token, payload });
      assert.equal(r.status, 400, `${JSON.stringify(payload)}: ${r.res.body}`);
      assert.equal(typeof r.body.error, 'string');
    }
    for (const page of ['-1', 'x', '1.5']) {
      const r = await call(ctx.app, `GET /api/notifications?page=${page}`, { token: a.token });
      assert.equal(r.status, 400);
      assert.equal(typeof r.body.error, 'string');
    }
  });
});

describe('unread messages', () => {
  it("counts the other person's messages after the newest one your chat showed", async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    await send(b, a, 'one');
    const second = await send(b, a, 'two');
    await send(a, b, 'my own message is never unread to me');
    assert.deepEqual(await unread(a), { notifications: 0, messages: 2 });
    assert.equal((await unread(b)).messages, 1);
    const r = await call(ctx.app, 'POST /api/user/chat/read', {
      token: a.token,
      payload: { conversationId: second.conversationId, messageId: second.message._id },
    });
    assert.equal(r.status, 200, r.res.body);
    assert.equal(r.body.value, true);
    assert.equal((await unread(a)).messages, 0);
    // Already read that far: nothing changes.
    const again = await call(ctx.app, 'POST /api/user/chat/read', {
      token: a.token,
      payload: { conversationId: second.conversationId, messageId: second.message._id },
    });
    assert.equal(again.body.value, false);
    await send(b, a, 'three');
    assert.equal((await unread(a)).messages, 1);
  });

  it('refuses a conversation or message that is not yours with 404, bad bodies with 400', async () => {
    const [a, b, c] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    const m = await send(b, a);
    const n = await send(c, b);
    const cases: [unknown, number][] = [
      [{ conversationId: m.conversationId, messageId: m.message._id }, 200],
      [{ conversationId: n.conversationId, messageId: n.message._id }, 404],
      [{ conversationId: m.conversationId, messageId: n.message._id }, 404],
      [{ conversationId: 'nope', messageId: m.message._id }, 404],
      [{ conversationId: m.conversationId, messageId: 'nope' }, 404],
      [{ conversationId: m.conversationId }, 400],
      [{ conversationId: 5, messageId: m.message._id }, 400],
    ];
    for (const [payload, status] of cases) {
      const r = await call(ctx.app, 'POST /api/user/chat/read', {
        token: a.token,
        payload: payload as object,
      });
      assert.equal(r.status, status, `${JSON.stringify(payload)}: ${r.res.body}`);
      if (status !== 200) assert.equal(typeof r.body.error, 'string');
    }
  });
});

describe('unreadCounts live', () => {
  it("reaches every socket of the person whose counts changed, and nobody else's", async () => {
    const url = await listen(ctx.app);
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const id = await post(a);
    const [sa1, sa2, sb] = await Promise.all([
      openSocket(url, a.token),
      openSocket(url, a.token),
      openSocket(url, b.token),
    ]);
    const seenByB: UnreadCounts[] = [];
    sb.on('unreadCounts', (c: UnreadCounts) => seenByB.push(c));
    try {
      const liked = Promise.all([
        next<UnreadCounts>(sa1, 'unreadCounts', 5000, (c) => c.notifications === 1),
        next<UnreadCounts>(sa2, 'unreadCounts', 5000, (c) => c.notifications === 1),
      ]);
      await like(b, id);
      assert.deepEqual(await liked, [
        { notifications: 1, messages: 0 },
        { notifications: 1, messages: 0 },
      ]);

      const wrote = next<UnreadCounts>(sa1, 'unreadCounts', 5000, (c) => c.messages === 1);
      const m = await send(b, a, 'are you there?');
      assert.deepEqual(await wrote, { notifications: 1, messages: 1 });

      // Another tab of A's marks things read: every tab hears the new counts.
      const cleared = next<UnreadCounts>(sa2, 'unreadCounts', 5000, (c) => c.messages === 0);
      await call(ctx.app, 'POST /api/notifications/read', { token: a.token, payload: { all: true } });
      await call(ctx.app, 'POST /api/user/chat/read', {
        token: a.token,
        payload: { conversationId: m.conversationId, messageId: m.message._id },
      });
      await cleared;

      const unliked = next<UnreadCounts>(sa1, 'unreadCounts', 1000).catch(() => null);
      await like(b, id, false);
      // The like was read: un-liking takes nothing back, so no counts change is announced.
      assert.equal(await unliked, null);
      assert.deepEqual(seenByB, []);
    } finally {
      sa1.close();
      sa2.close();
      sb.close();
    }
  });
});

describe('unreadCounts announced together', () => {
  it('reads everyone whose counts changed in the same window with one query, each with their own counts', async () => {
    const [a, b, c, d] = [
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
    ];
    await like(b, await post(a));
    await send(b, c, 'one');
    await send(d, c, 'two');
    const queries: string[] = [];
    const database = {
      query: ((name: string, ...rest: unknown[]) => {
        queries.push(name);
        return (ctx.app.database.query as (...args: unknown[]) => unknown)(name, ...rest);
      }) as typeof ctx.app.database.query,
    };
    const emitted = new Map<string, UnreadCounts>();
    const notifications = createNotifications(
      database,
      (userId, counts) => emitted.set(userId, counts),
      ctx.app.log,
    );
    try {
      for (const who of [a, c, d, a]) notifications.changed(who.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(queries, ['unread_counts']);
      assert.deepEqual(Object.fromEntries(emitted), {
        [a.id]: { notifications: 1, messages: 0 },
        [c.id]: { notifications: 0, messages: 2 },
        [d.id]: { notifications: 0, messages: 0 },
      });
      // A change after the window is a window of its own.
      notifications.changed(c.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(queries, ['unread_counts', 'unread_counts']);
    } finally {
      notifications.close();
    }
  });
});

describe('unreadCounts across two API processes sharing Redis', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { one, two } = useTwoProcesses({ env: { REDIS_URL } });

  it('a like and a message made on one process reach the person on the other', async () => {
    const a = await signup(one.app);
    const b = await signup(one.app);
    const r = await call(one.app, 'POST /api/post', {
      token: a.token,
      payload: { content: 'Across', location: { planetId: 'earth', latitude: 1, longitude: 2 } },
    });
    const sa = await openSocket(await listen(two.app), a.token);
    try {
      const liked = next<UnreadCounts>(sa, 'unreadCounts', 5000, (c) => c.notifications === 1);
      await call(one.app, `POST /api/post/${r.body.value._id}/like`, { token: b.token });
      assert.deepEqual(await liked, { notifications: 1, messages: 0 });
      const wrote = next<UnreadCounts>(sa, 'unreadCounts', 5000, (c) => c.messages === 1);
      await call(one.app, 'POST /api/user/chat', {
        token: b.token,
        payload: { content: 'hi', receiverId: a.id },
      });
      assert.deepEqual(await wrote, { notifications: 1, messages: 1 });
    } finally {
      sa.close();
    }
  });
});
