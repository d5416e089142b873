import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LAST_MESSAGE_PREVIEW_LENGTH } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { CHAT_HISTORY_LIMIT, isClientKeyConflict } from '../../../src/plugins/app/chat-repository.js';
import {
  call,
  changePassword,
  deleteAccount,
  type SignedUp,
  signup,
  type TestApp,
  useApp,
} from '../../helper.js';
import { listen, next, openSocket, useTwoProcesses } from '../../sockets.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The app's base URL, listening on loopback if it is not yet. */
async function baseUrl(app: TestApp['app']): Promise<string> {
  const address = app.server.address();
  return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : listen(app);
}

/** Polls until `check` holds (5 s at most). */
async function eventuallyTrue(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// One app (fresh database) for the chat calls and the live socket suites.
const ctx = useApp();

describe('chat calls', () => {
  let a: SignedUp;
  let b: SignedUp;

  it('sends a message; getchats answers day groups oldest first; conversations lists partners', async () => {
    a = await signup(ctx.app);
    b = await signup(ctx.app);
    const empty = await call(ctx.app, 'POST /api/user/getchats', {
      token: a.token,
      payload: { receiverId: b.id },
    });
    assert.deepEqual(empty.body, { success: true, message: [], conversationId: null });

    const first = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'Hi Bob', receiverId: b.id },
    });
    assert.equal(first.status, 200);
    const { message, conversationId } = first.body.value;
    assert.deepEqual(Object.keys(message).sort(), [
      '_id',
      'content',
      'conversationId',
      'createdAt',
      'senderId',
    ]);
    assert.equal(message.senderId, a.id);
    assert.equal(message.conversationId, conversationId);
    const second = await call(ctx.app, 'POST /api/user/chat', {
      token: b.token,
      payload: { content: 'Hi Alice', receiverId: a.id },
    });
    assert.equal(second.body.value.conversationId, conversationId);

    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: b.token,
      payload: { receiverId: a.id },
    });
    assert.equal(chats.body.conversationId, conversationId);
    assert.equal(chats.body.message.length, 1);
    assert.match(chats.body.message[0]._id, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(
      chats.body.message[0].messages.map((m: { content: string }) => m.content),
      ['Hi Bob', 'Hi Alice'],
    );

    const rows = await call(ctx.app, 'POST /api/user/conversations', { token: a.token });
    assert.equal(rows.body.success, true);
    assert.deepEqual(Object.keys(rows.body.data[0]).sort(), [
      'avatar',
      'lastMessage',
      'lastMessageAt',
      'lastMessageMine',
      'name',
      'unread',
      'userId',
    ]);
    assert.equal(rows.body.data[0].userId, b.id);
    assert.equal(rows.body.data[0].name, b.userName);
    // The GET twins (the pages' HTML start them) answer the same: the conversation, for either member; yourself and
    // an unknown person are refused as the POST refuses them.
    const history = await call(ctx.app, `GET /api/user/conversations/${a.id}`, { token: b.token });
    assert.equal(history.status, 200);
    assert.deepEqual(history.body, chats.body);
    const own = await call(ctx.app, `GET /api/user/conversations/${b.id}`, { token: b.token });
    assert.equal(own.status, 400);
    assert.equal(own.body.error, 'You cannot send messages to yourself.');
    const unknown = await call(ctx.app, 'GET /api/user/conversations/00000000-0000-4000-8000-000000000000', {
      token: b.token,
    });
    assert.equal(unknown.status, 404);
    const odd = await call(ctx.app, 'GET /api/user/conversations/not-an-id', { token: b.token });
    assert.equal(odd.status, 404);
    // The GET twin (the page's HTML starts it) answers the same list.
    const listed = await call(ctx.app, 'GET /api/user/conversations', { token: a.token });
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, rows.body);
  });

  it("each row shows the newest message's start, whether you sent it, and what you have not read", async () => {
    const me = await signup(ctx.app);
    const ann = await signup(ctx.app);
    const bob = await signup(ctx.app);
    const send = async (from: SignedUp, to: SignedUp, content: string) => {
      const r = await call(ctx.app, 'POST /api/user/chat', {
        token: from.token,
        payload: { content, receiverId: to.id },
      });
      assert.equal(r.status, 200, r.res.body);
      return r.body.value as { message: { _id: string }; conversationId: string };
    };
    await send(ann, me, 'one');
    const two = await send(ann, me, 'two');
    await send(me, bob, `${'x'.repeat(LAST_MESSAGE_PREVIEW_LENGTH)}and more`);
    const list = async (who: SignedUp) =>
      (await call(ctx.app, 'GET /api/user/conversations', { token: who.token })).body.data as {
        userId: string;
        lastMessage: string;
        lastMessageMine: boolean;
        unread: number;
      }[];
    const pick = ({
      userId,
      lastMessage,
      lastMessageMine,
      unread,
    }: Awaited<ReturnType<typeof list>>[number]) => ({
      userId,
      lastMessage,
      lastMessageMine,
      unread,
    });
    assert.deepEqual((await list(me)).map(pick), [
      {
        userId: bob.id,
        lastMessage: 'x'.repeat(LAST_MESSAGE_PREVIEW_LENGTH),
        lastMessageMine: true,
        unread: 0,
      },
      { userId: ann.id, lastMessage: 'two', lastMessageMine: false, unread: 2 },
    ]);
    // The other side of the same conversations: their own last message, nothing unread; mine is unread to Bob.
    assert.deepEqual((await list(ann)).map(pick), [
      { userId: me.id, lastMessage: 'two', lastMessageMine: true, unread: 0 },
    ]);
    assert.equal((await list(bob))[0]?.unread, 1);
    // The POST (the spec's call) answers the same rows.
    const posted = await call(ctx.app, 'POST /api/user/conversations', { token: me.token });
    assert.deepEqual(posted.body.data, await list(me));

    // Reading the conversation ends its unread messages, as it ends the badge's.
    const read = await call(ctx.app, 'POST /api/user/chat/read', {
      token: me.token,
      payload: { conversationId: two.conversationId, messageId: two.message._id },
    });
    assert.equal(read.body.value, true);
    const after = await list(me);
    assert.equal(after.find((r) => r.userId === ann.id)?.unread, 0);
    const badge = await call(ctx.app, 'GET /api/notifications/unread', { token: me.token });
    assert.equal(badge.body.value.messages, 0);
    // My reply: mine now, and still nothing unread.
    await send(me, ann, 'three');
    assert.deepEqual(pick((await list(me))[0]!), {
      userId: ann.id,
      lastMessage: 'three',
      lastMessageMine: true,
      unread: 0,
    });
  });

  it('refuses blank messages, yourself and unknown receivers', async () => {
    const blank = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: '  ', receiverId: b.id },
    });
    assert.equal(blank.status, 400);
    const self = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'me', receiverId: a.id },
    });
    assert.equal(self.status, 400);
    const ghost = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'x', receiverId: '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(ghost.status, 404);
  });
});

