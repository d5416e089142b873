import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { Secret, TOTP } from 'otpauth';
import { rows } from '../../../src/db/database.js';
import { browserCookie, setCookieLine } from '../../cookies.js';
import { call, deleteAccount, signup, useApp } from '../../helper.js';
import { isAutomaticMail } from '../../mail.js';

const location = { latitude: 49.2, longitude: -123.1, planetId: 'mars' };

// One app (fresh database) for the suites that need no identity provider.
const ctx = useApp();

describe('signup, login, refresh', () => {
  it('signs up (username unique case-insensitively, e-mail lower-cased) and logs in', async () => {
    const s = await call(ctx.app, 'POST /api/user/signup', {
      payload: { email: 'Zed@Example.COM', userName: 'Zed', password: 'a-long-password', location },
    });
    assert.equal(s.status, 200);
    assert.equal(s.body.success, true);
    assert.equal(typeof s.body.value, 'string');

    const me = await call(ctx.app, 'GET /api/user', { token: s.body.value });
    assert.equal(me.body.value.email, 'zed@example.com');
    assert.equal(me.body.value.userName, 'Zed');
    assert.deepEqual(me.body.value.location, location);
    assert.equal(me.body.value.admin, false);
    assert.equal(me.body.value.passwordHash, undefined);
    assert.equal(JSON.stringify(me.body).includes('argon2'), false);

    const dupName = await call(ctx.app, 'POST /api/user/signup', {
      payload: { email: 'other@example.com', userName: 'zED', password: 'a-long-password', location },
    });
    assert.equal(dupName.status, 409);
    assert.match(dupName.body.error, /username/i);
    const dupMail = await call(ctx.app, 'POST /api/user/signup', {
      payload: { email: 'ZED@example.com', userName: 'zed2', password: 'a-long-password', location },
    });
    assert.equal(dupMail.status, 409);
    assert.match(dupMail.body.error, /e-mail/i);

    const login = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: 'ZED@example.com', password: 'a-long-password' },
    });
    assert.equal(login.status, 200);
    assert.equal(typeof login.body.value, 'string');
  });

  it('refuses a wrong password or unknown address with the same text', async () => {
    const u = await signup(ctx.app);
    const wrong = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: u.email, password: 'nope-nope-nope' },
    });
    const unknown = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: 'ghost@example.com', password: 'x' },
    });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.body.error, 'No account exists with that email and password.');
    assert.equal(unknown.body.error, wrong.body.error);
  });

  it('validates signup bodies with readable errors', async () => {
    const cases: [unknown, RegExp][] = [
      [{ email: 'a@b.co', userName: 'ab', password: 'long-enough', location }, /userName must be at least 3/],
      [
        { email: 'not-an-email', userName: 'abc', password: 'long-enough', location },
        /email must be an e-mail/,
      ],
      [{ email: 'a@b.co', userName: 'abc', password: 'short', location }, /password must be at least 8/],
      [{ email: 'a@b.co', userName: 'abc', password: 'long-enough' }, /location is required/],
      [
        {
          email: 'a@b.co',
          userName: 'abc',
          password: 'long-enough',
          location: { ...location, planetId: 'vulcan' },
        },
        /Unknown planet/,
      ],
      [{ email: 'a@b.co', userName: 'a b c', password: 'long-enough', location }, /userName/],
      [{ email: 'a@b.co', userName: 123, password: 'long-enough', location }, /userName must be a string/],
    ];
    for (const [payload, error] of cases) {
      const r = await call(ctx.app, 'POST /api/user/signup', { payload: payload as object });
      assert.equal(r.status, 400, JSON.stringify(payload));
      assert.equal(r.body.success, false);
      assert.match(r.body.error, error);
    }
  });

  it('GET /api/user/login: 200 with a valid token, a new token with token=refresh', async () => {
    const u = await signup(ctx.app);
    const ok = await call(ctx.app, 'GET /api/user/login', { token: u.token });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { success: true });
    const refreshed = await call(ctx.app, 'GET /api/user/login?token=refresh', { token: u.token });
    assert.equal(refreshed.status, 200);
    assert.equal(typeof refreshed.body.value, 'string');
    assert.equal(
      (await call(ctx.app, 'GET /api/user', { token: refreshed.body.value })).body.value._id,
      u.id,
    );
    assert.equal((await call(ctx.app, 'GET /api/user/login', { token: 'garbage' })).status, 401);
  });
});

