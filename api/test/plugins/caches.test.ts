import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MESSAGE_MAX_LENGTH as MESSAGE_MAX } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { Socket } from 'socket.io-client';
import { CHAT_HISTORY_LIMIT, createChatRepository } from '../../src/plugins/app/chat-repository.js';
import {
  build,
  call,
  changePassword,
  deleteAccount,
  type SignedUp,
  signup,
  type TestApp,
} from '../helper.js';
import { listen, openSocket, useTwoProcesses } from '../sockets.js';

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
type Delta = { _id: string; content: string; seq: number };
type CatchUp = { messages: { _id: string; content: string }[]; top: number; replace: boolean };
/** Joins with a catch-up cursor (the client's newest message with all earlier ones). */
const join = async (s: Socket, conversationId: string, after?: string): Promise<CatchUp> => {
  const ack = await s.emitWithAck('sendID', conversationId, after ? { after } : {});
  assert.equal(ack.ok, true, ack.error);
  return ack.catchUp;
};

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
    // Tokens signed here name u's session (issue 32: a token without `sid` or `exp` is refused, see below).
    const sid = JSON.parse(Buffer.from(u.token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    const sign = (claims: Record<string, unknown>, exp: number) =>
      new SignJWT({ sid, ...claims })
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

  it('refuses a token signed with the secret but without exp or sid, on both checks (issue 32)', async () => {
    const u = await signup(one.app);
    const other = await signup(one.app);
    const sidOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    const now = Math.floor(Date.now() / 1000);
    /** `typ` in the header sends the token past the fast check to jose (the fallback path). */
    const mint = (claims: Record<string, unknown>, opts: { exp?: number; jose?: boolean }) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader(opts.jose ? { alg: 'HS256', typ: 'JWT' } : { alg: 'HS256' })
        .setSubject(u.id)
        .setIssuedAt(now);
      return (opts.exp === undefined ? jwt : jwt.setExpirationTime(opts.exp)).sign(SECRET);
    };
    for (const jose of [false, true]) {
      const path = jose ? 'jose' : 'fast check';
      assert.equal(
        await status(await mint({ tv: 0, sid: sidOf(u.token) }, { exp: now + 60, jose })),
        200,
        path,
      );
      assert.equal(await status(await mint({ tv: 0 }, { exp: now + 60, jose })), 401, `${path}: no sid`);
      assert.equal(
        await status(await mint({ tv: 0, sid: sidOf(u.token) }, { jose })),
        401,
        `${path}: no exp`,
      );
      assert.equal(await status(await mint({ tv: 0 }, { jose })), 401, `${path}: neither`);
      assert.equal(
        await status(await mint({ tv: 0, sid: sidOf(other.token) }, { exp: now + 60, jose })),
        401,
        `${path}: another person's session`,
      );
      // Logout reads no session of a sid-less or exp-less token either.
      assert.equal(await one.app.tokens.inspect(await mint({ tv: 0 }, { exp: now + 60, jose })), null, path);
      assert.equal(
        await one.app.tokens.inspect(await mint({ tv: 0, sid: sidOf(u.token) }, { jose })),
        null,
        `${path}: inspect without exp`,
      );
    }
    // The refresh call's no-cookie path renews nothing for such a token.
    const legacy = await mint({ tv: 0 }, { exp: now + 60 });
    const renewed = await call(one.app, 'GET /api/user/login?token=refresh', { token: legacy });
    assert.equal(renewed.status, 401);
  });
});