describe('live chat over socket.io', () => {
  let url: string;
  let a: SignedUp;
  let b: SignedUp;
  let c: SignedUp;
  const sockets: Socket[] = [];
  before(async () => {
    url = await listen(ctx.app);
  });
  after(() => {
    for (const s of sockets) s.close();
  });

  it('rejects a handshake without a valid token', async () => {
    await assert.rejects(openSocket(url, undefined));
    await assert.rejects(openSocket(url, 'forged'));
  });

  it('refuses every token HTTP refuses: after a password change ends older sessions, and of a deleted account', async () => {
    const u = await signup(ctx.app);
    const refusedByBoth = async (token: string, why: string) => {
      assert.equal((await call(ctx.app, 'GET /api/user/login', { token })).status, 401, `HTTP: ${why}`);
      await assert.rejects(openSocket(url, token), /not valid or has expired/, `socket: ${why}`);
    };
    (await openSocket(url, u.token)).close();

    const changed = await changePassword(ctx.app, u);
    assert.equal(changed.status, 200);
    await refusedByBoth(u.token, 'the token from before the password change');
    const fresh: string = changed.body.value;
    assert.equal((await call(ctx.app, 'GET /api/user/login', { token: fresh })).status, 200);
    (await openSocket(url, fresh)).close();

    const deleted = await deleteAccount(ctx.app, fresh);
    assert.equal(deleted.status, 200);
    await refusedByBoth(fresh, 'the token of a deleted account');
  });

  it('a new conversation goes live on both sides; members join and get each new message; others cannot join', async () => {
    a = await signup(ctx.app);
    b = await signup(ctx.app);
    c = await signup(ctx.app);
    const sa = await openSocket(url, a.token);
    const sb = await openSocket(url, b.token);
    const sc = await openSocket(url, c.token);
    sockets.push(sa, sb, sc);

    const startedB = next<{ conversationId: string; userId: string }>(sb, 'conversationStarted');
    const sent = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'ping', receiverId: b.id },
    });
    const conversationId = sent.body.value.conversationId;
    assert.deepEqual(await startedB, { conversationId, userId: a.id });

    const joined = await sb.emitWithAck('sendID', conversationId);
    assert.deepEqual(joined, { ok: true });
    const refused = await sc.emitWithAck('sendID', conversationId);
    assert.equal(refused.ok, false);
    assert.equal(typeof refused.error, 'string');

    const delta = next<Record<string, unknown>>(sb, 'newMessage');
    let leaked = false;
    sc.on('newMessage', () => {
      leaked = true;
    });
    const pong = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'pong?', receiverId: b.id },
    });
    // The one new message, as the send answered it, with its number in the conversation: not the history.
    const { seq, ...message } = await delta;
    assert.deepEqual(message, pong.body.value.message);
    assert.equal(seq, 2);
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: b.token,
      payload: { receiverId: a.id },
    });
    const shown = chats.body.message.flatMap((g: { messages: unknown[] }) => g.messages);
    assert.deepEqual(
      shown.map((m: { content: string }) => m.content),
      ['ping', 'pong?'],
    );
    assert.deepEqual(shown.at(-1), message, 'newMessage carries the message getchats then returns last');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(leaked, false);

    // leaveID stops delivery.
    sb.emit('leaveID', conversationId);
    await new Promise((r) => setTimeout(r, 100));
    let after = false;
    sb.once('newMessage', () => {
      after = true;
    });
    await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'gone', receiverId: b.id },
    });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(after, false);
  });
});

