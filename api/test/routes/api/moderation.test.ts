// Issue 31 items 3 and 4 (API): reports, the moderators' calls (administrators only), each action and its undo with
// its effect, its audit entry and the notice to the person acted on, suspension enforced, and npm run admin's verbs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NotificationGroup } from '@skynet/contract';
import { moderationCalls } from '@skynet/contract/api';
import { sql } from 'drizzle-orm';
import { adminCommand, operator, runAdmin } from '../../../src/cli/admin.js';
import { rows } from '../../../src/db/database.js';
import { ACCOUNT_SUSPENDED } from '../../../src/plugins/app/auth.js';
import { browserCookie } from '../../cookies.js';
import { call, deleteAccount, type SignedUp, signup, TEST_DB, useApp } from '../../helper.js';
import { listen, next, openSocket } from '../../sockets.js';

const ctx = useApp();
const LOCATION = { planetId: 'earth', latitude: 1, longitude: 2 };
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

const post = async (who: SignedUp, content = 'A post someone may not like', parentPost?: string) => {
  const r = await call(ctx.app, 'POST /api/post', {
    token: who.token,
    payload: { content, location: LOCATION, ...(parentPost ? { parentPost } : {}) },
  });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value._id as string;
};
const report = (who: SignedUp, targetType: string, targetId: string, reason = 'spam', text?: string) =>
  call(ctx.app, 'POST /api/report', {
    token: who.token,
    payload: { targetType, targetId, reason, ...(text === undefined ? {} : { text }) },
  });
const reported = async (who: SignedUp, targetType: string, targetId: string) => {
  const r = await report(who, targetType, targetId);
  assert.equal(r.status, 200, r.res.body);
  return r.body.value._id as string;
};
const makeAdmin = async () => {
  const admin = await signup(ctx.app);
  await ctx.database.db.execute(sql`UPDATE users SET admin = true WHERE id = ${admin.id}`);
  ctx.app.tokens.forget(admin.id);
  return admin;
};
const resolve = (admin: SignedUp, id: string, action: string, reason = 'against the rules') =>
  call(ctx.app, `POST /api/admin/reports/${id}/resolve`, { token: admin.token, payload: { action, reason } });
const notices = async (who: SignedUp): Promise<NotificationGroup[]> => {
  const r = await call(ctx.app, 'GET /api/notifications', { token: who.token });
  assert.equal(r.status, 200, r.res.body);
  return r.body.value.filter((g: NotificationGroup) => g.kind === 'moderation');
};
const auditOf = (targetId: string) =>
  rows<{ actor_id: string | null; actor: string; action: string; target_type: string; reason: string }>(
    ctx.database.db,
    sql`SELECT actor_id, actor, action, target_type, reason FROM audit_log WHERE target_id = ${targetId} ORDER BY id`,
  );
let base: string | undefined;
/** The app's address for sockets (it listens once). */
const socketUrl = async () => {
  base ??= await listen(ctx.app);
  return base;
};
const login = (who: SignedUp) =>
  call(ctx.app, 'POST /api/user/login', { payload: { email: who.email, password: who.password } });

