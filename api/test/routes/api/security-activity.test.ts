// Issue 32 items 1, 3 and 7: the security event log (GET /api/user/activity), its retention, admin actions in it;
// password strength at sign-up, reset and change; the sign-up's e-mail confirmation and the limits of an account
// until then; the security notices (password changed or reset, new device) and ASVS L2 session lifetimes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { adminCommand } from '../../../src/cli/admin.js';
import { loadConfig } from '../../../src/config.js';
import { rows } from '../../../src/db/database.js';
import { sha256 } from '../../../src/lib/ids.js';
import { judgePassword } from '../../../src/lib/password-strength.js';
import {
  isEmailVerifiedTogether,
  UNCONFIRMED_MESSAGE_REFUSED,
  UNCONFIRMED_POSTS_LIMITED,
} from '../../../src/plugins/app/email-verification.js';
import { describeDevice } from '../../../src/plugins/app/security-log.js';
import { sendSecurityNotice } from '../../../src/plugins/app/security-notices.js';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../src/plugins/app/sessions.js';
import {
  ALREADY_CONFIRMED,
  EMAIL_CONFIRMED,
  VERIFY_LINK_INVALID,
  VERIFY_LINK_USED,
} from '../../../src/routes/api/security-activity.js';
import { setCookieLine } from '../../cookies.js';
import { call, changePassword, deleteAccount, type SignedUp, signup, useApp } from '../../helper.js';
import { mailLink, mailsWithSubject } from '../../mail.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const location = { latitude: 1, longitude: 2, planetId: 'earth' };

type Event = { _id: string; type: string; at: string; ip: string; device: string; detail: string };