describe('two processes on one database', () => {
  const { one, two, sockets } = useTwoProcesses();

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

    it('messages stored by the other process show up after a cached list (catch-up, newMessage and getchats)', async () => {
      const first = await send(one.app, a, b, 'one: first');
      const conversationId = first.body.value.conversationId;
      assert.deepEqual(contents((await getchats(one.app, a, b)).message), ['one: first']); // cached in one
      const reply = await send(two.app, b, a, 'two: reply'); // stored by the other process
      assert.equal(reply.status, 200);
      assert.deepEqual(contents((await getchats(one.app, b, a)).message), ['one: first', 'two: reply']);

      // A client holding 'one: first' joins on process one: it catches up with exactly the reply.
      const sb = await openSocket(urlOne, b.token);
      sockets.push(sb);
      const caught = await join(sb, conversationId, first.body.value.message._id);
      assert.deepEqual(contents([{ _id: '', messages: caught.messages }]), ['two: reply']);
      assert.deepEqual([caught.top, caught.replace], [2, false]);
      await send(two.app, b, a, 'two: again'); // no Redis here: only process two's sockets get it live
      const delta = new Promise<Delta>((resolve) => sb.once('newMessage', resolve));
      await send(one.app, a, b, 'one: last');
      const last = await delta;
      assert.deepEqual([last.content, last.seq], ['one: last', 4]);
      // Number 3 was skipped: the client catches up from its last unbroken message and gets exactly 3 and 4.
      const gap = await join(sb, conversationId, reply.body.value.message._id);
      assert.deepEqual(contents([{ _id: '', messages: gap.messages }]), ['two: again', 'one: last']);
      assert.equal(gap.top, 4);
      const shown = [
        'one: first',
        ...caught.messages.map((m) => m.content),
        ...gap.messages.map((m) => m.content),
      ];
      const groups = await one.app.chatRepository.dayGroups(conversationId);
      assert.deepEqual(contents(groups), shown, 'same as the database');
      assert.deepEqual(contents(groups), ['one: first', 'two: reply', 'two: again', 'one: last']);
      assert.deepEqual((await getchats(one.app, a, b)).message, groups);
      assert.deepEqual((await getchats(two.app, a, b)).message, groups);
    });

    it('concurrent sends in two processes: each reaches the listening process once, numbered without gaps', async () => {
      const c = await signup(one.app);
      const first = await send(one.app, a, c, 'm0');
      const conversationId = first.body.value.conversationId;
      const sc = await openSocket(urlOne, c.token);
      sockets.push(sc);
      assert.deepEqual(await sc.emitWithAck('sendID', conversationId), { ok: true });
      const seen: Delta[] = [];
      sc.on('newMessage', (m: Delta) => seen.push(m));
      const texts = Array.from({ length: 12 }, (_, i) => `m${i + 1}`);
      await Promise.all(texts.map((t, i) => send(i % 2 ? two.app : one.app, a, c, t)));
      const stored = (await one.app.chatRepository.dayGroups(conversationId)).flatMap((g) => g.messages);
      const expected = stored.map((m) => m.content);
      assert.equal(expected.length, 13);
      await eventually(async () => seen.length >= 6, 'a newMessage for each send to the listening process');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(seen.length, 6, 'once each');
      for (const m of seen) {
        const { seq, ...message } = m;
        assert.deepEqual(message, stored[seq - 1], 'the stored message with that number');
      }
      // Catching up from m0 brings all 12, in the stored order.
      const caught = await join(sc, conversationId, first.body.value.message._id);
      assert.deepEqual(['m0', ...caught.messages.map((m) => m.content)], expected);
      assert.equal(caught.top, 13);
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

    it('the history cache is bounded in bytes: long texts push out the least recently used conversations', async () => {
      const cap = 200_000;
      const repo = createChatRepository(one.app.db, one.database, { cacheBytes: cap });
      const me = await signup(one.app);
      const long = (i: number) => `${i} ${'x'.repeat(MESSAGE_MAX - 10)}`;
      const conversation = async (messages: string[]) => {
        const other = await signup(one.app);
        for (const m of messages) await repo.send(me.id, other.id, m);
        const c = await repo.conversationWith(me.id, other.id);
        assert.ok(c);
        return c;
      };
      // 20 messages of ~2,000 characters: about 87 kB each by the estimate, so two fit in 200 kB and three do not.
      const longTexts = Array.from({ length: 20 }, (_, i) => long(i));
      const big = [
        await conversation(longTexts),
        await conversation(longTexts),
        await conversation(longTexts),
      ];
      const small = [await conversation(['hi']), await conversation(['hey']), await conversation(['yo'])];
      const [big1, big2, big3] = big as [(typeof big)[0], (typeof big)[0], (typeof big)[0]];

      assert.deepEqual(contents(await repo.history(big1)), longTexts);
      await repo.history(big2);
      for (const c of small) await repo.history(c);
      let stats = repo.cacheStats();
      assert.deepEqual([stats.conversations, stats.maxBytes], [5, cap]);
      assert.ok(
        stats.bytes > 170_000 && stats.bytes <= cap,
        `${stats.bytes} bytes for two long and three short`,
      );
      await repo.history(big3); // the least recently used (the first long one) goes; the short ones cost little
      stats = repo.cacheStats();
      assert.equal(stats.conversations, 5);
      assert.ok(stats.bytes <= cap, `${stats.bytes} bytes`);
      // The evicted conversation is read again, complete, from the database; the bound still holds.
      assert.deepEqual(contents(await repo.history(big1)), longTexts);
      assert.ok(repo.cacheStats().bytes <= cap);
      // A conversation larger than the whole bound is answered but not kept.
      const tiny = createChatRepository(one.app.db, one.database, { cacheBytes: 50_000 });
      assert.deepEqual(contents(await tiny.history(big1)), longTexts);
      assert.deepEqual(tiny.cacheStats().conversations, 0);
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
