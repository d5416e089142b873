// Issue 32: the second factor (authenticator app, recovery codes, passkeys) and the sign-in's second step, as callers
// see them. Runs on PGlite and on PostgreSQL (test/run.mjs).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { rows } from '../../../src/db/database.js';
import { call, type SignedUp, signup, useApp } from '../../helper.js';
import { mailLink, mailMatching } from '../../mail.js';
import { SoftAuthenticator } from '../../soft-authenticator.js';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
const STEP = 30_000;

const login = (app: Parameters<typeof call>[0], who: SignedUp) =>
  call(app, 'POST /api/user/login', { payload: { email: who.email, password: who.password } });

describe('authenticator app: enrol, sign in with it, recovery codes, turn it off', () => {
  const ctx = useApp();
  let alice: SignedUp;
  let secret: string;
  let recovery: string[];
  // Codes are taken relative to one moment: the one that turns it on is a step back, sign-in uses that moment's,
  // turning off the next step's (each step is accepted once, and one step either side of now).
  let base = 0;

  it('setup gives a secret and an otpauth URL; a wrong code does not turn it on', async () => {
    alice = await signup(ctx.app);
    base = Date.now();
    const setup = await call(ctx.app, 'POST /api/user/2fa/totp/setup', { token: alice.token });
    assert.equal(setup.status, 200, JSON.stringify(setup.body));
    secret = setup.body.value.secret;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.match(setup.body.value.otpauthUrl, /^otpauth:\/\/totp\/Skynet:.+secret=[A-Z2-7]{32}/);
    const wrong = await call(ctx.app, 'POST /api/user/2fa/totp/enable', {
      token: alice.token,
      payload: { code: '000000' === codeAt(secret, Date.now()) ? '111111' : '000000' },
    });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error, /code did not match/);
    // Still one step: a password is enough.
    assert.equal((await login(ctx.app, alice)).status, 200);
  });

  it('a current code turns it on and answers ten recovery codes; the secret is sealed in the database', async () => {
    const on = await call(ctx.app, 'POST /api/user/2fa/totp/enable', {
      token: alice.token,
      payload: { code: codeAt(secret, base - STEP) },
    });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    recovery = on.body.value.recoveryCodes;
    assert.equal(recovery.length, 10);
    assert.equal(new Set(recovery).size, 10);
    for (const c of recovery) assert.match(c, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await call(ctx.app, 'GET /api/user/security', { token: alice.token });
    assert.equal(status.body.value.totp, true);
    assert.equal(status.body.value.recoveryCodesLeft, 10);
    assert.deepEqual(status.body.value.passkeys, []);
    const [row] = await rows<{ totp_secret: string }>(
      ctx.app.db,
      sql`SELECT totp_secret FROM users WHERE id = ${alice.id}`,
    );
    assert.ok(row?.totp_secret.startsWith('v1.'));
    assert.ok(!row?.totp_secret.includes(secret));
    const stored = await rows<{ code_hash: string }>(
      ctx.app.db,
      sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${alice.id}`,
    );
    assert.ok(stored.every((r) => !recovery.some((c) => r.code_hash.includes(c.replace('-', '')))));
    await mailMatching(
      path.join(ctx.dataDir, 'outbox'),
      alice.email,
      /A second factor \(an authenticator app\) was added to your Skynet account/,
    );
  });

  it('setup again while it is on is refused (409)', async () => {
    const again = await call(ctx.app, 'POST /api/user/2fa/totp/setup', { token: alice.token });
    assert.equal(again.status, 409);
  });

  it('sign-in now answers 401 with the challenge and no token or cookie; the code finishes it', async () => {
    const first = await login(ctx.app, alice);
    assert.equal(first.status, 401);
    assert.equal(first.body.success, false);
    assert.match(first.body.error, /authenticator app/);
    assert.equal(first.body.value.secondFactor, 'totp');
    assert.deepEqual(first.body.value.methods, ['totp', 'recovery']);
    assert.equal(typeof first.body.value.challenge, 'string');
    assert.equal(first.res.headers['set-cookie'], undefined);
    // The code that turned it on was used: the same one again is a replay.
    const replay = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: first.body.value.challenge, code: codeAt(secret, base - STEP) },
    });
    assert.equal(replay.status, 401);
    assert.match(replay.body.error, /not correct, or it was already used/);
    const next = codeAt(secret, base);
    const ok = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: first.body.value.challenge, code: next },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.ok(String(ok.res.headers['set-cookie']).includes('skynet_refresh='));
    assert.equal((await call(ctx.app, 'GET /api/user', { token: ok.body.value })).status, 200);
    // A finished sign-in's challenge is spent.
    const again = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: first.body.value.challenge, code: codeAt(secret, base + STEP) },
    });
    assert.equal(again.status, 401);
    assert.match(again.body.error, /expired or had too many wrong codes/);
  });

  it('a recovery code signs in once (any case, with or without its dash); five wrong codes end a challenge', async () => {
    const first = await login(ctx.app, alice);
    const code = recovery[0] as string;
    const ok = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: first.body.value.challenge, code: code.replace('-', '').toUpperCase() },
    });
    assert.equal(ok.status, 200);
    const second = await login(ctx.app, alice);
    const reused = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: second.body.value.challenge, code },
    });
    assert.equal(reused.status, 401);
    for (let i = 0; i < 4; i++) {
      const wrong = await call(ctx.app, 'POST /api/user/login/2fa', {
        payload: { challenge: second.body.value.challenge, code: 'zzzzz-zzzzz' },
      });
      assert.equal(wrong.status, 401);
    }
    const late = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: second.body.value.challenge, code: recovery[1] },
    });
    assert.equal(late.status, 401);
    assert.match(late.body.error, /too many wrong codes/);
    const status = await call(ctx.app, 'GET /api/user/security', { token: alice.token });
    assert.equal(status.body.value.recoveryCodesLeft, 9);
  });

  it('an unknown challenge, or neither code nor passkey, is refused', async () => {
    const unknown = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: 'not-a-challenge', code: '123456' },
    });
    assert.equal(unknown.status, 401);
    const empty = await call(ctx.app, 'POST /api/user/login/2fa', { payload: { challenge: 'x' } });
    assert.equal(empty.status, 400);
  });

  it('new recovery codes need the password and a code; the old ones stop working', async () => {
    const noPassword = await call(ctx.app, 'POST /api/user/2fa/recovery', {
      token: alice.token,
      payload: { code: codeAt(secret, base + STEP) },
    });
    assert.equal(noPassword.status, 400);
    const renewed = await call(ctx.app, 'POST /api/user/2fa/recovery', {
      token: alice.token,
      payload: { password: alice.password, code: recovery[2] },
    });
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    const fresh = renewed.body.value.recoveryCodes as string[];
    assert.equal(fresh.length, 10);
    const first = await login(ctx.app, alice);
    const old = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: first.body.value.challenge, code: recovery[3] },
    });
    assert.equal(old.status, 401);
    recovery = fresh;
  });

  it('turning it off needs the password and a current code; then a password signs in alone', async () => {
    const wrongPassword = await call(ctx.app, 'POST /api/user/2fa/totp/disable', {
      token: alice.token,
      payload: { password: 'not the password', code: recovery[0] },
    });
    assert.equal(wrongPassword.status, 400);
    assert.equal(wrongPassword.body.error, 'The current password is not correct.');
    const wrongCode = await call(ctx.app, 'POST /api/user/2fa/totp/disable', {
      token: alice.token,
      payload: { password: alice.password, code: '12345' },
    });
    assert.equal(wrongCode.status, 400);
    assert.match(wrongCode.body.error, /code is not correct/);
    const off = await call(ctx.app, 'POST /api/user/2fa/totp/disable', {
      token: alice.token,
      payload: { password: alice.password, code: codeAt(secret, base + STEP) },
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const status = await call(ctx.app, 'GET /api/user/security', { token: alice.token });
    assert.equal(status.body.value.totp, false);
    assert.equal(status.body.value.recoveryCodesLeft, 0);
    const plain = await login(ctx.app, alice);
    assert.equal(plain.status, 200);
    assert.equal(typeof plain.body.value, 'string');
  });

  it('Recent activity tells the whole story: enrolled, a failed code, a recovery code, second-factor sign-ins, off', async () => {
    const events: { type: string; detail: string }[] = [];
    for (let page = 0; page < 5; page++) {
      const r = await call(ctx.app, `GET /api/user/activity?page=${page}`, { token: alice.token });
      assert.equal(r.status, 200);
      events.push(...r.body.value);
      if (r.body.value.length < 20) break;
    }
    const types = events.map((e) => e.type);
    for (const type of [
      'totp-enabled',
      'second-factor-failed',
      'recovery-code-used',
      'recovery-codes-renewed',
      'totp-disabled',
    ])
      assert.ok(types.includes(type), `${type} in ${types.join(', ')}`);
    assert.ok(events.some((e) => e.type === 'signin' && e.detail === 'second factor: authenticator app'));
    assert.ok(events.some((e) => e.type === 'signin' && e.detail === 'second factor: recovery code'));
  });

  it('the second-factor calls need a token', async () => {
    for (const route of [
      'GET /api/user/security',
      'POST /api/user/2fa/totp/setup',
      'POST /api/user/2fa/passkeys/options',
    ])
      assert.equal((await call(ctx.app, route)).status, 401, route);
  });
});

describe('passkeys: add one, sign in with it, refuse a forged or replayed answer, remove it', () => {
  const ctx = useApp();
  let bob: SignedUp;
  let authenticator: SoftAuthenticator;
  let recovery: string[];

  it('a passkey registers from the browser answer and, as the first factor, brings recovery codes', async () => {
    bob = await signup(ctx.app);
    authenticator = new SoftAuthenticator(ctx.app.config.publicOrigin);
    const options = await call(ctx.app, 'POST /api/user/2fa/passkeys/options', { token: bob.token });
    assert.equal(options.status, 200);
    assert.equal(options.body.value.rp.id, new URL(ctx.app.config.publicOrigin).hostname);
    const forged = await call(ctx.app, 'POST /api/user/2fa/passkeys', {
      token: bob.token,
      payload: {
        name: 'Laptop',
        response: authenticator.register(options.body.value, 'https://evil.example'),
      },
    });
    assert.equal(forged.status, 400);
    assert.match(forged.body.error, /could not be added/);
    // The challenge went with the failed try: a new one is needed.
    const again = await call(ctx.app, 'POST /api/user/2fa/passkeys/options', { token: bob.token });
    const added = await call(ctx.app, 'POST /api/user/2fa/passkeys', {
      token: bob.token,
      payload: { name: 'Laptop', response: authenticator.register(again.body.value) },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.value.passkey.name, 'Laptop');
    recovery = added.body.value.recoveryCodes;
    assert.equal(recovery.length, 10);
    const status = await call(ctx.app, 'GET /api/user/security', { token: bob.token });
    assert.equal(status.body.value.passkeys.length, 1);
    assert.equal(status.body.value.passkeys[0].lastUsedAt, null);
  });

  it('sign-in asks for the passkey with request options naming it; its answer signs in', async () => {
    const first = await login(ctx.app, bob);
    assert.equal(first.status, 401);
    assert.equal(first.body.value.secondFactor, 'passkey');
    assert.deepEqual(first.body.value.methods, ['passkey', 'recovery']);
    const options = first.body.value.passkeyOptions;
    assert.deepEqual(
      options.allowCredentials.map((c: { id: string }) => c.id),
      [authenticator.id],
    );
    const wrongOrigin = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: {
        challenge: first.body.value.challenge,
        passkey: authenticator.authenticate(options, 'https://evil.example'),
      },
    });
    assert.equal(wrongOrigin.status, 401);
    assert.match(wrongOrigin.body.error, /passkey could not be verified/);
    const answer = authenticator.authenticate(options);
    const ok = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: first.body.value.challenge, passkey: answer },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    // The same signed answer on another sign-in: its challenge differs, so it fails.
    const second = await login(ctx.app, bob);
    const replayed = await call(ctx.app, 'POST /api/user/login/2fa', {
      payload: { challenge: second.body.value.challenge, passkey: answer },
    });
    assert.equal(replayed.status, 401);
    const status = await call(ctx.app, 'GET /api/user/security', { token: bob.token });
    assert.notEqual(status.body.value.passkeys[0].lastUsedAt, null);
  });

  it('removing it needs the password and a code; then sign-in is one step again', async () => {
    const status = await call(ctx.app, 'GET /api/user/security', { token: bob.token });
    const id = status.body.value.passkeys[0]._id;
    const noCode = await call(ctx.app, `POST /api/user/2fa/passkeys/${id}/remove`, {
      token: bob.token,
      payload: { password: bob.password, code: 'aaaaa-aaaaa' },
    });
    assert.equal(noCode.status, 400);
    const unknown = await call(
      ctx.app,
      'POST /api/user/2fa/passkeys/00000000-0000-4000-8000-000000000000/remove',
      {
        token: bob.token,
        payload: { password: bob.password, code: recovery[1] },
      },
    );
    assert.equal(unknown.status, 404);
    const gone = await call(ctx.app, `POST /api/user/2fa/passkeys/${id}/remove`, {
      token: bob.token,
      payload: { password: bob.password, code: recovery[2] },
    });
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    const after = await call(ctx.app, 'GET /api/user/security', { token: bob.token });
    assert.deepEqual(after.body.value.passkeys, []);
    assert.equal(after.body.value.recoveryCodesLeft, 0);
    assert.equal((await login(ctx.app, bob)).status, 200);
    await mailMatching(
      path.join(ctx.dataDir, 'outbox'),
      bob.email,
      /A second factor \(a passkey\) was removed from your Skynet account/,
    );
  });
});

describe('a password reset leaves the second factor in place (ASVS 2.5.6)', () => {
  const ctx = useApp();

  it('after a reset by the mailed link, sign-in still asks for the code', async () => {
    const carol = await signup(ctx.app);
    const setup = await call(ctx.app, 'POST /api/user/2fa/totp/setup', { token: carol.token });
    const on = await call(ctx.app, 'POST /api/user/2fa/totp/enable', {
      token: carol.token,
      payload: { code: codeAt(setup.body.value.secret, Date.now()) },
    });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: carol.email } });
    const link = await mailLink(
      path.join(ctx.dataDir, 'outbox'),
      carol.email,
      /\/resetpassword\/([A-Za-z0-9_-]+)/,
    );
    const password = 'a fresh orbit 42';
    const reset = await call(ctx.app, `PATCH /api/user/resetpassword/${link}`, {
      payload: { password, confirmpassword: password },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    const after = await call(ctx.app, 'POST /api/user/login', { payload: { email: carol.email, password } });
    assert.equal(after.status, 401);
    assert.equal(after.body.value.secondFactor, 'totp');
  });
});