describe('the security event log', () => {
  const ctx = useApp();
  const activity = async (who: SignedUp, page?: string) => {
    const r = await call(ctx.app, `GET /api/user/activity${page === undefined ? '' : `?page=${page}`}`, {
      token: who.token,
    });
    assert.equal(r.status, 200, r.res.body);
    return r.body.value as Event[];
  };
  const login = (who: SignedUp, password: string, headers: Record<string, string> = {}) =>
    call(ctx.app, 'POST /api/user/login', { payload: { email: who.email, password }, headers });

  it('records sign-up, sign-ins and failures with address and device, newest first, own events only', async () => {
    const u = await signup(ctx.app);
    const other = await signup(ctx.app);
    assert.equal((await login(u, 'not the password', { 'user-agent': CHROME_LINUX })).status, 401);
    const ok = await login(u, u.password, { 'user-agent': CHROME_LINUX });
    assert.equal(ok.status, 200);
    const events = await activity(u);
    assert.deepEqual(
      events.map((e) => e.type),
      ['signin', 'signin-failed', 'signup'],
    );
    const [signin, failed] = events as [Event, Event];
    assert.equal(signin.device, 'Chrome 131 on Linux');
    assert.equal(signin.ip, '127.0.0.1');
    assert.equal(failed.detail, 'wrong password');
    assert.ok(Date.parse(signin.at) >= Date.parse(failed.at));
    assert.ok(Math.abs(Date.parse(signin.at) - Date.now()) < 60_000);
    // Another person sees only their own; no event carries an e-mail address.
    assert.deepEqual(
      (await activity(other)).map((e) => e.type),
      ['signup'],
    );
    assert.ok(!JSON.stringify(events).includes('@'), 'no e-mail address in the log');
    // Nobody signed out sees anything.
    assert.equal((await call(ctx.app, 'GET /api/user/activity')).status, 401);
  });

  it('pages 20 at a time and refuses a bad page with a 400', async () => {
    const u = await signup(ctx.app);
    for (let i = 0; i < 22; i++) await login(u, `wrong ${i}`);
    // A failure is recorded without holding up its answer: wait for the last one.
    for (let i = 0; i < 100 && (await activity(u, '1')).length < 3; i++)
      await new Promise((r) => setTimeout(r, 20));
    const first = await activity(u, '0');
    const second = await activity(u, '1');
    assert.equal(first.length, 20);
    assert.equal(second.length, 3, '22 failures and the sign-up');
    assert.equal(second.at(-1)?.type, 'signup');
    assert.equal(first[0]?.detail, 'wrong password');
    assert.deepEqual(await activity(u), first, 'no page is the first page');
    for (const bad of ['-1', 'abc', '1.5']) {
      const r = await call(ctx.app, `GET /api/user/activity?page=${bad}`, { token: u.token });
      assert.equal(r.status, 400, bad);
      assert.equal(typeof r.body.error, 'string');
    }
  });

  it('records password, e-mail and session changes, sign-out, reset and deletion', async () => {
    const u = await signup(ctx.app);
    const changed = await changePassword(ctx.app, u, 'a new good password');
    assert.equal(changed.status, 200);
    u.token = changed.body.value;
    u.password = 'a new good password';
    const second = await login(u, u.password);
    await call(ctx.app, 'DELETE /api/user/sessions', { token: second.body.value });
    const third = (await login(u, u.password)).body.value as string;
    await call(ctx.app, 'POST /api/user/logout', { token: third });
    u.token = (await login(u, u.password)).body.value;
    const change = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: {
        currEmail: u.email,
        newEmail: `n${u.email}`,
        confirmEmail: `n${u.email}`,
        password: u.password,
      },
    });
    assert.equal(change.status, 200, change.res.body);
    const outbox = path.join(ctx.dataDir, 'outbox');
    const undo = await mailLink(outbox, u.email, /\/undoemail\/([A-Za-z0-9_-]+)/);
    const confirm = await mailLink(outbox, `n${u.email}`, /\/confirmemail\/([A-Za-z0-9_-]+)/);
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/confirm', { payload: { token: confirm } })).status,
      200,
    );
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/undo', { payload: { token: undo } })).status,
      200,
    );
    await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } });
    const [resetMail] = await mailsWithSubject(outbox, u.email, 'Reset your Skynet password');
    const reset = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(resetMail ?? '')?.[1];
    const done = await call(ctx.app, `PATCH /api/user/resetpassword/${reset}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(done.status, 200);
    u.password = 'brand-new-pass';
    u.token = (await login(u, u.password)).body.value;
    const types = (await activity(u)).map((e) => e.type).reverse();
    assert.deepEqual(types, [
      'signup',
      'password-changed',
      'signin',
      'sessions-ended',
      'signin',
      'signout',
      'signin',
      'email-change-requested',
      'email-changed',
      'email-change-undone',
      'password-reset-requested',
      'password-reset',
      'signin',
    ]);
    // Ending one session from Settings.
    const extra = (await login(u, u.password)).body.value as string;
    const list = await call(ctx.app, 'GET /api/user/sessions', { token: extra });
    const mine = list.body.value.find((s: { current: boolean }) => s.current)._id as string;
    assert.equal((await call(ctx.app, `DELETE /api/user/sessions/${mine}`, { token: u.token })).status, 200);
    assert.equal((await activity(u))[0]?.type, 'session-ended');
    // Deletion: the person can no longer read it, the log still holds it.
    assert.equal((await deleteAccount(ctx.app, u.token, u.password)).status, 200);
    const [row] = await rows<{ type: string }>(
      ctx.database.db,
      sql`SELECT type FROM security_events WHERE user_id = ${u.id} ORDER BY at DESC, id DESC LIMIT 1`,
    );
    assert.equal(row?.type, 'account-deleted');
  });

  it('records an admin action on the person (API and CLI) without naming who did it', async () => {
    const person = await signup(ctx.app);
    const admin = await signup(ctx.app);
    await ctx.database.db.execute(sql`UPDATE users SET admin = true WHERE id = ${admin.id}`);
    ctx.app.tokens.forget(admin.id);
    const silenced = await call(ctx.app, `POST /api/admin/users/${person.id}/silence`, {
      token: admin.token,
      payload: { reason: 'spam links' },
    });
    assert.equal(silenced.status, 200, silenced.res.body);
    const cli = await adminCommand(ctx.database.db, ['unsilence', person.email, 'appeal'], {
      id: null,
      name: 'npm run admin (test)',
    });
    assert.equal(cli.code, 0, cli.out);
    const events = (await activity(person)).filter((e) => e.type === 'admin-action');
    assert.deepEqual(
      events.map((e) => e.detail),
      ['unsilence, by the operators: appeal', 'silence, by a moderator: spam links'],
    );
    for (const e of events) {
      assert.equal(e.ip, '', 'the moderator’s address is not shown');
      assert.ok(!e.detail.includes(admin.userName));
    }
  });

  it('keeps events 180 days: the purge removes older ones', async () => {
    const u = await signup(ctx.app);
    await ctx.database.db.execute(
      sql`INSERT INTO security_events (user_id, type, at) VALUES
            (${u.id}, 'signin', now() - interval '181 days'), (${u.id}, 'signin', now() - interval '179 days')`,
    );
    await ctx.app.jobs.runPurge();
    const left = await rows<{ days: number }>(
      ctx.database.db,
      sql`SELECT extract(day FROM now() - at)::int AS days FROM security_events WHERE user_id = ${u.id} ORDER BY at`,
    );
    assert.deepEqual(
      left.map((r) => r.days),
      [179, 0],
    );
  });

  it('a failed insert never fails the caller (it is logged)', async () => {
    await ctx.app.securityLog.record(null, 'not-a-uuid', 'signin');
    const u = await signup(ctx.app);
    assert.equal((await activity(u)).length, 1);
  });

  it('names browsers and systems briefly', () => {
    assert.equal(describeDevice(CHROME_LINUX), 'Chrome 131 on Linux');
    assert.equal(describeDevice(FIREFOX_WINDOWS), 'Firefox 133 on Windows');
    assert.equal(describeDevice(undefined), '');
    assert.equal(describeDevice('curl/8.5.0'), '');
  });
});

describe('password strength', () => {
  const ctx = useApp();
  const signupWith = (password: string, userName = `pw${Date.now() % 1_000_000}`) =>
    call(ctx.app, 'POST /api/user/signup', {
      payload: { email: `${userName}@example.com`, userName, password, location },
    });

  it('refuses common passwords and ones holding the name or address at sign-up, with the reason', async () => {
    for (const weak of ['password', '12345678', 'qwertyuiop', 'Password1!']) {
      const r = await signupWith(weak, `weak${weak.length}${Math.floor(Math.random() * 1e6)}`);
      assert.equal(r.status, 400, weak);
      assert.match(
        r.body.error,
        /^This password is too easy to guess: .+\. Add another word or two\.$/,
        weak,
      );
    }
    const named = await signupWith('starfleet_kirk-rules', 'starfleet_kirk');
    assert.equal(named.status, 400);
    assert.match(named.body.error, /user name or e-mail/);
    const ok = await signupWith('correct horse battery');
    assert.equal(ok.status, 200, ok.res.body);
  });

  it('passes every password the product’s tests sign up, reset or change with', async () => {
    const person = { userName: 'pilot_0123abcd45', email: 'pilot_0123abcd45@example.com' };
    for (const p of [
      'brand-new-pass',
      'long-enough',
      'a-long-password',
      'correct horse battery',
      'new-password-1',
      'new-password-2',
      'race password 1',
      'another good password',
      'a new good password',
      'Brand-new-pass-1',
      'Changed-pass-456',
      'Secret-0123abcd45-pw',
      'another-pass-1',
      'different-pass',
    ])
      assert.equal((await judgePassword(p, person)).ok, true, p);
  });

  it('refuses a weak new password at change and reset; the old password and the link still work', async () => {
    const u = await signup(ctx.app);
    const weak = await changePassword(ctx.app, u, '12345678');
    assert.equal(weak.status, 400);
    assert.match(weak.body.error, /too easy to guess/);
    await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } });
    const token = await mailLink(
      path.join(ctx.dataDir, 'outbox'),
      u.email,
      /\/resetpassword\/([A-Za-z0-9_-]+)/,
    );
    const named = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: `${u.userName}!!`, confirmpassword: `${u.userName}!!` },
    });
    assert.equal(named.status, 400);
    assert.match(named.body.error, /user name or e-mail/);
    const login = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: u.email, password: u.password },
    });
    assert.equal(login.status, 200, 'nothing changed');
    const good = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(good.status, 200, 'the link was not used up by the refusal');
  });

  it('a check is quick once loaded (worst case well under the event-loop budget)', async () => {
    await judgePassword('warm up');
    const worst = 'p@ssw0rdP@SSW0RDp@ssw0rd1234!!'.repeat(8);
    const started = performance.now();
    for (let i = 0; i < 5; i++)
      await judgePassword(worst, { userName: 'somebody', email: 'somebody@example.com' });
    const each = (performance.now() - started) / 5;
    assert.ok(each < 250, `${each.toFixed(0)} ms a check`);
  });
});

describe('e-mail confirmation of a sign-up', () => {
  const ctx = useApp();
  const outbox = () => path.join(ctx.dataDir, 'outbox');
  const linkOf = async (to: string, count = 1) => {
    const mails = await mailsWithSubject(outbox(), to, 'Confirm your Skynet e-mail address', count);
    assert.equal(mails.length, count, `${count} confirmation mail(s) to ${to}`);
    const token = /http:\/\/localhost:8080\/verifyemail\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!)?.[1];
    assert.ok(token, 'the mail holds the link on the web origin');
    return token;
  };
  const verified = async (id: string) =>
    (
      await rows<{ v: boolean }>(
        ctx.database.db,
        sql`SELECT email_verified_at IS NOT NULL AS v FROM users WHERE id = ${id}`,
      )
    )[0]?.v;

  it('GET /api/user says whether the address is confirmed (Settings draws its loading shape from it)', async () => {
    const u = await signup(ctx.app, { confirmed: false });
    const before = await call(ctx.app, 'GET /api/user', { token: u.token });
    assert.equal(before.body.value.emailVerified, false);
    const token = await linkOf(u.email);
    assert.equal((await call(ctx.app, 'POST /api/user/verifyEmail', { payload: { token } })).status, 200);
    const after = await call(ctx.app, 'GET /api/user', { token: u.token });
    assert.equal(after.body.value.emailVerified, true);
  });

  it('mails a 48-hour link whose hash alone is stored; the link confirms once', async () => {
    const u = await signup(ctx.app, { confirmed: false });
    assert.equal(await verified(u.id), false);
    const token = await linkOf(u.email);
    const [stored] = await rows<{ token_hash: string; hours: number }>(
      ctx.database.db,
      sql`SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
          FROM email_verifications WHERE user_id = ${u.id}`,
    );
    assert.deepEqual(stored, { token_hash: sha256(token), hours: 48 });
    const ok = await call(ctx.app, 'POST /api/user/verifyEmail', { payload: { token } });
    assert.deepEqual([ok.status, ok.body], [200, { success: true, message: EMAIL_CONFIRMED }]);
    assert.equal(await verified(u.id), true);
    const again = await call(ctx.app, 'POST /api/user/verifyEmail', { payload: { token } });
    assert.deepEqual([again.status, again.body], [400, { success: false, error: VERIFY_LINK_USED }]);
    const forged = await call(ctx.app, 'POST /api/user/verifyEmail', { payload: { token: 'forged-token' } });
    assert.deepEqual([forged.status, forged.body.error], [400, VERIFY_LINK_INVALID]);
    const resend = await call(ctx.app, 'POST /api/user/verifyEmail/resend', { token: u.token });
    assert.deepEqual([resend.status, resend.body.error], [409, ALREADY_CONFIRMED]);
    const types = await rows<{ type: string }>(
      ctx.database.db,
      sql`SELECT type FROM security_events WHERE user_id = ${u.id} AND type = 'email-verified'`,
    );
    assert.equal(types.length, 1);
  });

  it('an expired link is refused; a resent link replaces the earlier one', async () => {
    const u = await signup(ctx.app, { confirmed: false });
    const first = await linkOf(u.email);
    await ctx.database.db.execute(
      sql`UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE user_id = ${u.id}`,
    );
    const late = await call(ctx.app, 'POST /api/user/verifyEmail', { payload: { token: first } });
    assert.deepEqual([late.status, late.body.error], [400, VERIFY_LINK_INVALID]);
    const resend = await call(ctx.app, 'POST /api/user/verifyEmail/resend', { token: u.token });
    assert.equal(resend.status, 200, resend.res.body);
    assert.equal(typeof resend.body.message, 'string');
    assert.equal((await call(ctx.app, 'POST /api/user/verifyEmail/resend')).status, 401);
    const second = await linkOf(u.email, 2);
    assert.notEqual(second, first);
    const ok = await call(ctx.app, 'POST /api/user/verifyEmail', { payload: { token: second } });
    assert.equal(ok.status, 200);
    assert.equal(await verified(u.id), true);
  });

  it('until confirmed: 3 new conversations a day with people who do not follow; answers and followers stay open', async () => {
    const u = await signup(ctx.app, { confirmed: false });
    const send = (from: SignedUp, to: SignedUp) =>
      call(ctx.app, 'POST /api/user/chat', {
        token: from.token,
        payload: { receiverId: to.id, content: 'hello' },
      });
    const strangers = [
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
      await signup(ctx.app),
    ];
    for (const s of strangers.slice(0, 3)) assert.equal((await send(u, s)).status, 200);
    const fourth = await send(u, strangers[3]!);
    assert.deepEqual([fourth.status, fourth.body.error], [403, UNCONFIRMED_MESSAGE_REFUSED]);
    assert.equal((await send(u, strangers[0]!)).status, 200, 'a conversation goes on');
    const writer = await signup(ctx.app);
    assert.equal((await send(writer, u)).status, 200);
    assert.equal((await send(u, writer)).status, 200, 'an answer');
    const follower = await signup(ctx.app);
    assert.equal(
      (await call(ctx.app, `POST /api/user/${u.id}/follow`, { token: follower.token })).status,
      200,
    );
    assert.equal((await send(u, follower)).status, 200, 'a follower');
    // Confirmed: no limit.
    await ctx.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${u.id}`);
    assert.equal((await send(u, strangers[3]!)).status, 200);
  });

  it('sends arriving together have their accounts read together, each judged by its own confirmation', async () => {
    const unconfirmed = await signup(ctx.app, { confirmed: false });
    const confirmed = await signup(ctx.app);
    const strangers = await Promise.all(Array.from({ length: 8 }, () => signup(ctx.app)));
    // Three first conversations of the unconfirmed account are allowed.
    for (const s of strangers.slice(0, 3))
      assert.equal(
        (
          await call(ctx.app, 'POST /api/user/chat', {
            token: unconfirmed.token,
            payload: { receiverId: s.id, content: 'hi' },
          })
        ).status,
        200,
      );
    // In one turn: the unconfirmed account's fourth new conversation (refused) among the confirmed one's (all pass),
    // and the same account asked twice.
    const sends = [
      ...strangers.slice(3).map((s) => [confirmed, s] as const),
      [unconfirmed, strangers[3]!] as const,
      [unconfirmed, strangers[4]!] as const,
    ];
    const answers = await Promise.all(
      sends.map(([from, to]) =>
        call(ctx.app, 'POST /api/user/chat', {
          token: from.token,
          payload: { receiverId: to.id, content: 'hey' },
        }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200, 200, 403, 403],
    );
    assert.equal(answers[5]!.body.error, UNCONFIRMED_MESSAGE_REFUSED);
    const [a, b] = await Promise.all([
      isEmailVerifiedTogether(ctx.database.db, confirmed.id),
      isEmailVerifiedTogether(ctx.database.db, unconfirmed.id),
    ]);
    assert.deepEqual([a, b], [true, false]);
  });
});

