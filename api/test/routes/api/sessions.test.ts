// Issue 21 items 1-2: sessions (logout, short-lived access tokens, rotating refresh tokens, the sessions list, sign out
// everywhere), live sockets ending with their token, re-authentication and the confirmed, undoable e-mail change.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SOCKET_EVENTS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { runAdmin } from '../../../src/cli/admin.js';
import { redactUrl } from '../../../src/server-options.js';
import { CookieJar, setCookieLine } from '../../cookies.js';
import { build, call, type SignedUp, signup, TEST_DB, type TestApp, useApp } from '../../helper.js';
import { mailLink } from '../../mail.js';
import { listen, openSocket } from '../../sockets.js';

const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser: its cookie jar and its access token, signing in with e-mail and password. */
class Browser {
  jar = new CookieJar();
  token = '';
  constructor(
    readonly app: TestApp['app'],
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0',
  ) {}
  async send(route: string, payload?: object, token: string | null = this.token) {
    const r = await call(this.app, route, {
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
      headers: { cookie: this.jar.header(), 'user-agent': this.userAgent },
    });
    this.jar.take(r.res);
    return r;
  }
  async login(email: string, password = PASSWORD) {
    const r = await this.send('POST /api/user/login', { email, password }, null);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    this.token = r.body.value;
    return r;
  }
  async refresh() {
    const r = await this.send('GET /api/user/login?token=refresh');
    if (r.status === 200) this.token = r.body.value;
    return r;
  }
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sid?: string;
    exp: number;
    iat: number;
  };
const status = async (app: TestApp['app'], token: string) =>
  (await call(app, 'GET /api/user', { token })).status;