describe('POST /api/report', () => {
  it('files a report of a post, a reply, a person or a conversation, once per open target', async () => {
    const [author, reporter, other] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    assert.equal((await call(ctx.app, 'POST /api/report', { payload: {} })).status, 401);
    const p = await post(author);
    const first = await report(reporter, 'post', p, 'harassment', '  rude  ');
    assert.equal(first.status, 200, first.res.body);
    assert.equal(first.body.success, true);
    assert.match(first.body.value._id, /^[0-9a-f-]{36}$/);
    const again = await report(reporter, 'post', p, 'spam');
    assert.equal(again.body.value._id, first.body.value._id, 'the open report is answered, not doubled');
    const [row] = await rows<{ n: number; target_user_id: string; text: string }>(
      ctx.database.db,
      sql`SELECT count(*) OVER ()::int AS n, target_user_id, text FROM reports WHERE target_id = ${p}`,
    );
    assert.deepEqual(row, { n: 1, target_user_id: author.id, text: 'rude' });
    // Another reporter's report of the same post is their own.
    assert.notEqual(await reported(other, 'post', p), first.body.value._id);

    const comment = await call(ctx.app, `POST /api/post/${p}/comment`, {
      token: other.token,
      payload: { content: 'a reply to report' },
    });
    const replyId = await reported(reporter, 'post', comment.body.value._id);
    const reply = await post(other, 'a reply post', p);
    await reported(reporter, 'post', reply);
    const [c] = await rows<{ target_user_id: string }>(
      ctx.database.db,
      sql`SELECT target_user_id FROM reports WHERE id = ${replyId}`,
    );
    assert.equal(c?.target_user_id, other.id);

    assert.equal((await reported(reporter, 'user', author.id)).length, 36);
    const chat = await call(ctx.app, 'POST /api/user/chat', {
      token: author.token,
      payload: { content: 'hello there', receiverId: reporter.id },
    });
    assert.equal(chat.status, 200);
    assert.equal((await reported(reporter, 'conversation', author.id)).length, 36);
  });

  it('refuses yourself (400), unknown targets (404 with a text) and a conversation you do not have', async () => {
    const [me, other] = [await signup(ctx.app), await signup(ctx.app)];
    const mine = await post(me);
    for (const [type, id, status] of [
      ['post', mine, 400],
      ['user', me.id, 400],
      ['conversation', me.id, 400],
      ['post', NO_SUCH_ID, 404],
      ['post', 'not-an-id', 404],
      ['user', NO_SUCH_ID, 404],
      ['user', 'x', 404],
      ['conversation', other.id, 404],
      ['conversation', NO_SUCH_ID, 404],
    ] as const) {
      const r = await report(me, type, id);
      assert.equal(r.status, status, `${type} ${id}: ${r.res.body}`);
      assert.equal(r.body.success, false);
      assert.ok(typeof r.body.error === 'string' && r.body.error.length > 0);
    }
    const deleted = await post(other);
    await call(ctx.app, `DELETE /api/post/${deleted}`, { token: other.token });
    assert.equal((await report(me, 'post', deleted)).status, 404);
    assert.equal((await report(me, 'post', mine.replace(/./, 'f'), 'bad reason')).status, 400);
    assert.equal((await report(me, 'planet', other.id)).status, 400);
  });
});

describe('/api/admin/*: administrators only', () => {
  it('answers 401 signed out and 403 {error} to anyone else, before reading the request', async () => {
    const member = await signup(ctx.app);
    for (const c of Object.values(moderationCalls)) {
      const url = `/api${c.path.replace(':id', NO_SUCH_ID)}`;
      const payload = c.method === 'GET' ? undefined : { not: 'valid' };
      const anonymous = await call(ctx.app, `${c.method} ${url}`, { payload });
      assert.equal(anonymous.status, 401, `${c.operationId} signed out`);
      const r = await call(ctx.app, `${c.method} ${url}`, { token: member.token, payload });
      assert.equal(r.status, 403, `${c.operationId} as a member: ${r.res.body}`);
      assert.deepEqual(r.body, { success: false, error: 'Only administrators can do that.' });
    }
    const admin = await makeAdmin();
    const r = await call(ctx.app, 'GET /api/admin/reports', { token: admin.token });
    assert.equal(r.status, 200, r.res.body);
    // An administrator no longer is refused at once.
    await ctx.database.db.execute(sql`UPDATE users SET admin = false WHERE id = ${admin.id}`);
    ctx.app.tokens.forget(admin.id);
    assert.equal((await call(ctx.app, 'GET /api/admin/audit', { token: admin.token })).status, 403);
  });
});