describe('SIGNUP_CONFIRMATION=off', () => {
  const ctx = useApp({ env: { SIGNUP_CONFIRMATION: 'off' } });

  it('counts a sign-up as confirmed at once and mails no link', async () => {
    const u = await signup(ctx.app, { confirmed: false });
    const [row] = await rows<{ v: boolean }>(
      ctx.database.db,
      sql`SELECT email_verified_at IS NOT NULL AS v FROM users WHERE id = ${u.id}`,
    );
    assert.equal(row?.v, true);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      await mailsWithSubject(
        path.join(ctx.dataDir, 'outbox'),
        u.email,
        'Confirm your Skynet e-mail address',
        0,
      ),
      [],
    );
    const resend = await call(ctx.app, 'POST /api/user/verifyEmail/resend', { token: u.token });
    assert.equal(resend.status, 409);
  });
});

describe('an unconfirmed account posts less (RATE_LIMIT on)', () => {
  const ctx = useApp({ env: { RATE_LIMIT: 'on' } });

  it('30 posts and comments an hour in all, where a confirmed account gets 30 a minute of each', async () => {
    const post = (who: SignedUp) =>
      call(ctx.app, 'POST /api/post', { token: who.token, payload: { content: 'hello', location } });
    const comment = (who: SignedUp, id: string) =>
      call(ctx.app, `POST /api/post/${id}/comment`, { token: who.token, payload: { content: 'a comment' } });
    for (const confirmed of [false, true]) {
      const u = await signup(ctx.app, { confirmed });
      const statuses: number[] = [];
      let target = '';
      for (let i = 0; i < 20; i++) {
        const r = await post(u);
        statuses.push(r.status);
        target = r.body.value?._id ?? target;
      }
      for (let i = 0; i < 11; i++) statuses.push((await comment(u, target)).status);
      if (confirmed) assert.deepEqual(statuses, Array(31).fill(200));
      else {
        assert.deepEqual(statuses, [...Array(30).fill(200), 429]);
        const refused = await comment(u, target);
        assert.deepEqual([refused.status, refused.body.error], [429, UNCONFIRMED_POSTS_LIMITED]);
        assert.ok(Number(refused.res.headers['retry-after']) > 60);
      }
    }
  });
});