describe('sessions: logout, rotation, the list, sign out everywhere', () => {
  const ctx = useApp();
  let u: SignedUp;
  before(async () => {
    u = await signup(ctx.app);
  });

  it('a sign-in sets the refresh cookie (HttpOnly, SameSite=Strict, /api/user) and a 15-minute token naming it', async () => {
    const b = new Browser(ctx.app);
    const r = await b.login(u.email);
    const line = setCookieLine(r.res, 'skynet_refresh');
    assert.match(line, /HttpOnly/);
    assert.match(line, /SameSite=Strict/);
    assert.match(line, /Path=\/api\/user(;|$)/);
    assert.doesNotMatch(line, /Secure/, 'plain-http origin: no Secure flag');
    const claims = claimsOf(b.token);
    assert.ok(claims.sid, 'the token names its session');
    assert.equal(claims.exp - claims.iat, 15 * 60);
  });

  it('refresh rotates the cookie; the old one again within seconds gets a token only, later it ends the session', async () => {
    const b = new Browser(ctx.app);
    await b.login(u.email);
    const first = b.jar.header();
    const refreshed = await b.refresh();
    assert.equal(refreshed.status, 200);
    assert.notEqual(b.jar.header(), first, 'a new refresh token');
    assert.equal(claimsOf(refreshed.body.value).sid, claimsOf(b.token).sid);
    assert.equal(await status(ctx.app, b.token), 200);

    // A second tab refreshing with the same (now rotated) cookie at the same moment: a token, no new cookie.
    const tab = new Browser(ctx.app);
    tab.jar.cookies.set('skynet_refresh', first.split('=')[1] ?? '');
    const concurrent = await tab.send('GET /api/user/login?token=refresh', undefined, null);
    assert.equal(concurrent.status, 200);
    assert.equal(setCookieLine(concurrent.res, 'skynet_refresh'), '');

    // The same rotated token a minute later is a stolen copy: the whole session ends.
    await ctx.database.db.execute(
      sql`UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL`,
    );
    const reuse = await tab.send('GET /api/user/login?token=refresh', undefined, null);
    assert.equal(reuse.status, 401);
    assert.equal(await status(ctx.app, b.token), 401, "the rightful browser's access token ends too");
    assert.equal((await b.refresh()).status, 401, 'and its refresh token');
  });

  it('the grace admits one replay: a third tab with the same rotated cookie ends the session (issue 32)', async () => {
    const b = new Browser(ctx.app);
    await b.login(u.email);
    const first = b.jar.header();
    assert.equal((await b.refresh()).status, 200);
    const replay = async () => {
      const tab = new Browser(ctx.app);
      tab.jar.cookies.set('skynet_refresh', first.split('=')[1] ?? '');
      return tab.send('GET /api/user/login?token=refresh', undefined, null);
    };
    const second = await replay();
    assert.equal(second.status, 200, 'the one replay inside the grace');
    assert.equal(await status(ctx.app, second.body.value), 200);
    const third = await replay();
    assert.equal(third.status, 401, 'a second replay inside the grace is reuse');
    assert.equal(await status(ctx.app, b.token), 401, 'the session ended');
    assert.equal(await status(ctx.app, second.body.value), 401, "the replay's token too");
    assert.equal((await b.refresh()).status, 401, 'and the newest refresh token');
  });

  it('without the cookie a valid token is renewed to the same expiry, nothing more', async () => {
    const b = new Browser(ctx.app);
    await b.login(u.email);
    const r = await call(ctx.app, 'GET /api/user/login?token=refresh', { token: b.token });
    assert.equal(r.status, 200);
    assert.notEqual(r.body.value, b.token);
    assert.equal(claimsOf(r.body.value).exp, claimsOf(b.token).exp);
    assert.equal((await call(ctx.app, 'GET /api/user/login?token=refresh')).status, 401);
  });

  it('POST /user/logout ends the session on the server: its token, its refresh cookie; twice is fine', async () => {
    const b = new Browser(ctx.app);
    const other = new Browser(ctx.app);
    await b.login(u.email);
    await other.login(u.email);
    const out = await b.send('POST /api/user/logout');
    assert.equal(out.status, 200);
    assert.equal(out.body.message, 'You have been signed out.');
    assert.match(setCookieLine(out.res, 'skynet_refresh'), /Max-Age=0/);
    assert.equal(await status(ctx.app, b.token), 401, 'the access token is revoked at once');
    const stale = new Browser(ctx.app);
    assert.equal(await status(ctx.app, other.token), 200, 'another sign-in is untouched');
    assert.equal((await b.send('POST /api/user/logout')).status, 200);
    assert.equal((await stale.send('POST /api/user/logout', undefined, 'garbage')).status, 200);
  });

  it('logout with only the refresh cookie (the token already expired) still ends that session', async () => {
    const b = new Browser(ctx.app);
    await b.login(u.email);
    const out = await b.send('POST /api/user/logout', undefined, null);
    assert.equal(out.status, 200);
    assert.equal(await status(ctx.app, b.token), 401);
  });

  it('lists your sessions (device, created, last used, this one) and signs one out, then all of them', async () => {
    const me = await signup(ctx.app);
    const phone = new Browser(ctx.app, 'Mozilla/5.0 (Linux; Android 14) Phone');
    const laptop = new Browser(ctx.app, 'Mozilla/5.0 (Macintosh) Laptop');
    await phone.login(me.email);
    await laptop.login(me.email);
    const list = await laptop.send('GET /api/user/sessions');
    assert.equal(list.status, 200);
    const rows = list.body.value as { _id: string; userAgent: string; current: boolean; createdAt: string }[];
    // signup's own session too
    assert.equal(rows.length, 3);
    assert.deepEqual(
      rows.filter((s) => s.current).map((s) => s.userAgent),
      ['Mozilla/5.0 (Macintosh) Laptop'],
    );
    assert.ok(rows.some((s) => s.userAgent.includes('Android')));
    assert.ok(rows.every((s) => !Number.isNaN(Date.parse(s.createdAt))));

    const phoneId = rows.find((s) => s.userAgent.includes('Android'))?._id;
    const out = await laptop.send(`DELETE /api/user/sessions/${phoneId}`);
    assert.equal(out.status, 200);
    assert.equal(await status(ctx.app, phone.token), 401);
    assert.equal((await phone.refresh()).status, 401);
    assert.equal(await status(ctx.app, laptop.token), 200);

    // Not yours, or unknown: 404; a stranger cannot end your session.
    const stranger = new Browser(ctx.app);
    await stranger.login(u.email);
    const laptopId = rows.find((s) => s.current)?._id;
    assert.equal((await stranger.send(`DELETE /api/user/sessions/${laptopId}`)).status, 404);
    assert.equal((await stranger.send('DELETE /api/user/sessions/not-an-id')).status, 404);
    assert.equal(await status(ctx.app, laptop.token), 200);

    const everywhere = await laptop.send('DELETE /api/user/sessions');
    assert.equal(everywhere.status, 200);
    assert.equal(everywhere.body.message, 'You have been signed out on every device.');
    assert.equal(await status(ctx.app, laptop.token), 401);
    assert.equal(await status(ctx.app, me.token), 401, "signup's token too");
    assert.equal((await laptop.refresh()).status, 401);
    assert.equal(await status(ctx.app, stranger.token), 200, "someone else's sessions stay");
  });

  it('a password change ends every other session and keeps this one', async () => {
    const me = await signup(ctx.app);
    const here = new Browser(ctx.app);
    const there = new Browser(ctx.app);
    await here.login(me.email);
    await there.login(me.email);
    const changed = await here.send('PATCH /api/user/changepassword', {
      password: PASSWORD,
      newpassword: 'a new good password',
      confirmpassword: 'a new good password',
    });
    assert.equal(changed.status, 200);
    assert.equal(await status(ctx.app, changed.body.value), 200);
    assert.equal(claimsOf(changed.body.value).sid, claimsOf(here.token).sid, 'same session, new token');
    assert.equal(await status(ctx.app, there.token), 401);
    assert.equal((await there.refresh()).status, 401);
    here.token = changed.body.value;
    assert.equal((await here.refresh()).status, 200, 'this session still refreshes');
  });
});

