import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { Socket } from 'socket.io-client';
import { CHAT_HISTORY_LIMIT } from '../../src/plugins/app/chat-repository.js';
import {
  build,
  call,
  changePassword,
  deleteAccount,
  type SignedUp,
  signup,
  type TestApp,
} from '../helper.js';
import { listen, openSocket } from '../sockets.js';

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

type Groups = { _id: string; messages: { _id: string; content: string }[] }[];
const contents = (groups: Groups) => groups.flatMap((g) => g.messages.map((m) => m.content));

describe('token checks', () => {
  const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
  let one: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  before(async () => {
    one = await build({ after: (fn: () => Promise<void>) => cleanups.push(fn) });
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });
  const status = async (token: string) => (await call(one.app, 'GET /api/user/login', { token })).status;

  it('accepts its own tokens and rejects tampered ones, also after the first check was cached', async () => {
    const u = await signup(one.app);
    const other = await signup(one.app);
    assert.equal(await status(u.token), 200);
    assert.equal(await status(u.token), 200); // from the cache
    const [header, , signature] = u.token.split('.');
    const otherPayload = other.token.split('.')[1];
    assert.equal(await status(`${header}.${otherPayload}.${signature}`), 401, 'payload swapped');
    assert.equal(await status(`${u.token}x`), 401, 'signature changed');
    const sign = (claims: Record<string, unknown>, exp: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setExpirationTime(exp)
        .sign(SECRET);
    const now = Math.floor(Date.now() / 1000);
    assert.equal(await status(await sign({ tv: 0 }, now + 60)), 200);
    assert.equal(await status(await sign({ tv: 0, nbf: now + 60 }, now + 120)), 401, 'not valid yet');
    assert.equal(await status(await sign({ tv: 0 }, now - 1)), 401, 'expired');
    assert.equal(await status(await sign({ tv: 1 }, now + 60)), 401, 'another token version');
    assert.equal(await status(await sign({ tv: '0' }, now + 60)), 401, 'tv not a number');
  });
});

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
    const changed = await changePassword(one.app, u);
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
    const deleted = await deleteAccount(one.app, u.token);
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
    await one.database.db.execute(
      sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${moderator.id}`,
    );
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
      (await call(app, 'POST /api/user/getchats', { token: me.token, payload: { receiverId: other.id } }))
        .body;

    it('messages stored by the other process show up after a cached list (displayMessage and getchats)', async () => {
      const first = await send(one.app, a, b, 'one: first');
      const conversationId = first.body.value.conversationId;
      assert.deepEqual(contents((await getchats(one.app, a, b)).message), ['one: first']); // cached in one
      assert.equal((await send(two.app, b, a, 'two: reply')).status, 200); // stored by the other process
      assert.deepEqual(contents((await getchats(one.app, b, a)).message), ['one: first', 'two: reply']);

      const sb = await openSocket(urlOne, b.token);
      sockets.push(sb);
      assert.deepEqual(await sb.emitWithAck('sendID', conversationId), { ok: true });
      await send(two.app, b, a, 'two: again');
      const display = new Promise<Groups>((resolve) => sb.once('displayMessage', resolve));
      await send(one.app, a, b, 'one: last');
      const groups = await display;
      assert.deepEqual(contents(groups), ['one: first', 'two: reply', 'two: again', 'one: last']);
      assert.deepEqual(
        groups,
        await one.app.chatRepository.dayGroups(conversationId),
        'same as the database',
      );
      assert.deepEqual((await getchats(one.app, a, b)).message, groups);
      assert.deepEqual((await getchats(two.app, a, b)).message, groups);
    });

    it('concurrent sends in one process: every displayMessage is complete and in order', async () => {
      const c = await signup(one.app);
      const first = await send(one.app, a, c, 'm0');
      const conversationId = first.body.value.conversationId;
      const sc = await openSocket(urlOne, c.token);
      sockets.push(sc);
      assert.deepEqual(await sc.emitWithAck('sendID', conversationId), { ok: true });
      const seen: Groups[] = [];
      sc.on('displayMessage', (g: Groups) => seen.push(g));
      const texts = Array.from({ length: 12 }, (_, i) => `m${i + 1}`);
      await Promise.all(texts.map((t, i) => send(i % 2 ? two.app : one.app, a, c, t)));
      const expected = contents(await one.app.chatRepository.dayGroups(conversationId));
      assert.equal(expected.length, 13);
      await eventually(
        async () => seen.length >= 6,
        'a displayMessage for each send to the listening process',
      );
      for (const g of seen) {
        const list = contents(g);
        assert.deepEqual(list, expected.slice(0, list.length), 'a prefix of the stored order, no gaps');
      }
      assert.deepEqual(contents((await getchats(one.app, c, a)).message), expected);
    });

    it('sends made together are stored together: numbered in order, created once, a bad one fails alone', async () => {
      const repo = one.app.chatRepository;
      const g = await signup(one.app);
      const h = await signup(one.app);
      const together = await Promise.all([repo.send(g.id, h.id, 'g1'), repo.send(h.id, g.id, 'h1')]);
      assert.deepEqual(
        together.map((r) => [r.created, r.row.seq]),
        [
          [true, 1],
          [false, 2],
        ],
      );
      const ghost = '00000000-0000-4000-8000-00000000beef';
      const settled = await Promise.allSettled([
        repo.send(g.id, h.id, 'g2'),
        repo.send(g.id, ghost, 'lost'),
        repo.send(h.id, g.id, 'h2'),
      ]);
      assert.deepEqual(
        settled.map((r) => r.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      const conversationId = together[0]!.conversationId;
      assert.deepEqual(contents(await repo.dayGroups(conversationId)), ['g1', 'h1', 'g2', 'h2']);
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