describe('security notices', () => {
  const ctx = useApp();
  const outbox = () => path.join(ctx.dataDir, 'outbox');

  it('a sign-in from a new device mails once, naming browser, system and UTC time, linking to Settings', async () => {
    const u = await signup(ctx.app);
    const login = (ua: string) =>
      call(ctx.app, 'POST /api/user/login', {
        payload: { email: u.email, password: u.password },
        headers: { 'user-agent': ua },
      });
    // The sign-up's device (light-my-request's agent) is known: the same again is no news.
    assert.equal(
      (await call(ctx.app, 'POST /api/user/login', { payload: { email: u.email, password: u.password } }))
        .status,
      200,
    );
    assert.equal((await login(CHROME_LINUX)).status, 200);
    const [mail] = await mailsWithSubject(outbox(), u.email, 'New sign-in to your Skynet account');
    assert.ok(mail, 'a new-device notice');
    assert.match(mail, /Device: Chrome 131 on Linux/);
    assert.match(mail, /Time: \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
    // Quoted-printable: the mail carries `=` as `=3D`.
    assert.match(mail, /http:\/\/localhost:8080\/settings\?open=(3D)?sessions/);
    assert.equal((await login(CHROME_LINUX.replace('131.0.0.0', '132.0.0.0'))).status, 200, 'an update');
    assert.equal((await login(FIREFOX_WINDOWS)).status, 200);
    const all = await mailsWithSubject(outbox(), u.email, 'New sign-in to your Skynet account', 2);
    assert.equal(all.length, 2, 'Chrome once (its update is the same device), Firefox once');
    assert.match(all[1]!, /Device: Firefox 133 on Windows/);
    const devices = await rows<{ device_hash: string }>(
      ctx.database.db,
      sql`SELECT device_hash FROM known_devices WHERE user_id = ${u.id}`,
    );
    assert.equal(devices.length, 3);
    for (const d of devices) assert.match(d.device_hash, /^[0-9a-f]{64}$/);
  });

  it('mails on a password change and a reset', async () => {
    const u = await signup(ctx.app);
    const r = await call(ctx.app, 'PATCH /api/user/changepassword', {
      token: u.token,
      payload: {
        password: u.password,
        newpassword: 'a new good password',
        confirmpassword: 'a new good password',
      },
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    assert.equal(r.status, 200);
    const [changed] = await mailsWithSubject(outbox(), u.email, 'Your Skynet password was changed');
    assert.ok(changed);
    assert.match(changed, /Device: Firefox 133 on Windows/);
    assert.match(changed, /\/settings/);
    await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } });
    const token = await mailLink(outbox(), u.email, /\/resetpassword\/([A-Za-z0-9_-]+)/);
    await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    const [reset] = await mailsWithSubject(outbox(), u.email, 'Your Skynet password was reset');
    assert.ok(reset);
    assert.match(reset, /UTC/);
  });

  it('sendSecurityNotice mails a second factor added (for the 2FA routes)', async () => {
    const u = await signup(ctx.app);
    await sendSecurityNotice(ctx.app, { email: u.email, user_name: u.userName }, 'second-factor-added', {
      what: 'an authenticator app',
      userAgent: CHROME_LINUX,
    });
    const [mail] = await mailsWithSubject(
      outbox(),
      u.email,
      'A second factor was added to your Skynet account',
    );
    assert.ok(mail);
    assert.match(mail, /A second factor \(an authenticator app\) was added/);
    assert.match(mail, /Chrome 131 on Linux/);
  });
});