describe('access tokens expire (ACCESS_TOKEN_TTL_SECONDS=2)', () => {
  const ctx = useApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '2' } });

  it('a token stops working at its expiry; the refresh cookie brings a new one', async () => {
    const u = await signup(ctx.app);
    const b = new Browser(ctx.app);
    await b.login(u.email);
    assert.equal(await status(ctx.app, b.token), 200);
    await sleep(2100);
    assert.equal(await status(ctx.app, b.token), 401);
    assert.equal((await call(ctx.app, 'GET /api/user/login?token=refresh', { token: b.token })).status, 401);
    const r = await b.refresh();
    assert.equal(r.status, 200);
    assert.equal(await status(ctx.app, b.token), 200);
  });
});

describe('re-authentication and the e-mail change', () => {
  const ctx = useApp();

  it("the links' tokens never reach the request log", () => {
    assert.equal(redactUrl('/confirmemail/abc_DEF-1?x=1'), '/confirmemail/[redacted]?x=1');
    assert.equal(redactUrl('/undoemail/abc_DEF-1'), '/undoemail/[redacted]');
  });
  const outbox = () => path.join(ctx.dataDir, 'outbox');

  it('deleting the account asks for the current password', async () => {
    const u = await signup(ctx.app);
    const phrase = 'I-WANT-TO-DELETE-THIS-ACCOUNT';
    const none = await call(ctx.app, 'POST /api/user/deleteaccount/delete', {
      token: u.token,
      payload: { confirmationInput: phrase },
    });
    assert.equal(none.status, 400);
    assert.equal(none.body.error, 'Enter your current password to confirm it is you.');
    const wrong = await call(ctx.app, 'POST /api/user/deleteaccount/delete', {
      token: u.token,
      payload: { confirmationInput: phrase, password: 'not it' },
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'The current password is not correct.');
    assert.equal(await status(ctx.app, u.token), 200, 'nothing was deleted');
  });

  it('an e-mail change needs the password, waits for the link to the new address, and the old one can undo it', async () => {
    const u = await signup(ctx.app);
    const other = await signup(ctx.app);
    const body = { currEmail: u.email, newEmail: 'moved@example.com', confirmEmail: 'moved@example.com' };
    const none = await call(ctx.app, 'PATCH /api/user/changeEmail', { token: u.token, payload: body });
    assert.equal(none.status, 400);
    assert.equal(none.body.error, 'Enter your current password to confirm it is you.');
    const wrong = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: { ...body, password: 'not it' },
    });
    assert.equal(wrong.status, 400);

    const asked = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: u.token,
      payload: { ...body, password: PASSWORD },
    });
    assert.equal(asked.status, 200);
    assert.match(asked.body.message, /confirmation link to moved@example\.com/);
    const me = async () => (await call(ctx.app, 'GET /api/user', { token: u.token })).body.value.email;
    assert.equal(await me(), u.email, 'nothing changes before the link is opened');

    const confirm = await mailLink(outbox(), 'moved@example.com', /\/confirmemail\/([A-Za-z0-9_-]+)/);
    const undo = await mailLink(outbox(), u.email, /\/undoemail\/([A-Za-z0-9_-]+)/);
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/confirm', { payload: { token: 'forged' } })).status,
      400,
    );
    const confirmed = await call(ctx.app, 'POST /api/user/email/confirm', { payload: { token: confirm } });
    assert.equal(confirmed.status, 200);
    assert.equal(
      confirmed.body.message,
      'Your e-mail has been changed. Your account now signs in with moved@example.com.',
    );
    assert.equal(await me(), 'moved@example.com');
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/confirm', { payload: { token: confirm } })).status,
      400,
      'single use',
    );
    assert.equal(
      (
        await call(ctx.app, 'POST /api/user/login', {
          payload: { email: 'moved@example.com', password: PASSWORD },
        })
      ).status,
      200,
    );

    // The owner of the old address undoes it: the address comes back and every device is signed out.
    const undone = await call(ctx.app, 'POST /api/user/email/undo', { payload: { token: undo } });
    assert.equal(undone.status, 200);
    assert.match(undone.body.message, /every device was signed out/);
    assert.equal(await status(ctx.app, u.token), 401);
    const back = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: u.email, password: PASSWORD },
    });
    assert.equal(back.status, 200);
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/undo', { payload: { token: undo } })).status,
      400,
    );

    // A change still waiting for its link is cancelled by the undo link, and its confirmation link stops working.
    const again = await call(ctx.app, 'PATCH /api/user/changeEmail', {
      token: back.body.value,
      payload: {
        currEmail: u.email,
        newEmail: 'second@example.com',
        confirmEmail: 'second@example.com',
        password: PASSWORD,
      },
    });
    assert.equal(again.status, 200);
    const confirm2 = await mailLink(outbox(), 'second@example.com', /\/confirmemail\/([A-Za-z0-9_-]+)/);
    const undo2 = await mailLink(outbox(), u.email, /\/undoemail\/([A-Za-z0-9_-]+)/, Date.now() - 2000);
    assert.notEqual(undo2, undo);
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/undo', { payload: { token: undo2 } })).status,
      200,
    );
    assert.equal(
      (await call(ctx.app, 'POST /api/user/email/confirm', { payload: { token: confirm2 } })).status,
      400,
    );
    const again2 = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: u.email, password: PASSWORD },
    });
    assert.equal(
      (await call(ctx.app, 'GET /api/user', { token: again2.body.value })).body.value.email,
      u.email,
    );
    assert.equal(
      (await call(ctx.app, 'GET /api/user', { token: other.token })).body.value.email,
      other.email,
      'nobody else is touched',
    );
  });
});