type Delta = {
  _id: string;
  content: string;
  senderId: string;
  createdAt: string;
  conversationId: string;
  seq: number;
};
type CatchUp = { messages: Omit<Delta, 'seq'>[]; top: number; replace: boolean };

/** Counts the bytes of the socket.io frames a socket receives (engine.io's packet type plus the encoded packet). */
function frameBytes(s: Socket): { total: number } {
  const counter = { total: 0 };
  s.io.engine.on('data', (data: unknown) => {
    counter.total +=
      1 + (typeof data === 'string' ? Buffer.byteLength(data) : (data as ArrayBuffer).byteLength);
  });
  return counter;
}

/** Gives the conversation `count` more messages by SQL (fast), numbered as send() numbers them. */
async function seedMessages(app: TestApp['app'], conversationId: string, senderId: string, count: number) {
  await app.database.db.execute(sql`
    WITH c AS (UPDATE conversations SET message_seq = message_seq + ${count} WHERE id = ${conversationId}
               RETURNING message_seq)
    INSERT INTO messages (conversation_id, seq, sender_id, content, created_at)
    SELECT ${conversationId}, (SELECT message_seq FROM c) - ${count} + g, ${senderId}, 'seeded ' || g,
           now() - interval '1 day' + g * interval '1 millisecond'
    FROM generate_series(1, ${count}) g`);
}