describe('the moderation queue', () => {
  it('lists open reports oldest first with the content in context, resolved ones newest first', async () => {
    const admin = await makeAdmin();
    await ctx.database.db.execute(
      sql`UPDATE reports SET status = 'resolved', resolved_at = now() - interval '1 day'`,
    );
    const [author, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const parent = await post(author, 'the parent post');
    const reply = await post(author, 'the reported reply', parent);
    const r1 = await reported(reporter, 'post', reply);
    const r2 = await reported(reporter, 'user', author.id);
    await call(ctx.app, 'POST /api/user/chat', {
      token: author.token,
      payload: { content: 'a message to report', receiverId: reporter.id },
    });
    await call(ctx.app, 'POST /api/user/chat', {
      token: reporter.token,
      payload: { content: 'stop it', receiverId: author.id },
    });
    const r3 = await reported(reporter, 'conversation', author.id);

    const open = await call(ctx.app, 'GET /api/admin/reports?status=open&page=0', { token: admin.token });
    assert.equal(open.status, 200, open.res.body);
    assert.deepEqual(
      open.body.value.map((r: { _id: string }) => r._id),
      [r1, r2, r3],
    );
    const [onPost, onUser, onChat] = open.body.value;
    assert.equal(onPost.targetType, 'post');
    assert.equal(onPost.status, 'open');
    assert.equal(onPost.resolution, null);
    assert.deepEqual(onPost.reporter, { _id: reporter.id, userName: reporter.userName, avatarUrl: null });
    assert.deepEqual(onPost.target, {
      _id: author.id,
      userName: author.userName,
      avatarUrl: null,
      suspended: false,
      silenced: false,
      openReports: 3,
    });
    assert.equal(onPost.context.post.content, 'the reported reply');
    assert.equal(onPost.context.parent.content, 'the parent post');
    assert.deepEqual(
      onUser.context.posts.map((p: { content: string }) => p.content),
      ['the reported reply', 'the parent post'],
    );
    assert.deepEqual(
      onChat.context.messages.map((m: { content: string }) => m.content),
      ['a message to report', 'stop it'],
    );
    assert.deepEqual(
      (await call(ctx.app, 'GET /api/admin/reports', { token: admin.token })).body.value.length,
      3,
    );
    assert.deepEqual(
      (await call(ctx.app, 'GET /api/admin/reports?page=1', { token: admin.token })).body.value,
      [],
    );
    assert.equal(
      (await call(ctx.app, 'GET /api/admin/reports?status=x', { token: admin.token })).status,
      400,
    );
    assert.equal((await call(ctx.app, 'GET /api/admin/reports?page=-1', { token: admin.token })).status, 400);

    assert.equal((await resolve(admin, r2, 'dismiss')).status, 200);
    assert.equal((await resolve(admin, r3, 'warn')).status, 200);
    const done = await call(ctx.app, 'GET /api/admin/reports?status=resolved', { token: admin.token });
    assert.deepEqual(
      done.body.value.slice(0, 2).map((r: { _id: string }) => r._id),
      [r3, r2],
    );
    assert.deepEqual(done.body.value[0].resolution.action, 'warn');
    assert.equal(done.body.value[0].resolution.by, admin.userName);
  });
});

describe('resolving reports', () => {
  it('dismiss resolves every open report of the target, once (409 after), audited, nobody notified', async () => {
    const admin = await makeAdmin();
    const [author, a, b] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    const p = await post(author);
    const ra = await reported(a, 'post', p);
    const rb = await reported(b, 'post', p);
    const r = await resolve(admin, ra, 'dismiss', ' not a problem ');
    assert.equal(r.status, 200, r.res.body);
    assert.equal(r.body.value.status, 'resolved');
    assert.equal(r.body.value.resolution.action, 'dismiss');
    assert.equal(r.body.value.resolution.reason, 'not a problem');
    const [other] = await rows<{ status: string; action: string }>(
      ctx.database.db,
      sql`SELECT status, action FROM reports WHERE id = ${rb}`,
    );
    assert.deepEqual(other, { status: 'resolved', action: 'dismiss' });
    assert.equal((await resolve(admin, ra, 'dismiss')).status, 409);
    assert.equal((await resolve(admin, rb, 'warn')).status, 409);
    assert.equal((await resolve(admin, NO_SUCH_ID, 'dismiss')).status, 404);
    assert.equal((await resolve(admin, 'nope', 'dismiss')).status, 404);
    assert.equal((await resolve(admin, ra, 'ban')).status, 400);
    const aboutAdmin = await reported(a, 'user', admin.id);
    assert.equal((await resolve(admin, aboutAdmin, 'suspend')).status, 400, 'not yourself');
    assert.equal((await resolve(admin, ra, 'dismiss', '   ')).status, 400);
    assert.deepEqual(await auditOf(ra), [
      {
        actor_id: admin.id,
        actor: admin.userName,
        action: 'report.dismiss',
        target_type: 'report',
        reason: 'not a problem',
      },
    ]);
    assert.deepEqual(await notices(author), []);
    // Reported again after the resolution: a new report.
    assert.notEqual(await reported(a, 'post', p), ra);
  });

  it('remove: the post reads as deleted to everyone, its text kept for a restore; restore brings it back', async () => {
    const admin = await makeAdmin();
    const [author, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const p = await post(author, 'zanzibarian spam offer');
    const count = async () =>
      (await call(ctx.app, `GET /api/user/${author.id}`, { token: reporter.token })).body.value.postCount;
    assert.equal(await count(), 1);
    await call(ctx.app, 'GET /api/feed?page=1', { token: reporter.token }); // cached feed pages must change
    const rep = await reported(reporter, 'post', p);
    const r = await resolve(admin, rep, 'remove', 'spam');
    assert.equal(r.status, 200, r.res.body);
    assert.equal(r.body.value.context.post.content, 'zanzibarian spam offer', 'the moderators still read it');
    assert.equal(r.body.value.context.post.removed, true);

    for (const token of [undefined, reporter.token, author.token]) {
      const read = await call(ctx.app, `GET /api/post/${p}`, token ? { token } : {});
      assert.equal(read.body.value.deleted, true);
      assert.equal(read.body.value.content, '');
    }
    const feed = await call(ctx.app, 'GET /api/feed?page=1', { token: reporter.token });
    const inFeed = feed.body.value.find((x: { _id: string }) => x._id === p);
    assert.ok(!inFeed || (inFeed.deleted && inFeed.content === ''), 'no feed answers its text');
    const search = await call(ctx.app, 'GET /api/post/search/zanzibarian', { token: reporter.token });
    assert.deepEqual(search.body.value, []);
    assert.equal(await count(), 0);
    const [row] = await rows<{ content: string; deleted: boolean; removed: boolean }>(
      ctx.database.db,
      sql`SELECT content, deleted, removed FROM posts WHERE id = ${p}`,
    );
    assert.deepEqual(row, { content: 'zanzibarian spam offer', deleted: true, removed: true });
    const [notice] = await notices(author);
    assert.equal(notice?.message, 'The moderators removed your post: spam');
    assert.equal(notice?.postId, p);
    assert.deepEqual(notice?.actors, [], 'which administrator acted is not told');

    assert.equal((await resolve(admin, await reported(reporter, 'user', author.id), 'remove')).status, 409);
    const restore = (reason = 'a mistake') =>
      call(ctx.app, `POST /api/admin/posts/${p}/restore`, { token: admin.token, payload: { reason } });
    const back = await restore();
    assert.equal(back.status, 200, back.res.body);
    assert.equal(back.body.value, true);
    const read = await call(ctx.app, `GET /api/post/${p}`);
    assert.equal(read.body.value.deleted, false);
    assert.equal(read.body.value.content, 'zanzibarian spam offer');
    assert.equal(await count(), 1);
    assert.equal((await restore()).status, 409);
    assert.equal(
      (
        await call(ctx.app, `POST /api/admin/posts/${NO_SUCH_ID}/restore`, {
          token: admin.token,
          payload: { reason: 'x' },
        })
      ).status,
      404,
    );
    assert.deepEqual(
      (await auditOf(p)).map((a) => [a.action, a.actor, a.reason]),
      [
        ['post.remove', admin.userName, 'spam'],
        ['post.restore', admin.userName, 'a mistake'],
      ],
    );
    assert.deepEqual(
      (await notices(author)).map((n) => n.message),
      ['The moderators restored your post: a mistake', 'The moderators removed your post: spam'],
    );
  });

  it('a removed post its author deletes is gone for good: no text kept, no restore', async () => {
    const admin = await makeAdmin();
    const [author, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const p = await post(author, 'regretted');
    assert.equal((await resolve(admin, await reported(reporter, 'post', p), 'remove')).status, 200);
    assert.equal((await call(ctx.app, `DELETE /api/post/${p}`, { token: author.token })).status, 200);
    const [row] = await rows<{ content: string; removed: boolean }>(
      ctx.database.db,
      sql`SELECT content, removed FROM posts WHERE id = ${p}`,
    );
    assert.deepEqual(row, { content: '', removed: false });
    const restore = await call(ctx.app, `POST /api/admin/posts/${p}/restore`, {
      token: admin.token,
      payload: { reason: 'x' },
    });
    assert.equal(restore.status, 409);
  });

  it('a removed post of an account deleted since cannot come back (409)', async () => {
    const admin = await makeAdmin();
    const [author, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const p = await post(author, 'gone with the account');
    assert.equal((await resolve(admin, await reported(reporter, 'post', p), 'remove')).status, 200);
    assert.equal((await deleteAccount(ctx.app, author.token)).status, 200);
    const restore = await call(ctx.app, `POST /api/admin/posts/${p}/restore`, {
      token: admin.token,
      payload: { reason: 'x' },
    });
    assert.equal(restore.status, 409);
    assert.equal((await call(ctx.app, `GET /api/post/${p}`)).body.value.deleted, true);
  });

  it('warn notifies the person (a group of its own, live unread count), audited', async () => {
    const admin = await makeAdmin();
    const [person, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const url = await socketUrl();
    const socket = await openSocket(url, person.token);
    try {
      const counted = next<{ notifications: number }>(
        socket,
        'unreadCounts',
        5000,
        (c) => c.notifications === 1,
      );
      const r = await resolve(admin, await reported(reporter, 'user', person.id), 'warn', 'be kind');
      assert.equal(r.status, 200, r.res.body);
      await counted;
    } finally {
      socket.close();
    }
    const p = await post(person);
    assert.equal((await resolve(admin, await reported(reporter, 'post', p), 'warn', 'really')).status, 200);
    const list = await notices(person);
    assert.deepEqual(
      list.map((n) => [n.message, n.unread, n.actorCount]),
      [
        ['The moderators warned you: really', true, 0],
        ['The moderators warned you: be kind', true, 0],
      ],
    );
    const read = await call(ctx.app, 'POST /api/notifications/read', {
      token: person.token,
      payload: { ids: [list[1]!.id] },
    });
    assert.equal(read.body.value, 1, 'marking one notice read leaves the other');
    assert.deepEqual(
      (await notices(person)).map((n) => n.unread),
      [true, false],
    );
    assert.deepEqual(
      (await auditOf(person.id)).map((a) => [a.action, a.reason]),
      [
        ['user.warn', 'be kind'],
        ['user.warn', 'really'],
      ],
    );
  });

  it('silence sets the flag and resolves every open report about the person; undo lifts it', async () => {
    const admin = await makeAdmin();
    const [person, a, b] = [await signup(ctx.app), await signup(ctx.app), await signup(ctx.app)];
    const ra = await reported(a, 'user', person.id);
    const rb = await reported(b, 'post', await post(person));
    const r = await resolve(admin, ra, 'silence', 'spamming the galaxy');
    assert.equal(r.status, 200, r.res.body);
    assert.equal(r.body.value.target.silenced, true);
    const flag = async () =>
      (
        await rows<{ silenced: boolean }>(
          ctx.database.db,
          sql`SELECT silenced_at IS NOT NULL AS silenced FROM users WHERE id = ${person.id}`,
        )
      )[0]?.silenced;
    assert.equal(await flag(), true);
    const [other] = await rows<{ action: string }>(
      ctx.database.db,
      sql`SELECT action FROM reports WHERE id = ${rb}`,
    );
    assert.equal(other?.action, 'silence');
    assert.equal(
      (await resolve(admin, await reported(a, 'post', await post(person)), 'silence')).status,
      409,
    );
    // The person can still post: silencing is not suspension.
    await post(person, 'still here');

    const path = `/api/admin/users/${person.id}/silence`;
    const again = await call(ctx.app, `POST ${path}`, { token: admin.token, payload: { reason: 'again' } });
    assert.deepEqual([again.status, again.body.value], [200, true]);
    const undo = await call(ctx.app, `DELETE ${path}`, {
      token: admin.token,
      payload: { reason: 'calmer now' },
    });
    assert.deepEqual([undo.status, undo.body.value], [200, false]);
    assert.equal(await flag(), false);
    assert.deepEqual(
      (await auditOf(person.id)).map((x) => x.action),
      ['user.silence', 'user.unsilence'],
      'a call that changed nothing is not an action',
    );
    assert.deepEqual(
      (await notices(person)).map((n) => n.message),
      [
        'The moderators lifted the silencing of your account: calmer now',
        'The moderators silenced your account (your posts no longer show in the galaxy and planet feeds or in search): spamming the galaxy',
      ],
    );
    assert.equal((await call(ctx.app, `POST ${path}`, { token: admin.token, payload: {} })).status, 400);
    const self = await call(ctx.app, `POST /api/admin/users/${admin.id}/silence`, {
      token: admin.token,
      payload: { reason: 'x' },
    });
    assert.equal(self.status, 400);
    const unknown = await call(ctx.app, `POST /api/admin/users/${NO_SUCH_ID}/silence`, {
      token: admin.token,
      payload: { reason: 'x' },
    });
    assert.equal(unknown.status, 404);
  });

  it('suspend ends every session, token and socket; sign-in, refresh and writes answer 403; undo lets them back', async () => {
    const admin = await makeAdmin();
    const [person, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const signedIn = await login(person);
    const cookie = browserCookie(signedIn.res);
    const url = await socketUrl();
    const socket = await openSocket(url, person.token);
    const ended = new Promise<void>((done) => socket.once('disconnect', () => done()));
    try {
      const r = await resolve(admin, await reported(reporter, 'user', person.id), 'suspend', 'threats');
      assert.equal(r.status, 200, r.res.body);
      assert.equal(r.body.value.target.suspended, true);
      await ended;
    } finally {
      socket.close();
    }
    for (const token of [person.token, signedIn.body.value])
      assert.equal((await call(ctx.app, 'GET /api/user', { token })).status, 401);
    const [live] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${person.id} AND revoked_at IS NULL`,
    );
    assert.equal(live?.n, 0);
    const refused = await login(person);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { success: false, error: ACCOUNT_SUSPENDED });
    const refresh = await call(ctx.app, 'GET /api/user/login?token=refresh', { headers: { cookie } });
    assert.ok(refresh.status === 401 || refresh.status === 403, `refresh: ${refresh.status}`);
    const profile = await call(ctx.app, `GET /api/user/${person.id}`, { token: reporter.token });
    assert.equal(profile.body.value.suspended, true);
    const fine = await call(ctx.app, `GET /api/user/${reporter.id}`, { token: reporter.token });
    assert.equal(fine.body.value.suspended, undefined);
    assert.equal((await resolve(admin, await reported(reporter, 'user', person.id), 'suspend')).status, 409);

    const path = `/api/admin/users/${person.id}/suspend`;
    const self = await call(ctx.app, `POST /api/admin/users/${admin.id}/suspend`, {
      token: admin.token,
      payload: { reason: 'x' },
    });
    assert.equal(self.status, 400);
    const undo = await call(ctx.app, `DELETE ${path}`, {
      token: admin.token,
      payload: { reason: 'appeal upheld' },
    });
    assert.deepEqual([undo.status, undo.body.value], [200, false]);
    const back = await login(person);
    assert.equal(back.status, 200, back.res.body);
    person.token = back.body.value;
    assert.equal(
      (await call(ctx.app, `GET /api/user/${person.id}`, { token: person.token })).body.value.suspended,
      undefined,
    );
    await post(person, 'I am back');
    assert.deepEqual(
      (await auditOf(person.id)).map((x) => [x.action, x.reason]),
      [
        ['user.suspend', 'threats'],
        ['user.unsuspend', 'appeal upheld'],
      ],
    );
    assert.deepEqual(
      (await notices(person)).map((n) => n.message),
      [
        'The moderators lifted the suspension of your account: appeal upheld',
        'The moderators suspended your account: threats',
      ],
    );
    // Directly (not from a report), and a second time changes nothing.
    for (let i = 0; i < 2; i++) {
      const again = await call(ctx.app, `POST ${path}`, {
        token: admin.token,
        payload: { reason: 'direct' },
      });
      assert.deepEqual([again.status, again.body.value], [200, true]);
    }
    assert.equal((await call(ctx.app, 'GET /api/user', { token: person.token })).status, 401);
    assert.equal((await auditOf(person.id)).length, 3);
  });

  it('a token that still verifies for a suspended account reads but never writes (403)', async () => {
    const person = await signup(ctx.app);
    // As if suspended between the token's check and now: the flag only, no token version bump.
    await ctx.database.db.execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${person.id}`);
    ctx.app.tokens.forget(person.id);
    assert.equal((await call(ctx.app, 'GET /api/user', { token: person.token })).status, 200);
    for (const [route, payload] of [
      ['POST /api/post', { content: 'x', location: LOCATION }],
      ['PATCH /api/user/changeBio', { newBio: 'x' }],
      ['POST /api/report', { targetType: 'user', targetId: NO_SUCH_ID, reason: 'spam' }],
    ] as const) {
      const r = await call(ctx.app, route, { token: person.token, payload });
      assert.equal(r.status, 403, route);
      assert.deepEqual(r.body, { success: false, error: ACCOUNT_SUSPENDED });
    }
    const refresh = await call(ctx.app, 'GET /api/user/login?token=refresh', { token: person.token });
    assert.equal(refresh.status, 403);
    assert.equal((await call(ctx.app, 'POST /api/user/logout', { token: person.token })).status, 200);
  });

  it("an administrator deleting someone's post is audited and the author told; the author's own delete is not", async () => {
    const admin = await makeAdmin();
    const author = await signup(ctx.app);
    const own = await post(author);
    assert.equal((await call(ctx.app, `DELETE /api/post/${own}`, { token: author.token })).status, 200);
    assert.deepEqual(await auditOf(own), []);
    const theirs = await post(author);
    assert.equal((await call(ctx.app, `DELETE /api/post/${theirs}`, { token: admin.token })).status, 200);
    assert.deepEqual(
      (await auditOf(theirs)).map((a) => [a.action, a.actor_id]),
      [['post.delete', admin.id]],
    );
    assert.deepEqual(
      (await notices(author)).map((n) => n.message),
      ['The moderators deleted your post.'],
    );
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every action newest first with the name of the person it is about', async () => {
    const admin = await makeAdmin();
    const [person, reporter] = [await signup(ctx.app), await signup(ctx.app)];
    const p = await post(person);
    const rep = await reported(reporter, 'post', p);
    await resolve(admin, rep, 'remove', 'first');
    await call(ctx.app, `POST /api/admin/users/${person.id}/silence`, {
      token: admin.token,
      payload: { reason: 'second' },
    });
    const r = await call(ctx.app, 'GET /api/admin/audit?page=0', { token: admin.token });
    assert.equal(r.status, 200, r.res.body);
    const [silence, remove] = r.body.value;
    assert.deepEqual(
      { ...silence, _id: undefined, createdAt: undefined },
      {
        _id: undefined,
        actor: admin.userName,
        action: 'user.silence',
        targetType: 'user',
        targetId: person.id,
        targetName: person.userName,
        reason: 'second',
        createdAt: undefined,
      },
    );
    assert.deepEqual(
      [remove.action, remove.targetId, remove.targetName],
      ['post.remove', p, person.userName],
    );
    assert.ok(Date.parse(silence.createdAt) >= Date.parse(remove.createdAt));
    assert.equal((await call(ctx.app, 'GET /api/admin/audit?page=x', { token: admin.token })).status, 400);
  });
});

describe('npm run admin', () => {
  const actor = { id: null, name: operator() } as const;
  const run = (...args: string[]) => adminCommand(ctx.database.db, args, actor);

  it('names the operator', () => {
    assert.match(operator(), /^npm run admin \(.+\)$/);
  });

  it('answers its usage to unknown or incomplete commands, before opening any database', async () => {
    for (const args of [
      [],
      ['oops'],
      ['grant'],
      ['suspend', 'a@example.com'],
      ['silence', 'a@example.com', ' '],
      ['audit', 'x'],
    ]) {
      const r = await runAdmin(args, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.out, /^Usage: npm run admin/);
      assert.match(r.out, /suspend <email> <reason\.\.\.>/);
    }
    assert.equal((await run('suspend', 'nobody@example.com', 'x')).code, 1);
  });

  it('grant, revoke, signout, suspend, unsuspend, silence, unsilence: each audited with the operator', async () => {
    const person = await signup(ctx.app);
    const grant = await run('grant', person.email);
    assert.deepEqual(grant, { code: 0, out: `${person.email} is now an administrator.` });
    assert.equal((await call(ctx.app, 'GET /api/user', { token: person.token })).body.value.admin, true);
    assert.deepEqual(await run('revoke', person.email, 'no', 'longer'), {
      code: 0,
      out: `${person.email} is no longer an administrator.`,
    });
    const signedOut = await run('signout', person.email);
    assert.equal(signedOut.code, 0);
    assert.match(signedOut.out, /is signed out everywhere \(1 session\(s\) ended\)\.$/);
    assert.equal((await call(ctx.app, 'GET /api/user', { token: person.token })).status, 401);

    assert.deepEqual(await run('suspend', person.email, 'many', 'threats'), {
      code: 0,
      out: `${person.email} is suspended and signed out everywhere.`,
    });
    assert.equal((await run('suspend', person.email, 'again')).out, `${person.email} was already suspended.`);
    assert.equal((await login(person)).status, 403);
    assert.equal(
      (await run('unsuspend', person.email, 'appeal')).out,
      `${person.email} is no longer suspended.`,
    );
    assert.equal((await login(person)).status, 200);
    assert.equal((await run('silence', person.email, 'spam')).out, `${person.email} is silenced.`);
    assert.equal((await run('unsilence', person.email, 'ok')).out, `${person.email} is no longer silenced.`);

    const entries = await auditOf(person.id);
    assert.deepEqual(
      entries.map((e) => [e.action, e.reason]),
      [
        ['admin.grant', ''],
        ['admin.revoke', 'no longer'],
        ['user.signout', ''],
        ['user.suspend', 'many threats'],
        ['user.unsuspend', 'appeal'],
        ['user.silence', 'spam'],
        ['user.unsilence', 'ok'],
      ],
    );
    for (const e of entries) assert.deepEqual([e.actor_id, e.actor], [null, operator()]);
    const told = await rows<{ message: string; actor_id: string }>(
      ctx.database.db,
      sql`SELECT message, actor_id FROM notifications WHERE user_id = ${person.id} AND kind = 'moderation' ORDER BY id`,
    );
    assert.deepEqual(
      told.map((n) => n.message),
      [
        'The moderators suspended your account: many threats',
        'The moderators lifted the suspension of your account: appeal',
        'The moderators silenced your account (your posts no longer show in the galaxy and planet feeds or in search): spam',
        'The moderators lifted the silencing of your account: ok',
      ],
    );

    const audit = await run('audit');
    assert.equal(audit.code, 0);
    const lines = audit.out.split('\n');
    assert.ok(lines.length <= 20);
    assert.match(lines[0]!, new RegExp(`user\\.unsilence  user ${person.id} \\(${person.userName}\\)  ok$`));
    assert.ok(lines[0]!.includes(operator()));
  });

  it('runs on DATABASE_URL like the server (PostgreSQL: the test database by URL)', {
    skip: TEST_DB !== 'postgres' && 'the CLI opens the database itself: PostgreSQL only',
  }, async () => {
    const person = await signup(ctx.app);
    const [{ name }] = (await ctx.database.query<{ name: string }>(
      'db_name',
      'SELECT current_database() AS name',
      [],
    )) as [{ name: string }];
    const dbUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
    dbUrl.pathname = `/${name}`;
    const env = { DATABASE_URL: dbUrl.href, DATA_DIR: ctx.dataDir };
    const out = await runAdmin(['suspend', person.email, 'by', 'url'], env);
    assert.equal(out.code, 0, out.out);
    assert.equal((await login(person)).status, 403);
    assert.equal((await call(ctx.app, 'GET /api/user', { token: person.token })).status, 401);
    assert.equal((await auditOf(person.id))[0]?.actor, operator());
    assert.equal((await runAdmin(['audit'], env)).code, 0);
  });
});