describe('forgot and reset password through the outbox', () => {
  async function waitForMail(dir: string, to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const f of files) {
        const text = await readFile(path.join(dir, f), 'utf8');
        // Undo quoted-printable soft line breaks so the link reads whole. The sign-up's own mails are not it.
        if (text.includes(`To: ${to}`) && !isAutomaticMail(text)) return text.replace(/=\r?\n/g, '');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('answers the same whether or not the address exists, mails a one-hour single-use link', async () => {
    const u = await signup(ctx.app);
    const known = await call(ctx.app, 'POST /api/user/forgetpassword', {
      payload: { email: u.email.toUpperCase() },
    });
    const unknown = await call(ctx.app, 'POST /api/user/forgetpassword', {
      payload: { email: 'nobody@example.com' },
    });
    assert.equal(known.status, 200);
    assert.deepEqual(known.body, unknown.body);

    const mail = await waitForMail(path.join(ctx.dataDir, 'outbox'), u.email);
    const match = /http:\/\/localhost:8080\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail);
    assert.ok(match, 'the mail holds a reset link on the web origin');
    const token = match[1]!;

    const mismatch = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'different-pass' },
    });
    assert.equal(mismatch.status, 400);

    const reset = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(reset.status, 200);
    assert.equal(reset.body.success, true);

    // Old sessions end; the new password works; the link works once.
    assert.equal((await call(ctx.app, 'GET /api/user', { token: u.token })).status, 401);
    const login = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: u.email, password: 'brand-new-pass' },
    });
    assert.equal(login.status, 200);
    const again = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'another-pass-1', confirmpassword: 'another-pass-1' },
    });
    assert.equal(again.status, 400);
    assert.equal(typeof again.body.error, 'string');
  });

  it('refuses a forged reset token', async () => {
    const r = await call(ctx.app, 'PATCH /api/user/resetpassword/forged-token', {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(r.status, 400);
  });

  it('refuses the link of an account deleted since, and changes nothing (the link stays unused)', async () => {
    const u = await signup(ctx.app);
    await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } });
    const mail = await waitForMail(path.join(ctx.dataDir, 'outbox'), u.email);
    const token = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    assert.ok(token);
    const deleted = await deleteAccount(ctx.app, u.token);
    assert.equal(deleted.status, 200);
    const reset = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(reset.status, 400);
    assert.match(reset.body.error, /not valid or has expired/);
    const links = await rows(
      ctx.database.db,
      sql`SELECT used_at FROM password_resets WHERE user_id = ${u.id}`,
    );
    assert.deepEqual(links, [{ used_at: null }]);
  });
});

describe('identity-provider sign-in not configured', () => {
  it('answers a clear 4xx', async () => {
    const r = await call(ctx.app, 'POST /api/user/oauth/google');
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, {
      success: false,
      error: 'Sign-in with an identity provider is not configured.',
    });
  });
});