describe('session lifetimes (ASVS V3.3.2)', () => {
  it('default to 30 minutes idle and 12 hours in all; SESSION_* set and are checked', () => {
    const base = { DATA_DIR: '/tmp/x' };
    const config = loadConfig(base);
    assert.deepEqual([config.sessionIdleMinutes, config.sessionMaxHours], [30, 12]);
    assert.equal(SESSION_IDLE_MS, 30 * 60_000);
    assert.equal(SESSION_MAX_MS, 12 * 3_600_000);
    const set = loadConfig({ ...base, SESSION_IDLE_MINUTES: '15', SESSION_MAX_HOURS: '8' });
    assert.deepEqual([set.sessionIdleMinutes, set.sessionMaxHours], [15, 8]);
    for (const [name, value] of [
      ['SESSION_IDLE_MINUTES', 'soon'],
      ['SESSION_IDLE_MINUTES', '0'],
      ['SESSION_MAX_HOURS', '-1'],
      ['SESSION_MAX_HOURS', '1.5'],
    ] as const)
      assert.throws(() => loadConfig({ ...base, [name]: value }), new RegExp(name), `${name}=${value}`);
    assert.throws(
      () => loadConfig({ ...base, SESSION_IDLE_MINUTES: '120', SESSION_MAX_HOURS: '1' }),
      /must not exceed/,
    );
  });

  describe('configured', () => {
    const ctx = useApp({ env: { SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '2' } });
    it('the refresh cookie lives the idle time, the session the absolute time', async () => {
      const u = await signup(ctx.app);
      const login = await call(ctx.app, 'POST /api/user/login', {
        payload: { email: u.email, password: u.password },
      });
      const maxAge = Number(/Max-Age=(\d+)/.exec(setCookieLine(login.res, 'skynet_refresh'))?.[1]);
      assert.ok(maxAge > 290 && maxAge <= 300, `Max-Age ${maxAge}`);
      const [s] = await rows<{ minutes: number }>(
        ctx.database.db,
        sql`SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sessions
            WHERE user_id = ${u.id} ORDER BY created_at DESC LIMIT 1`,
      );
      assert.equal(s?.minutes, 120);
    });
  });
});