describe('catching up and what a message costs', () => {
  let url: string;
  const sockets: Socket[] = [];
  before(async () => {
    url = await baseUrl(ctx.app);
  });
  after(() => {
    for (const s of sockets) s.close();
  });
  const open = async (token: string) => {
    const s = await openSocket(url, token);
    sockets.push(s);
    return s;
  };
  const send = async (from: SignedUp, to: SignedUp, content: string) => {
    const r = await call(ctx.app, 'POST /api/user/chat', {
      token: from.token,
      payload: { content, receiverId: to.id },
    });
    assert.equal(r.status, 200);
    return r.body.value as { message: Omit<Delta, 'seq'>; conversationId: string };
  };
  const join = async (s: Socket, conversationId: string, options: unknown) => {
    const ack = await s.emitWithAck('sendID', conversationId, options);
    assert.equal(ack.ok, true, ack.error);
    return ack.catchUp as CatchUp;
  };

  it('a socket that was away catches up from its last message with exactly the ones it missed, none twice', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const first = await send(a, b, 'before');
    const { conversationId } = first;
    let sb = await open(b.token);
    // Nothing held yet: the latest history, to replace the list.
    assert.deepEqual(await join(sb, conversationId, {}), {
      messages: [first.message],
      top: 1,
      replace: true,
    });
    const live = next<Delta>(sb, 'newMessage');
    const second = await send(b, a, 'still here');
    assert.equal((await live)._id, second.message._id);
    // Up to date: nothing missed.
    assert.deepEqual(await join(sb, conversationId, { after: second.message._id }), {
      messages: [],
      top: 2,
      replace: false,
    });

    sb.close(); // b goes away; three messages are sent meanwhile
    const missed = [
      await send(a, b, 'while away 1'),
      await send(b, a, 'while away 2'),
      await send(a, b, 'while away 3'),
    ];
    sb = await open(b.token);
    const received: Delta[] = [];
    sb.on('newMessage', (m: Delta) => received.push(m));
    const caught = await join(sb, conversationId, { after: second.message._id });
    assert.deepEqual(caught, { messages: missed.map((m) => m.message), top: 5, replace: false });
    // Live again: the next message arrives once, and nothing caught up arrives again.
    const after = await send(a, b, 'back');
    await eventuallyTrue(() => received.length >= 1);
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(
      received.map((m) => [m.content, m.seq]),
      [['back', 6]],
    );
    assert.equal(received[0]?._id, after.message._id);
  });

  it('a cursor the server does not know, or more missed than the history holds, starts over with the latest history', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const c = await signup(ctx.app);
    const ab = await send(a, b, 'a to b');
    const ac = await send(a, c, 'a to c');
    const sb = await open(b.token);
    const foreign = await join(sb, ab.conversationId, { after: ac.message._id }); // a message of another conversation
    assert.deepEqual(foreign, { messages: [ab.message], top: 1, replace: true });
    await seedMessages(ctx.app, ab.conversationId, a.id, CHAT_HISTORY_LIMIT + 5);
    const far = await join(sb, ab.conversationId, { after: ab.message._id });
    assert.equal(far.replace, true);
    assert.equal(far.top, CHAT_HISTORY_LIMIT + 6);
    assert.equal(far.messages.length, CHAT_HISTORY_LIMIT);
    assert.equal(far.messages.at(-1)?.content, `seeded ${CHAT_HISTORY_LIMIT + 5}`);
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: b.token,
      payload: { receiverId: a.id },
    });
    assert.deepEqual(
      far.messages,
      chats.body.message.flatMap((g: { messages: unknown[] }) => g.messages),
      'what getchats shows',
    );
  });

  it('refuses a bad cursor with a clear error, and still joins without one (the spec form)', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const { conversationId } = await send(a, b, 'hello');
    const sb = await open(b.token);
    for (const bad of ['not options', { after: 'nope' }, { after: 5 }, { before: 'x' }, [1]]) {
      const ack = await sb.emitWithAck('sendID', conversationId, bad);
      assert.equal(ack.ok, false, JSON.stringify(bad));
      assert.match(ack.error, /join options|after/);
    }
    assert.deepEqual(await sb.emitWithAck('sendID', conversationId), { ok: true });
    const sc = await open((await signup(ctx.app)).token);
    const stranger = await sc.emitWithAck('sendID', conversationId, {});
    assert.deepEqual(stranger, { ok: false, error: 'You are not part of that conversation.' });
  });

  it('sending into a conversation of 10,000 messages costs the same as into one of 10: one message, no history read', async () => {
    const a = await signup(ctx.app);
    const measure = async (size: number) => {
      const b = await signup(ctx.app);
      const first = await send(a, b, 'first');
      await seedMessages(ctx.app, first.conversationId, a.id, size - 1);
      // B's chat has shown everything so far: the unread count B's socket also hears is 1 at either size.
      await ctx.app.database.query(
        'test_read_all',
        'UPDATE conversations SET read_a = message_seq, read_b = message_seq WHERE id = $1',
        [first.conversationId],
      );
      const sb = await open(b.token);
      await join(sb, first.conversationId, undefined);
      // The unread counts of the first message are sent up to 30 ms later (coalesced): let them pass before counting.
      await new Promise((r) => setTimeout(r, 150));
      const bytes = frameBytes(sb);
      const got = next<Delta>(sb, 'newMessage');
      // Every query the chat repository makes during the send, with the rows it read.
      const queries: string[] = [];
      // The receiver's unread counts (issue 22) are read once per send by the notifications plugin, apart.
      const announced: string[] = [];
      const database = ctx.app.database;
      const original = database.query;
      database.query = async <T>(name: string, text: string, values: unknown[]) => {
        const result = await original.call(database, name, text, values);
        (name === 'unread_counts' ? announced : queries).push(`${name}: ${result.length}`);
        return result as T[];
      };
      const before = ctx.app.chatRepository.cacheStats();
      let delta: Delta;
      try {
        await send(a, b, 'the same text');
        delta = await got;
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        database.query = original;
      }
      assert.equal(delta.seq, size + 1);
      assert.deepEqual(announced, ['unread_counts: 1']);
      return { bytes: bytes.total, queries, cache: ctx.app.chatRepository.cacheStats().bytes - before.bytes };
    };
    const ten = await measure(10);
    const tenThousand = await measure(10_000);
    console.log(
      `# bytes per message on the socket: ${ten.bytes} (10 messages), ${tenThousand.bytes} (10,000)`,
    );
    // The frame is the one message: the same size but for the number's digits (11 vs 10001).
    assert.equal(tenThousand.bytes - ten.bytes, 3);
    assert.ok(ten.bytes < 400, `${ten.bytes} bytes`);
    // The send stores the message (one statement, one row back) and reads nothing else; the cache takes nothing.
    assert.deepEqual(ten.queries, ['chat_store: 1']);
    assert.deepEqual(tenThousand.queries, ['chat_store: 1']);
    assert.deepEqual([ten.cache, tenThousand.cache], [0, 0]);
  });
});