/** Resolves with the ms from `since` to the socket's disconnect (rejects after `ms`). */
const disconnectedWithin = (s: Socket, since: () => number, ms: number) =>
  new Promise<number>((resolve, reject) => {
    if (!s.connected) return resolve(0);
    const t = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once('disconnect', () => {
      clearTimeout(t);
      resolve(Date.now() - since());
    });
  });

describe('a live socket ends with its token', () => {
  let ctx: TestApp;
  let url: string;
  const cleanups: (() => Promise<void>)[] = [];
  const sockets: Socket[] = [];
  before(async () => {
    ctx = await build({ after: (fn: () => Promise<void>) => cleanups.push(fn) });
    url = await listen(ctx.app);
  });
  after(async () => {
    for (const s of sockets) s.close();
    for (const fn of cleanups.reverse()) await fn();
  });

  /** b's socket joined to a conversation with a: it counts every event the server sends it. */
  async function directMessages(token?: string) {
    const a = await signup(ctx.app);
    const b = await signup(ctx.app);
    const bToken = token ?? b.token;
    const first = await call(ctx.app, 'POST /api/user/chat', {
      token: a.token,
      payload: { receiverId: b.id, content: 'hello' },
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const conversationId: string = first.body.value.conversationId;
    assert.ok(conversationId);
    const s = await openSocket(url, bToken);
    sockets.push(s);
    assert.deepEqual(await s.emitWithAck(SOCKET_EVENTS.join, conversationId), { ok: true });
    const received: string[] = [];
    s.onAny((event: string) => received.push(event));
    const send = (content: string) =>
      call(ctx.app, 'POST /api/user/chat', { token: a.token, payload: { receiverId: b.id, content } });
    await send('one');
    for (let i = 0; i < 100 && received.length === 0; i++) await sleep(20);
    assert.ok(received.length > 0, 'the socket receives direct messages before');
    return { a, b, s, received, send };
  }

  it('a revocation written straight into the database (no API call) disconnects the socket within 1 s', async () => {
    const { b, s, received, send } = await directMessages();
    let at = 0;
    const ended = disconnectedWithin(s, () => at, 1000);
    at = Date.now();
    await ctx.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${b.id}`);
    const took = await ended;
    assert.ok(took <= 1000, `${took} ms`);
    const before = received.length;
    await send('after revocation');
    await sleep(300);
    assert.equal(received.length, before, 'no direct message after the revocation');
    await assert.rejects(openSocket(url, b.token), /not valid or has expired/);
  });

  it('logout, sign out everywhere and a password change each disconnect the socket within 1 s', async () => {
    for (const route of [
      'POST /api/user/logout',
      'DELETE /api/user/sessions',
      'PATCH /api/user/changepassword',
    ]) {
      const { b, s } = await directMessages();
      let at = 0;
      const ended = disconnectedWithin(s, () => at, 1000);
      at = Date.now();
      const r = await call(ctx.app, route, {
        token: b.token,
        payload: route.startsWith('PATCH')
          ? { password: PASSWORD, newpassword: 'brand new pass', confirmpassword: 'brand new pass' }
          : {},
      });
      assert.equal(r.status, 200, route);
      assert.ok((await ended) <= 1000, route);
    }
  });

  it('the admin CLI signing someone out (another process) disconnects their socket within 1 s', {
    skip: TEST_DB !== 'postgres' && 'the CLI opens the database itself: PostgreSQL only',
  }, async () => {
    const { b, s } = await directMessages();
    // The CLI opens the test app's database by URL, as an operator's shell would.
    const [{ name }] = (await ctx.database.query<{ name: string }>(
      'db_name',
      'SELECT current_database() AS name',
      [],
    )) as [{ name: string }];
    const dbUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
    dbUrl.pathname = `/${name}`;
    const databaseUrl = dbUrl.href;
    let at = 0;
    const ended = disconnectedWithin(s, () => at, 1500);
    at = Date.now();
    const out = await runAdmin(['signout', b.email], { DATABASE_URL: databaseUrl, DATA_DIR: ctx.dataDir });
    assert.equal(out.code, 0, out.out);
    assert.ok((await ended) <= 1000);
  });
});

describe('two API processes on one database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  const sockets: Socket[] = [];
  after(async () => {
    for (const s of sockets) s.close();
    for (const fn of cleanups.reverse()) await fn();
  });

  it('a logout in one process disconnects the socket held by the other within 1 s', async () => {
    const t = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
    const one = await build(t);
    const two = await build(t, { database: one.database });
    const u = await signup(one.app);
    const s = await openSocket(await listen(two.app), u.token);
    sockets.push(s);
    let at = 0;
    const ended = disconnectedWithin(s, () => at, 1000);
    at = Date.now();
    assert.equal((await call(one.app, 'POST /api/user/logout', { token: u.token })).status, 200);
    assert.ok((await ended) <= 1000);
    assert.equal(await status(two.app, u.token), 401);
  });
});

describe('a live socket ends at its token expiry', () => {
  const ctx = useApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '2' } });
  it('disconnected within 1 s of the expiry, and the same token is refused', async () => {
    const url = await listen(ctx.app);
    const u = await signup(ctx.app);
    const s = await openSocket(url, u.token);
    const expiresAt = claimsOf(u.token).exp * 1000;
    const ended = await disconnectedWithin(s, () => expiresAt, expiresAt - Date.now() + 1000);
    s.close();
    assert.ok(ended <= 1000 && ended >= -50, `${ended} ms after the expiry`);
    await assert.rejects(openSocket(url, u.token), /not valid or has expired/);
  });
});