describe('identity-provider sign-in round trip (oauth2-mock-server)', () => {
  const server = new OAuth2Server();
  /** What the provider's next ID tokens say beyond the defaults (issue 32: another account, `email_verified`). */
  const nextClaims: { sub?: string; email_verified?: boolean } = {};
  before(async () => {
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    server.service.on('beforeTokenSigning', (token) => {
      token.payload.sub = 'provider-user-42';
      token.payload.preferred_username = 'star.gazer';
      Object.assign(token.payload, nextClaims);
    });
  });
  after(async () => {
    await server.stop();
  });
  const oidcCtx = useApp({
    env: {
      get OIDC_ISSUER() {
        return server.issuer.url ?? '';
      },
      OIDC_CLIENT_ID: 'skynet',
      OIDC_CLIENT_SECRET: 'secret',
    },
  });

  it('authorization URL -> provider -> callback -> /login?code -> token', async () => {
    const start = await call(oidcCtx.app, 'POST /api/user/oauth/google');
    // The flow is bound to the browser that started it: its cookie goes along (browserCookie).
    const cookie = { cookie: browserCookie(start.res) };
    assert.equal(start.status, 200, JSON.stringify(start.body));
    const authUrl = new URL(start.body.value);
    assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(authUrl.searchParams.get('state'));
    assert.ok(authUrl.searchParams.get('nonce'));
    assert.equal(authUrl.searchParams.get('redirect_uri'), 'http://localhost:8080/api/user/oauth/callback');

    // The browser follows the provider, which redirects back to our callback.
    const provider = await fetch(authUrl, { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    assert.equal(back.pathname, '/api/user/oauth/callback');

    const cb = await oidcCtx.app.inject({ method: 'GET', url: back.pathname + back.search, headers: cookie });
    assert.equal(cb.statusCode, 302);
    const landing = new URL(cb.headers.location as string);
    assert.equal(landing.origin + landing.pathname, 'http://localhost:8080/login');
    const code = landing.searchParams.get('code');
    assert.ok(code, `landing ${landing.href}`);

    const tok = await call(oidcCtx.app, 'POST /api/user/oauth/token', { payload: { code }, headers: cookie });
    assert.equal(tok.status, 200);
    const me = await call(oidcCtx.app, 'GET /api/user', { token: tok.body.value });
    assert.equal(me.body.value.userName, 'star.gazer');
    assert.equal('email' in me.body.value, false, 'identity-provider accounts carry no e-mail');

    // The code is single use; replaying the callback (same state) fails too.
    assert.equal(
      (await call(oidcCtx.app, 'POST /api/user/oauth/token', { payload: { code }, headers: cookie })).status,
      400,
    );
    const replay = await oidcCtx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: cookie,
    });
    assert.ok(new URL(replay.headers.location as string).searchParams.get('error'));

    // Signing in again finds the same account.
    const second = await call(oidcCtx.app, 'POST /api/user/oauth/google');
    const cookie2 = { cookie: browserCookie(second.res) };
    const p2 = await fetch(new URL(second.body.value), { redirect: 'manual' });
    const b2 = new URL(p2.headers.get('location')!);
    const cb2 = await oidcCtx.app.inject({ method: 'GET', url: b2.pathname + b2.search, headers: cookie2 });
    const code2 = new URL(cb2.headers.location as string).searchParams.get('code');
    const tok2 = await call(oidcCtx.app, 'POST /api/user/oauth/token', {
      payload: { code: code2 },
      headers: cookie2,
    });
    const me2 = await call(oidcCtx.app, 'GET /api/user', { token: tok2.body.value });
    assert.equal(me2.body.value._id, me.body.value._id);
  });

  /** Starts a flow in a "browser" (its cookie) and follows the provider back: the callback URL and the cookie. */
  async function providerRoundTrip() {
    const start = await call(oidcCtx.app, 'POST /api/user/oauth/google');
    const provider = await fetch(new URL(start.body.value), { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    return { start, callback: back.pathname + back.search, cookie: browserCookie(start.res) };
  }
  const landingOf = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location));

  it('an identity-provider account with an authenticator app is asked for its code after the provider (issue 32)', async () => {
    const exchange = async () => {
      const { callback, cookie } = await providerRoundTrip();
      const cb = await oidcCtx.app.inject({ method: 'GET', url: callback, headers: { cookie } });
      const code = landingOf(cb).searchParams.get('code');
      return call(oidcCtx.app, 'POST /api/user/oauth/token', { payload: { code }, headers: { cookie } });
    };
    const first = await exchange();
    assert.equal(first.status, 200);
    const setup = await call(oidcCtx.app, 'POST /api/user/2fa/totp/setup', { token: first.body.value });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.value.secret), digits: 6, period: 30 });
    const now = Date.now();
    const on = await call(oidcCtx.app, 'POST /api/user/2fa/totp/enable', {
      token: first.body.value,
      payload: { code: totp.generate({ timestamp: now - 30_000 }) },
    });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    const second = await exchange();
    assert.equal(second.status, 401);
    assert.equal(second.body.value.secondFactor, 'totp');
    assert.doesNotMatch(String(second.res.headers['set-cookie']), /skynet_refresh=/);
    const done = await call(oidcCtx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: second.body.value.challenge, code: totp.generate({ timestamp: now }) },
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    // Turning it off without a password: a provider sign-in within 10 minutes and a code.
    const off = await call(oidcCtx.app, 'POST /api/user/2fa/totp/disable', {
      token: done.body.value,
      payload: { code: totp.generate({ timestamp: now + 30_000 }) },
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal((await exchange()).status, 200);
  });

  it('the flow is bound to the browser that started it: a __Host- SameSite=Lax cookie carries it', async () => {
    const { start, callback, cookie } = await providerRoundTrip();
    const line = setCookieLine(start.res, '__Host-skynet_oidc');
    assert.match(line, /Path=\/(;|$)/);
    assert.match(line, /SameSite=Lax/);
    assert.match(line, /Secure/);
    assert.match(line, /HttpOnly/);
    assert.doesNotMatch(line, /Domain/i);

    // The attacker's callback link opened in the victim's browser (no cookie, or the victim's own): refused.
    const victim = await providerRoundTrip();
    for (const headers of [{}, { cookie: victim.cookie }] as Record<string, string>[]) {
      const cb = await oidcCtx.app.inject({ method: 'GET', url: callback, headers });
      const landing = landingOf(cb);
      assert.equal(landing.searchParams.get('code'), null);
      assert.match(landing.searchParams.get('error') ?? '', /started in another browser/);
    }
    // Still usable by the browser that started it (nothing was used up by the refused attempts).
    const ok = await oidcCtx.app.inject({ method: 'GET', url: callback, headers: { cookie } });
    const code = landingOf(ok).searchParams.get('code');
    assert.ok(code);

    // The one-time code is bound too: another browser (the victim of a /login?code= link) cannot redeem it.
    for (const headers of [{}, { cookie: victim.cookie }] as Record<string, string>[]) {
      const stolen = await call(oidcCtx.app, 'POST /api/user/oauth/token', { payload: { code }, headers });
      assert.equal(stolen.status, 400);
    }
    const mine = await call(oidcCtx.app, 'POST /api/user/oauth/token', {
      payload: { code },
      headers: { cookie },
    });
    assert.equal(mine.status, 200);
    assert.match(setCookieLine(mine.res, '__Host-skynet_oidc'), /Max-Age=0/, 'the flow cookie is dropped');
    assert.match(setCookieLine(mine.res, 'skynet_refresh'), /HttpOnly/, 'a session starts');
  });

  it('an account the provider says has a verified address counts as confirmed (issue 32); the sign-in is logged', async () => {
    const signIn = async () => {
      const { callback, cookie } = await providerRoundTrip();
      const cb = await oidcCtx.app.inject({ method: 'GET', url: callback, headers: { cookie } });
      const code = landingOf(cb).searchParams.get('code');
      const tok = await call(oidcCtx.app, 'POST /api/user/oauth/token', {
        payload: { code },
        headers: { cookie },
      });
      assert.equal(tok.status, 200);
      return (await call(oidcCtx.app, 'GET /api/user', { token: tok.body.value })).body.value._id as string;
    };
    const confirmed = async (id: string) =>
      (
        await rows<{ v: boolean }>(
          oidcCtx.database.db,
          sql`SELECT email_verified_at IS NOT NULL AS v FROM users WHERE id = ${id}`,
        )
      )[0]?.v;
    try {
      Object.assign(nextClaims, { sub: 'provider-unverified', email_verified: false });
      const unverified = await signIn();
      assert.equal(await confirmed(unverified), false);
      Object.assign(nextClaims, { sub: 'provider-verified', email_verified: true });
      const verified = await signIn();
      assert.equal(await confirmed(verified), true);
      const [event] = await rows<{ type: string; detail: string }>(
        oidcCtx.database.db,
        sql`SELECT type, detail FROM security_events WHERE user_id = ${verified} ORDER BY id DESC LIMIT 1`,
      );
      assert.deepEqual(event, { type: 'signin', detail: 'identity provider' });
    } finally {
      delete nextClaims.sub;
      delete nextClaims.email_verified;
    }
  });

  it('an identity-provider account deletes itself only after a recent sign-in there', async () => {
    const { callback, cookie } = await providerRoundTrip();
    const cb = await oidcCtx.app.inject({ method: 'GET', url: callback, headers: { cookie } });
    const code = landingOf(cb).searchParams.get('code');
    const tok = await call(oidcCtx.app, 'POST /api/user/oauth/token', {
      payload: { code },
      headers: { cookie },
    });
    const token: string = tok.body.value;
    const sid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    await oidcCtx.database.db.execute(
      sql`UPDATE sessions SET authenticated_at = now() - interval '1 hour' WHERE id = ${sid}`,
    );
    const stale = await call(oidcCtx.app, 'POST /api/user/deleteaccount/delete', {
      token,
      payload: { confirmationInput: 'I-WANT-TO-DELETE-THIS-ACCOUNT' },
    });
    assert.equal(stale.status, 403);
    assert.match(stale.body.error, /sign in again with your identity provider/);
    await oidcCtx.database.db.execute(sql`UPDATE sessions SET authenticated_at = now() WHERE id = ${sid}`);
    const fresh = await call(oidcCtx.app, 'POST /api/user/deleteaccount/delete', {
      token,
      payload: { confirmationInput: 'I-WANT-TO-DELETE-THIS-ACCOUNT' },
    });
    assert.equal(fresh.status, 200);
  });
});
