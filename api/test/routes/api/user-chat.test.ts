import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import {
  build,
  call,
  changePassword,
  deleteAccount,
  type SignedUp,
  signup,
  type TestApp,
  useApp,
} from '../../helper.js';
import { listen, openSocket } from '../../sockets.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The next `event` on `s` that `wanted` accepts (any, by default). */
const next = <T>(s: Socket, event: string, ms = 5000, wanted: (v: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => {
      s.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (v: T) => {
      if (!wanted(v)) return;
      clearTimeout(t);
      s.off(event, listener);
      resolve(v);
    };
    s.on(event, listener);
  });

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
    assert.deepEqual(Object.keys(rows.body.data[0]).sort(), ['avatar', 'lastMessageAt', 'name', 'userId']);
    assert.equal(rows.body.data[0].userId, b.id);
    assert.equal(rows.body.data[0].name, b.userName);
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

  it('a new conversation goes live on both sides; members join and get displayMessage; others cannot join', async () => {
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

    const display = next<{ _id: string; messages: { content: string }[] }[]>(sb, 'displayMessage');
    let leaked = false;
    sc.on('displayMessage', () => {
      leaked = true;
    });
    await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'pong?', receiverId: b.id },
    });
    const groups = await display;
    const contents = groups.flatMap((g) => g.messages.map((m) => m.content));
    assert.deepEqual(contents, ['ping', 'pong?']);
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: b.token,
      payload: { receiverId: a.id },
    });
    assert.deepEqual(groups, chats.body.message, 'displayMessage carries what getchats returns');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(leaked, false);

    // leaveID stops delivery.
    sb.emit('leaveID', conversationId);
    await new Promise((r) => setTimeout(r, 100));
    let after = false;
    sb.once('displayMessage', () => {
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

describe('two API processes sharing Redis', () => {
  let one: TestApp;
  let two: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  const sockets: Socket[] = [];
  before(async () => {
    one = await build({ after: (fn: () => Promise<void>) => cleanups.push(fn) }, { env: { REDIS_URL } });
    two = await build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      { env: { REDIS_URL }, database: one.database },
    );
  });
  after(async () => {
    for (const s of sockets) s.close();
    for (const fn of cleanups.reverse()) await fn();
  });

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
    // The first message's displayMessage may still be on its way through Redis when the socket joins (a busy
    // machine): wait for the one of the message sent below.
    const display = next<{ messages: { content: string }[] }[]>(
      sb,
      'displayMessage',
      5000,
      (groups) => groups.at(-1)?.messages.at(-1)?.content !== 'hello',
    );
    const t0 = Date.now();
    await call(one.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { content: 'across processes', receiverId: b.id },
    });
    const groups = await display;
    assert.ok(Date.now() - t0 < 5000);
    assert.equal(groups.at(-1)?.messages.at(-1)?.content, 'across processes');
  });
});
