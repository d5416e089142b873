import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { CHAT_HISTORY_LIMIT } from '../../src/plugins/app/chat-repository.js';
import { build, call, type SignedUp, signup, type TestApp } from '../helper.js';

/**
 * The in-memory caches of src/plugins/app: accounts behind tokens (auth.ts) and the latest messages of a conversation
 * (chat-repository.ts), with two app instances on one database standing for two API processes.
 */

/** Polls until `check` holds: a revocation reaches another process through the database's notification. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 3000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.fail(`${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function open(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

type Groups = { _id: string; messages: { _id: string; content: string }[] }[];
const contents = (groups: Groups) => groups.flatMap((g) => g.messages.map((m) => m.content));

describe('two processes on one database', () => {
  let one: TestApp;
  let two: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  const sockets: Socket[] = [];
  before(async () => {
    const t = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
    one = await build(t);
    two = await build(t, { database: one.database });
  });
  after(async () => {
    for (const s of sockets) s.close();
    for (const fn of cleanups.reverse()) await fn();
  });

  it('a password changed in one process revokes the old token in the other (its cached account is dropped)', async () => {
    const u = await signup(one.app);
    // Warm both processes' caches with the token.
    assert.equal((await call(two.app, 'GET /api/user/login', { token: u.token })).status, 200);
    assert.equal((await call(one.app, 'GET /api/user/login', { token: u.token })).status, 200);
    const changed = await call(one.app, 'PATCH /api/user/changepassword', {
      token: u.token,
      payload: { password: u.password, newpassword: 'another good password', confirmpassword: 'another good password' },
    });
    assert.equal(changed.status, 200);
    // The process that made the change drops its entry before answering.
    assert.equal((await call(one.app, 'GET /api/user/login', { token: u.token })).status, 401);
    await eventually(
      async () => (await call(two.app, 'GET /api/user/login', { token: u.token })).status === 401,
      'the other process rejects the revoked token',
    );
    assert.equal((await call(two.app, 'GET /api/user/login', { token: changed.body.value })).status, 200);
  });

  it('a deleted account stops working in the other process', async () => {
    const u = await signup(one.app);
    assert.equal((await call(two.app, 'GET /api/user', { token: u.token })).status, 200);
    const deleted = await call(one.app, 'POST /api/user/deleteaccount/delete', {
      token: u.token,
      payload: { confirmationInput: 'I-WANT-TO-DELETE-THIS-ACCOUNT' },
    });
    assert.equal(deleted.status, 200);
    await eventually(
      async () => (await call(two.app, 'GET /api/user', { token: u.token })).status === 401,
      'the other process rejects the deleted account',
    );
  });

  it('a change made outside the API (admin CLI, SQL) reaches the cached account', async () => {
    const author = await signup(one.app);
    const moderator = await signup(one.app);
    const post = await call(one.app, 'POST /api/post', {
      token: author.token,
      payload: { content: 'moderate me', location: { latitude: 0, longitude: 0, planetId: 'mars' } },
    });
    const id = post.body.value._id;
    // Cached as a non-admin in both processes.
    assert.equal((await call(two.app, `DELETE /api/post/${id}`, { token: moderator.token })).status, 403);
    assert.equal((await call(one.app, 'GET /api/user/login', { token: moderator.token })).status, 200);
    await one.database.db.execute(sql`UPDATE users SET admin = true WHERE id = ${moderator.id}`);
    await eventually(
      async () => (await call(two.app, `DELETE /api/post/${id}`, { token: moderator.token })).status === 200,
      'the other process sees the admin flag',
    );
    // Token version bumped by hand: both processes drop the account.
    await one.database.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${moderator.id}`);
    for (const app of [one.app, two.app]) {
      await eventually(
        async () => (await call(app, 'GET /api/user/login', { token: moderator.token })).status === 401,
        'the token version bumped by SQL revokes the token',
      );
    }
  });

  describe('chat history in memory', () => {
    let a: SignedUp;
    let b: SignedUp;
    let urlOne: string;

    before(async () => {
      urlOne = await listen(one.app);
      a = await signup(one.app);
      b = await signup(one.app);
    });

    const send = (app: FastifyInstance, from: SignedUp, to: SignedUp, content: string) =>
      call(app, 'POST /api/user/chat', { token: from.token, payload: { content, receiverId: to.id } });
    const getchats = async (app: FastifyInstance, me: SignedUp, other: SignedUp) =>
      (await call(app, 'POST /api/user/getchats', { token: me.token, payload: { receiverId: other.id } })).body;

    it('messages stored by the other process show up after a cached list (displayMessage and getchats)', async () => {
      const first = await send(one.app, a, b, 'one: first');
      const conversationId = first.body.value.conversationId;
      assert.deepEqual(contents((await getchats(one.app, a, b)).message), ['one: first']); // cached in one
      assert.equal((await send(two.app, b, a, 'two: reply')).status, 200); // stored by the other process
      assert.deepEqual(contents((await getchats(one.app, b, a)).message), ['one: first', 'two: reply']);

      const sb = await open(urlOne, b.token);
      sockets.push(sb);
      assert.deepEqual(await sb.emitWithAck('sendID', conversationId), { ok: true });
      await send(two.app, b, a, 'two: again');
      const display = new Promise<Groups>((resolve) => sb.once('displayMessage', resolve));
      await send(one.app, a, b, 'one: last');
      const groups = await display;
      assert.deepEqual(contents(groups), ['one: first', 'two: reply', 'two: again', 'one: last']);
      assert.deepEqual(groups, await one.app.chatRepository.dayGroups(conversationId), 'same as the database');
      assert.deepEqual((await getchats(one.app, a, b)).message, groups);
      assert.deepEqual((await getchats(two.app, a, b)).message, groups);
    });

    it('concurrent sends in one process: every displayMessage is complete and in order', async () => {
      const c = await signup(one.app);
      const first = await send(one.app, a, c, 'm0');
      const conversationId = first.body.value.conversationId;
      const sc = await open(urlOne, c.token);
      sockets.push(sc);
      assert.deepEqual(await sc.emitWithAck('sendID', conversationId), { ok: true });
      const seen: Groups[] = [];
      sc.on('displayMessage', (g: Groups) => seen.push(g));
      const texts = Array.from({ length: 12 }, (_, i) => `m${i + 1}`);
      await Promise.all(texts.map((t, i) => send(i % 2 ? two.app : one.app, a, c, t)));
      const expected = contents(await one.app.chatRepository.dayGroups(conversationId));
      assert.equal(expected.length, 13);
      await eventually(async () => seen.length >= 6, 'a displayMessage for each send to the listening process');
      for (const g of seen) {
        const list = contents(g);
        assert.deepEqual(list, expected.slice(0, list.length), 'a prefix of the stored order, no gaps');
      }
      assert.deepEqual(contents((await getchats(one.app, c, a)).message), expected);
    });

    it(`keeps exactly the latest ${CHAT_HISTORY_LIMIT} across a jump of more than that many messages`, async () => {
      const d = await signup(one.app);
      const first = await send(one.app, a, d, 'start');
      const conversationId = first.body.value.conversationId;
      assert.equal((await getchats(one.app, a, d)).message.length, 1); // cached with one message
      // 600 more stored behind the app's back (as another process would), numbered like send() numbers them.
      await one.database.db.execute(sql`
        WITH c AS (UPDATE conversations SET message_seq = message_seq + 600 WHERE id = ${conversationId}
                   RETURNING message_seq)
        INSERT INTO messages (conversation_id, seq, sender_id, content, created_at)
        SELECT ${conversationId}, (SELECT message_seq FROM c) - 600 + g, ${d.id}, 'bulk ' || g,
               now() + g * interval '1 millisecond'
        FROM generate_series(1, 600) g`);
      await send(one.app, a, d, 'after the jump');
      const list = contents((await getchats(one.app, a, d)).message);
      assert.equal(list.length, CHAT_HISTORY_LIMIT);
      assert.equal(list.at(-1), 'after the jump');
      assert.equal(list[0], `bulk ${600 - CHAT_HISTORY_LIMIT + 2}`);
      assert.deepEqual(list, contents(await one.app.chatRepository.dayGroups(conversationId)));
    });
  });
});