/** The conversation's message counter and how many messages it holds with this sender's key. */
async function counted(app: TestApp['app'], conversationId: string, senderId: string, key: string) {
  const [r] = await app.database.query<{ top: number; stored: number }>(
    'test_keyed',
    `SELECT c.message_seq AS top,
       (SELECT count(*)::int FROM messages m WHERE m.sender_id = $2 AND m.client_key = $3) AS stored
     FROM conversations c WHERE c.id = $1`,
    [conversationId, senderId, key],
  );
  return r;
}

describe('sending exactly once with an Idempotency-Key', () => {
  const keyed = (app: TestApp['app'], from: SignedUp, to: SignedUp, content: string, key: string) =>
    call(app, 'POST /api/user/chat', {
      token: from.token,
      payload: { content, receiverId: to.id },
      headers: { 'idempotency-key': key },
    });
  const sockets: Socket[] = [];
  after(() => {
    for (const s of sockets) s.close();
  });

  it('a retry with the same key answers the first send: one message, one number, one event, one notification', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const opening = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'hello', receiverId: b.id },
    });
    const { conversationId } = opening.body.value;
    const sb = await openSocket(await baseUrl(ctx.app), b.token);
    sockets.push(sb);
    assert.deepEqual(await sb.emitWithAck('sendID', conversationId), { ok: true });
    const events: Delta[] = [];
    sb.on('newMessage', (m: Delta) => events.push(m));
    const notifications = ctx.app.notifications;
    const original = notifications.changed;
    const notified: string[] = [];
    notifications.changed = (userId: string) => {
      notified.push(userId);
      original(userId);
    };
    let first: Awaited<ReturnType<typeof call>>;
    let second: Awaited<ReturnType<typeof call>>;
    let third: Awaited<ReturnType<typeof call>>;
    try {
      first = await keyed(ctx.app, a, b, 'only once', 'retry-me_1');
      second = await keyed(ctx.app, a, b, 'only once', 'retry-me_1');
      // The answer is the same whatever the text's surrounding spaces (the route trims them before storing).
      third = await keyed(ctx.app, a, b, '  only once ', 'retry-me_1');
      await eventuallyTrue(() => events.length >= 1);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      notifications.changed = original;
    }
    assert.equal(first.status, 200);
    assert.deepEqual([second.status, third.status], [200, 200]);
    assert.deepEqual(second.body, first.body, 'the retry gets the same answer');
    assert.deepEqual(third.body, first.body);
    assert.deepEqual(await counted(ctx.app, conversationId, a.id, 'retry-me_1'), { top: 2, stored: 1 });
    assert.deepEqual(
      events.map((m) => [m._id, m.seq]),
      [[first.body.value.message._id, 2]],
      'one newMessage',
    );
    assert.deepEqual(notified, [b.id], 'one notification of the receiver');
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: b.token,
      payload: { receiverId: a.id },
    });
    assert.deepEqual(
      chats.body.message.flatMap((g: { messages: { content: string }[] }) =>
        g.messages.map((m) => m.content),
      ),
      ['hello', 'only once'],
    );
  });

  it('the first message of a conversation, retried: the same conversation, started once', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const sb = await openSocket(await baseUrl(ctx.app), b.token);
    sockets.push(sb);
    let started = 0;
    sb.on('conversationStarted', () => {
      started += 1;
    });
    const first = await keyed(ctx.app, a, b, 'hi there', 'first-of-all');
    const again = await keyed(ctx.app, a, b, 'hi there', 'first-of-all');
    assert.equal(first.status, 200);
    assert.deepEqual(again.body, first.body);
    await eventuallyTrue(() => started >= 1);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(started, 1);
    assert.deepEqual(await counted(ctx.app, first.body.value.conversationId, a.id, 'first-of-all'), {
      top: 1,
      stored: 1,
    });
  });

  it('twins sent at once with the same key store one message and both get its answer; no number is burnt', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const opening = await keyed(ctx.app, a, b, 'start', 'twins-0');
    const { conversationId } = opening.body.value;
    for (const n of [2, 5]) {
      const key = `twins-${n}`;
      const answers = await Promise.all(Array.from({ length: n }, () => keyed(ctx.app, a, b, 'twin', key)));
      assert.deepEqual(
        answers.map((r) => r.status),
        answers.map(() => 200),
      );
      for (const r of answers) assert.deepEqual(r.body, answers[0]?.body);
      assert.equal((await counted(ctx.app, conversationId, a.id, key))?.stored, 1);
    }
    // The next message takes the next number: the refused twins took none (gapless).
    const last = await keyed(ctx.app, a, b, 'after the twins', 'twins-last');
    assert.equal(last.status, 200);
    const [r] = await ctx.app.database.query<{ seqs: number[] }>(
      'test_seqs',
      'SELECT array_agg(seq ORDER BY seq) AS seqs FROM messages WHERE conversation_id = $1',
      [conversationId],
    );
    assert.deepEqual(r?.seqs, [1, 2, 3, 4]);
  });

  it('a second store with a used key fails as a whole: nothing stored, no number taken', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const first = await ctx.app.chatRepository.send(a.id, b.id, 'stored', 'store-once');
    await assert.rejects(ctx.app.chatRepository.send(a.id, b.id, 'stored', 'store-once'), (err) =>
      isClientKeyConflict(err),
    );
    assert.deepEqual(await counted(ctx.app, first.conversationId, a.id, 'store-once'), { top: 1, stored: 1 });
  });

  it('refuses a malformed key with a 400 and stores nothing', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    for (const bad of ['', 'x'.repeat(65), 'has space', 'semi;colon', 'ünicode', 'a,b', 'dot.ted']) {
      const r = await keyed(ctx.app, a, b, 'never stored', bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.match(r.body.error, /Idempotency-Key/);
    }
    assert.equal((await keyed(ctx.app, a, b, 'longest key', 'k'.repeat(64))).status, 200);
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: a.token,
      payload: { receiverId: b.id },
    });
    assert.deepEqual(
      chats.body.message.flatMap((g: { messages: { content: string }[] }) =>
        g.messages.map((m) => m.content),
      ),
      ['longest key'],
    );
  });

  it('the same key for another text or receiver is a 422, never another message; keys belong to their sender', async () => {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const c = await signup(ctx.app);
    const first = await keyed(ctx.app, a, b, 'the original', 'reused');
    assert.equal(first.status, 200);
    const otherText = await keyed(ctx.app, a, b, 'something else', 'reused');
    assert.equal(otherText.status, 422);
    assert.match(otherText.body.error, /already used for another message/);
    const otherReceiver = await keyed(ctx.app, a, c, 'the original', 'reused');
    assert.equal(otherReceiver.status, 422);
    assert.deepEqual(await counted(ctx.app, first.body.value.conversationId, a.id, 'reused'), {
      top: 1,
      stored: 1,
    });
    // Another sender's key of the same text is their own message.
    const theirs = await keyed(ctx.app, b, a, 'the original', 'reused');
    assert.equal(theirs.status, 200);
    assert.notEqual(theirs.body.value.message._id, first.body.value.message._id);
    assert.equal(theirs.body.value.message.senderId, b.id);
  });
});

describe('two API processes sharing Redis', () => {
  const { one, two, sockets } = useTwoProcesses({ env: { REDIS_URL } });

  it('a message sent to one process reaches a socket on the other', async () => {
    const urlTwo = await listen(two.app);
    const a = await signup(one.app);
    const b = await signup(one.app);
    const first = await call(one.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'hello', receiverId: b.id },
    });
    const conversationId = first.body.value.conversationId;

    const sb = await openSocket(urlTwo, b.token);
    sockets.push(sb);
    assert.deepEqual(await sb.emitWithAck('sendID', conversationId), { ok: true });
    // The first message's newMessage may still be on its way through Redis when the socket joins (a busy
    // machine): wait for the one of the message sent below.
    const display = next<{ content: string }>(sb, 'newMessage', 5000, (m) => m.content !== 'hello');
    const t0 = Date.now();
    await call(one.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'across processes', receiverId: b.id },
    });
    const message = await display;
    assert.ok(Date.now() - t0 < 5000);
    assert.equal(message.content, 'across processes');
  });

  it('the same key sent to both processes at once stores one message (the lost answer retried elsewhere)', async () => {
    const a = await signup(one.app);
    const b = await signup(one.app);
    const opening = await call(one.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'opening', receiverId: b.id },
    });
    const conversationId: string = opening.body.value.conversationId;
    for (let round = 0; round < 5; round += 1) {
      const key = `cross-${round}`;
      const answers = await Promise.all(
        [one, two, one, two].map((p) =>
          call(p.app, 'POST /api/user/chat', {
            token: a.token,
            payload: { content: `across ${round}`, receiverId: b.id },
            headers: { 'idempotency-key': key },
          }),
        ),
      );
      for (const r of answers) {
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.deepEqual(r.body, answers[0]?.body);
      }
    }
    const [r] = await one.app.database.query<{ seqs: number[]; top: number }>(
      'test_seqs',
      `SELECT array_agg(m.seq ORDER BY m.seq) AS seqs, max(c.message_seq) AS top
       FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.conversation_id = $1`,
      [conversationId],
    );
    assert.deepEqual(r, { seqs: [1, 2, 3, 4, 5, 6], top: 6 });
  });

  it('one message crosses Redis once, the same size into a conversation of 10,000 messages as into one of 10', async () => {
    const urlTwo = await baseUrl(two.app);
    // What the adapter publishes, as Redis carries it to the other process (other suites may share this Redis:
    // only publications naming the conversation count).
    const spy = createClient({ url: REDIS_URL });
    await spy.connect();
    const published: Buffer[] = [];
    await spy.pSubscribe('skynet:io#*', (message: Buffer) => published.push(message), true);
    try {
      const a = await signup(one.app);
      const measure = async (size: number) => {
        const b = await signup(one.app);
        const first = await call(one.app, 'POST /api/user/chat', {
          token: a.token,
          payload: { content: 'first', receiverId: b.id },
        });
        const conversationId: string = first.body.value.conversationId;
        await seedMessages(one.app, conversationId, a.id, size - 1);
        const sb = await openSocket(urlTwo, b.token);
        sockets.push(sb);
        assert.deepEqual(await sb.emitWithAck('sendID', conversationId), { ok: true });
        const got = next<Delta>(sb, 'newMessage', 5000, (m) => m.content === 'the same text');
        await new Promise((r) => setTimeout(r, 100));
        published.length = 0;
        await call(one.app, 'POST /api/user/chat', {
          token: a.token,
          payload: { content: 'the same text', receiverId: b.id },
        });
        assert.equal((await got).seq, size + 1, 'delivered on the other process');
        await new Promise((r) => setTimeout(r, 100));
        const mine = published.filter((m) => m.includes(conversationId));
        return { count: mine.length, bytes: mine.reduce((n, m) => n + m.length, 0) };
      };
      const ten = await measure(10);
      const tenThousand = await measure(10_000);
      console.log(
        `# bytes through Redis per message: ${ten.bytes} (10 messages), ${tenThousand.bytes} (10,000)`,
      );
      assert.deepEqual([ten.count, tenThousand.count], [1, 1], 'published once');
      assert.ok(Math.abs(tenThousand.bytes - ten.bytes) <= 4, 'the same size but for the number');
      assert.ok(ten.bytes < 500, `${ten.bytes} bytes`);
    } finally {
      await spy.quit();
    }
  });
});
