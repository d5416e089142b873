// Issue 21 item 7: the access matrix. Every route the app registers x {anonymous, forged, expired, revoked, other
// user, admin} -> the expected status, aimed at Alice's things; no answer carries another person's e-mail, password
// hash, messages or sessions. A route without a row here fails the test: a new call must say who may use it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/database.js';
import { type BadTokens, badTokens, LOCATION, seedVictims, type Victims } from './attack.js';
import { call, type SignedUp, signup, TEST_DB, useApp } from './helper.js';

type Who = 'anonymous' | 'forged' | 'expired' | 'revoked' | 'other' | 'admin';
const WHO: Who[] = ['anonymous', 'forged', 'expired', 'revoked', 'other', 'admin'];
const NO_ACCOUNT: Who[] = ['anonymous', 'forged', 'expired', 'revoked'];

interface Row {
  /** The URL with its parameters filled (Alice's things), or a function making a fresh one per call. */
  url: string | ((v: Victims) => Promise<string> | string);
  payload?: (v: Victims) => unknown;
  /** What a caller without a (valid) account gets: 401 for protected calls; a public call's own answer otherwise. */
  anonymous?: number;
  other: number;
  /** Default: as `other`. */
  admin?: number;
}

const PASSWORD = 'correct horse battery';

/** Alice is the owner; `other` is a stranger signed in; `admin` an administrator. */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { url: '/api/health', anonymous: 200, other: 200 },
  'GET /api/health/ready': { url: '/api/health/ready', anonymous: 200, other: 200 },
  'GET /api/faqs': { url: '/api/faqs', anonymous: 200, other: 200 },
  'POST /api/faqs': { url: '/api/faqs', payload: () => ({ query: 'planet' }), anonymous: 200, other: 200 },
  'POST /api/platform/events': {
    url: '/api/platform/events',
    payload: () => ({ events: [{ type: 'load', remote: 'mfe-feed', version: '1.0.0' }] }),
    // Issue 33: accepted by anyone (204) and counted only under a page's token.
    anonymous: 204,
    other: 204,
  },
  // Issue 33: the counts that judge a release are for administrators.
  'GET /api/platform/events/summary': { url: '/api/platform/events/summary', other: 403, admin: 200 },
  'GET /api/planet': { url: '/api/planet', anonymous: 200, other: 200 },
  'GET /api/planet/:id': { url: '/api/planet/mars', anonymous: 200, other: 200 },
  'GET /api/planets/images/:file': { url: '/api/planets/images/mars.svg', anonymous: 200, other: 200 },
  // Alice's address is taken: 409 for everyone (the spec's sign-up shows the server's text; rate-limited).
  'POST /api/user/signup': {
    url: '/api/user/signup',
    payload: (v) => ({
      email: v.alice.email,
      userName: 'matrix_new',
      password: PASSWORD,
      location: LOCATION,
    }),
    anonymous: 409,
    other: 409,
  },
  'POST /api/user/login': {
    url: '/api/user/login',
    payload: (v) => ({ email: v.alice.email, password: 'not her password' }),
    anonymous: 401,
    other: 401,
  },
  'GET /api/user/login': { url: '/api/user/login', anonymous: 401, other: 200 },
  'POST /api/user/logout': { url: '/api/user/logout', anonymous: 200, other: 200 },
  'GET /api/user/sessions': { url: '/api/user/sessions', other: 200 },
  // Alice's session, by its id: not yours, so it does not exist for you.
  'DELETE /api/user/sessions/:sessionId': {
    url: async (v) => `/api/user/sessions/${await aliceSession(v)}`,
    other: 404,
  },
  'DELETE /api/user/sessions': { url: '/api/user/sessions', other: 200 },
  // No identity provider configured in tests.
  'POST /api/user/oauth/google': { url: '/api/user/oauth/google', anonymous: 400, other: 400 },
  'GET /api/user/oauth/callback': {
    url: '/api/user/oauth/callback?code=x&state=y',
    anonymous: 302,
    other: 302,
  },
  'POST /api/user/oauth/token': {
    url: '/api/user/oauth/token',
    payload: () => ({ code: 'guess' }),
    anonymous: 400,
    other: 400,
  },
  'POST /api/user/forgetpassword': {
    url: '/api/user/forgetpassword',
    payload: (v) => ({ email: v.alice.email }),
    anonymous: 200,
    other: 200,
  },
  'PATCH /api/user/resetpassword/:token': {
    url: '/api/user/resetpassword/guessed-token',
    payload: () => ({ password: 'taken over!', confirmpassword: 'taken over!' }),
    anonymous: 400,
    other: 400,
  },
  'POST /api/user/email/confirm': {
    url: '/api/user/email/confirm',
    payload: () => ({ token: 'guess' }),
    anonymous: 400,
    other: 400,
  },
  'POST /api/user/email/undo': {
    url: '/api/user/email/undo',
    payload: () => ({ token: 'guess' }),
    anonymous: 400,
    other: 400,
  },
  // Issue 32: your own security events only; a guessed confirmation link is a 400; resending needs an account
  // (the helper's accounts are confirmed: 409).
  'GET /api/user/activity': { url: '/api/user/activity', other: 200 },
  'POST /api/user/verifyEmail': {
    url: '/api/user/verifyEmail',
    payload: () => ({ token: 'guess' }),
    anonymous: 400,
    other: 400,
  },
  'POST /api/user/verifyEmail/resend': { url: '/api/user/verifyEmail/resend', other: 409 },
  // The account calls act on the caller's own account: Alice's details do not open hers.
  'GET /api/user': { url: '/api/user', other: 200 },
  'PATCH /api/user/changepassword': {
    url: '/api/user/changepassword',
    payload: () => ({
      password: 'not my password',
      newpassword: 'taken over!',
      confirmpassword: 'taken over!',
    }),
    other: 400,
  },
  'PATCH /api/user/changeUsername': {
    url: '/api/user/changeUsername',
    payload: (v) => ({ newUsername: v.alice.userName }),
    other: 409,
  },
  'PATCH /api/user/changeEmail': {
    url: '/api/user/changeEmail',
    payload: (v) => ({
      currEmail: v.alice.email,
      newEmail: 'attacker@example.com',
      confirmEmail: 'attacker@example.com',
      password: PASSWORD,
    }),
    other: 400,
  },
  'PATCH /api/user/changeBio': {
    url: '/api/user/changeBio',
    payload: () => ({ newBio: 'mine' }),
    other: 200,
  },
  'PATCH /api/user/changeavatar': {
    url: '/api/user/changeavatar',
    payload: () => ({ avatarDataUrl: 'data:image/png;base64,AAAA' }),
    other: 400,
  },
  'POST /api/user/deleteaccount/delete': {
    url: '/api/user/deleteaccount/delete',
    payload: () => ({ confirmationInput: 'no', password: 'not my password' }),
    other: 400,
  },
  'POST /api/user/chat': {
    url: '/api/user/chat',
    payload: (v) => ({ content: 'hello Alice', receiverId: v.alice.id }),
    other: 200,
  },
  // Bob is Alice's partner: a stranger asking for "the conversation with Bob" gets their own (none), not Alice's.
  'POST /api/user/getchats': {
    url: '/api/user/getchats',
    payload: (v) => ({ receiverId: v.bob.id }),
    other: 200,
  },
  'POST /api/user/conversations': { url: '/api/user/conversations', other: 200 },
  // Its GET twin: the same answer, the stranger's own (no) conversation with Bob.
  'GET /api/user/conversations/:receiverId': {
    url: (v) => `/api/user/conversations/${v.bob.id}`,
    other: 200,
  },
  'GET /api/user/conversations': { url: '/api/user/conversations', other: 200 },
  // Alice and Bob's conversation: a stranger cannot move its read marks (404, as if it did not exist).
  'POST /api/user/chat/read': {
    url: '/api/user/chat/read',
    payload: (v) => ({ conversationId: v.conversationId, messageId: v.alicePost }),
    other: 404,
  },
  // Notifications are always the caller's own: a stranger reads and marks only theirs.
  'GET /api/notifications': { url: '/api/notifications?page=0', other: 200 },
  'GET /api/notifications/unread': { url: '/api/notifications/unread', other: 200 },
  'POST /api/notifications/read': {
    url: '/api/notifications/read',
    payload: () => ({ all: true }),
    other: 200,
  },
  // Suggestions are for the caller: never themselves, never people they follow.
  'GET /api/user/suggestions': { url: '/api/user/suggestions', other: 200 },
  'GET /api/user/search/:text': { url: (v) => `/api/user/search/${v.alice.userName}`, other: 200 },
  'GET /api/user/following': { url: '/api/user/following', other: 200 },
  'GET /api/user/follower': { url: '/api/user/follower', other: 200 },
  'GET /api/user/liked': { url: '/api/user/liked?page=0', other: 200 },
  'GET /api/user/saved': { url: '/api/user/saved?page=0', other: 200 },
  'GET /api/user/commented': { url: '/api/user/commented?page=0', other: 200 },
  'GET /api/user/:id': { url: (v) => `/api/user/${v.alice.id}`, other: 200 },
  // Anyone signed in may read anyone's replies (like their posts feed): nothing of Alice's is private there.
  'GET /api/user/:id/replies': { url: (v) => `/api/user/${v.alice.id}/replies?page=0`, other: 200 },
  'GET /api/user/:id/follow': { url: (v) => `/api/user/${v.alice.id}/follow`, other: 200 },
  'POST /api/user/:id/follow': { url: (v) => `/api/user/${v.alice.id}/follow`, other: 200 },
  'DELETE /api/user/:id/follow': { url: (v) => `/api/user/${v.alice.id}/follow`, other: 200 },
  'POST /api/post': {
    url: '/api/post',
    payload: () => ({ content: 'a post', location: LOCATION }),
    other: 200,
  },
  'GET /api/post/search/:text': { url: '/api/post/search/Alice', other: 200 },
  'GET /api/post/:id': { url: (v) => `/api/post/${v.alicePost}`, anonymous: 200, other: 200 },
  // Only its author or an admin deletes a post (a fresh post of Alice's each time).
  'DELETE /api/post/:id': { url: async (v) => `/api/post/${await freshPost(v)}`, other: 403, admin: 200 },
  // Issue 35: only the author edits (an admin too gets 403: the words stay the author's); the history is public.
  'PATCH /api/post/:id': {
    url: (v) => `/api/post/${v.alicePost}`,
    payload: () => ({ content: 'Edited by whom?' }),
    other: 403,
  },
  'GET /api/post/:id/history': {
    url: (v) => `/api/post/${v.alicePost}/history`,
    anonymous: 200,
    other: 200,
  },
  'GET /api/post/marks': { url: (v) => `/api/post/marks?ids=${v.alicePost}`, other: 200 },
  'GET /api/post/:id/save': { url: (v) => `/api/post/${v.alicePost}/save`, other: 200 },
  'POST /api/post/:id/save': { url: (v) => `/api/post/${v.alicePost}/save`, other: 200 },
  'DELETE /api/post/:id/save': { url: (v) => `/api/post/${v.alicePost}/save`, other: 200 },
  'GET /api/post/:id/like': { url: (v) => `/api/post/${v.alicePost}/like`, other: 200 },
  'POST /api/post/:id/like': { url: (v) => `/api/post/${v.alicePost}/like`, other: 200 },
  'DELETE /api/post/:id/like': { url: (v) => `/api/post/${v.alicePost}/like`, other: 200 },
  'POST /api/post/:id/comment': {
    url: (v) => `/api/post/${v.alicePost}/comment`,
    payload: () => ({ content: 'a comment' }),
    other: 200,
  },
  'GET /api/post/:id/comment': { url: (v) => `/api/post/${v.alicePost}/comment`, anonymous: 200, other: 200 },
  'GET /api/feed': { url: '/api/feed?page=1', other: 200 },
  'GET /api/feed/:id': { url: (v) => `/api/feed/${v.alice.id}?page=0`, other: 200 },
  // Issue 35: each reader's own Following timeline.
  'GET /api/feed/following': { url: '/api/feed/following?page=1', other: 200 },
  // Issue 35: a tag's feed reads as the galaxy feed does (signed in).
  'GET /api/feed/tag/:tag': { url: '/api/feed/tag/mars?page=1', other: 200 },
  'GET /api/feed/tags/:prefix': { url: '/api/feed/tags/ma', other: 200 },
  // Issue 31: blocks and mutes aim at a fresh person (a block of Alice would change every later row's answer).
  'POST /api/user/:id/block': { url: async () => `/api/user/${await freshPerson()}/block`, other: 200 },
  'DELETE /api/user/:id/block': { url: (v) => `/api/user/${v.alice.id}/block`, other: 200 },
  'GET /api/user/blocks': { url: '/api/user/blocks?page=0', other: 200 },
  'POST /api/user/:id/mute': { url: async () => `/api/user/${await freshPerson()}/mute`, other: 200 },
  'DELETE /api/user/:id/mute': { url: (v) => `/api/user/${v.alice.id}/mute`, other: 200 },
  'GET /api/user/mutes': { url: '/api/user/mutes?page=0', other: 200 },
  'GET /api/user/:id/relationship': { url: (v) => `/api/user/${v.alice.id}/relationship`, other: 200 },
  'GET /api/user/mutedWords': { url: '/api/user/mutedWords', other: 200 },
  'POST /api/user/mutedWords': { url: '/api/user/mutedWords', payload: () => ({ word: 'zorp' }), other: 200 },
  // Alice's muted word: nobody else can remove it.
  'DELETE /api/user/mutedWords/:id': {
    url: async (v) => `/api/user/mutedWords/${await aliceWord(v)}`,
    other: 404,
  },
  'POST /api/user/export': { url: '/api/user/export', other: 200 },
  'GET /api/user/export': { url: '/api/user/export', other: 200 },
  // Only the mailed link's token opens an archive: a made-up one is a 404 for everyone.
  'GET /api/user/export/:id/download': {
    url: '/api/user/export/00000000-0000-4000-8000-000000000000/download?token=made-up',
    anonymous: 404,
    other: 404,
  },
  // Issue 32: the second factor is each person's own; a wrong password or code is a 400 whoever asks.
  'GET /api/user/security': { url: '/api/user/security', other: 200 },
  'POST /api/user/2fa/totp/setup': { url: '/api/user/2fa/totp/setup', other: 200 },
  'POST /api/user/2fa/totp/enable': {
    url: '/api/user/2fa/totp/enable',
    payload: () => ({ code: 'abcdef' }),
    other: 400,
  },
  'POST /api/user/2fa/totp/disable': {
    url: '/api/user/2fa/totp/disable',
    payload: () => ({ password: 'not her password', code: '123456' }),
    other: 400,
  },
  'POST /api/user/2fa/recovery': {
    url: '/api/user/2fa/recovery',
    payload: () => ({ password: 'not her password', code: '123456' }),
    other: 400,
  },
  'POST /api/user/2fa/passkeys/options': { url: '/api/user/2fa/passkeys/options', other: 200 },
  'POST /api/user/2fa/passkeys': {
    url: '/api/user/2fa/passkeys',
    payload: () => ({ name: 'Laptop', response: { id: 'x' } }),
    other: 400,
  },
  'POST /api/user/2fa/passkeys/:id/remove': {
    url: '/api/user/2fa/passkeys/00000000-0000-4000-8000-000000000000/remove',
    payload: () => ({ password: 'not her password', code: '123456' }),
    other: 400,
  },
  // A made-up sign-in challenge: nobody finishes a sign-in they did not start with the password.
  'POST /api/user/login/2fa': {
    url: '/api/user/login/2fa',
    payload: () => ({ challenge: 'made-up', code: '123456' }),
    anonymous: 401,
    other: 401,
  },
  'GET /api/user/messagePolicy': { url: '/api/user/messagePolicy', other: 200 },
  'PATCH /api/user/messagePolicy': {
    url: '/api/user/messagePolicy',
    payload: () => ({ policy: 'everyone' }),
    other: 200,
  },
  // Reports: anyone signed in (Alice's post, reported again: the open report is answered).
  'POST /api/report': {
    url: '/api/report',
    payload: (v) => ({ targetType: 'post', targetId: v.alicePost, reason: 'spam' }),
    other: 200,
  },
  // Releases (issue 33): administrators only; this app's registry is empty, so an action names no remote (404).
  'GET /api/admin/releases': { url: '/api/admin/releases', other: 403, admin: 200 },
  'POST /api/admin/releases/:remote/:action': {
    url: '/api/admin/releases/mfe-static/pause',
    payload: () => ({ reason: 'matrix' }),
    other: 403,
    admin: 404,
  },
  // Moderation: administrators only (403 for anyone else), aimed at a person of its own, never at Alice.
  'GET /api/admin/reports': { url: '/api/admin/reports?status=open&page=0', other: 403, admin: 200 },
  'POST /api/admin/reports/:id/resolve': {
    url: async (v) => `/api/admin/reports/${await freshReport(v)}/resolve`,
    payload: () => ({ action: 'dismiss', reason: 'matrix' }),
    other: 403,
    admin: 200,
  },
  'POST /api/admin/users/:id/suspend': {
    url: async () => `/api/admin/users/${await moderated()}/suspend`,
    payload: () => ({ reason: 'matrix' }),
    other: 403,
    admin: 200,
  },
  'DELETE /api/admin/users/:id/suspend': {
    url: async () => `/api/admin/users/${await moderated()}/suspend`,
    payload: () => ({ reason: 'matrix' }),
    other: 403,
    admin: 200,
  },
  'POST /api/admin/users/:id/silence': {
    url: async () => `/api/admin/users/${await moderated()}/silence`,
    payload: () => ({ reason: 'matrix' }),
    other: 403,
    admin: 200,
  },
  'DELETE /api/admin/users/:id/silence': {
    url: async () => `/api/admin/users/${await moderated()}/silence`,
    payload: () => ({ reason: 'matrix' }),
    other: 403,
    admin: 200,
  },
  // Alice's post was not removed: the administrator gets past the check and hears why (409).
  'POST /api/admin/posts/:id/restore': {
    url: (v) => `/api/admin/posts/${v.alicePost}/restore`,
    payload: () => ({ reason: 'matrix' }),
    other: 403,
    admin: 409,
  },
  'GET /api/admin/audit': { url: '/api/admin/audit?page=0', other: 403, admin: 200 },
  'GET /api/media/avatars/:file': { url: '/api/media/avatars/nobody.webp', anonymous: 404, other: 404 },
  // The site (no site built in this test): public files and pages.
  'GET /remotes.json': { url: '/remotes.json', anonymous: 404, other: 404 },
  'GET /config.json': { url: '/config.json', anonymous: 200, other: 200 },
  'GET /*': { url: '/some/page', anonymous: 404, other: 404 },
  'GET /speculation-rules.json': { url: '/speculation-rules.json', anonymous: 200, other: 200 },
  'GET /': { url: '/', anonymous: 404, other: 404 },
};

let app: ReturnType<typeof useApp>['app'];
let aliceSessionId: string | null = null;
async function aliceSession(v: Victims): Promise<string> {
  if (aliceSessionId) return aliceSessionId;
  const r = await call(app, 'GET /api/user/sessions', { token: v.alice.token });
  aliceSessionId = r.body.value[0]._id as string;
  return aliceSessionId;
}
async function freshPerson(): Promise<string> {
  return (await signup(app)).id;
}
async function aliceWord(v: Victims): Promise<string> {
  const r = await call(app, 'POST /api/user/mutedWords', {
    token: v.alice.token,
    payload: { word: 'quasar' },
  });
  return r.body.value._id;
}
/** Alice's position (issue 31): only she may ever read it, and she is never the caller here. */
const ALICE_AT = { latitude: 12.3456, longitude: 65.4321 };
async function freshPost(v: Victims): Promise<string> {
  const r = await call(app, 'POST /api/post', {
    token: v.alice.token,
    payload: { content: 'delete me?', location: LOCATION },
  });
  return r.body.value._id;
}

/** An open report (Bob's, of a fresh post of Alice's), for each resolve. */
async function freshReport(v: Victims): Promise<string> {
  const r = await call(app, 'POST /api/report', {
    token: v.bob.token,
    payload: { targetType: 'post', targetId: await freshPost(v), reason: 'spam' },
  });
  return r.body.value._id;
}
/** The person the moderation rows act on: one of their own, so nobody else's account changes. */
let moderatedId: string | null = null;
async function moderated(): Promise<string> {
  moderatedId ??= (await signup(app)).id;
  return moderatedId;
}

describe(`access matrix: every call x ${WHO.join(', ')} (${TEST_DB})`, () => {
  const ctx = useApp();
  let victims: Victims;
  let bad: BadTokens;
  const people: Partial<Record<'other' | 'admin', SignedUp>> = {};

  /** A working token (the matrix's own sign-outs end the previous one). */
  const tokenOf = async (who: 'other' | 'admin'): Promise<string> => {
    const person = people[who]!;
    if ((await call(ctx.app, 'GET /api/user', { token: person.token })).status === 200) return person.token;
    const r = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: person.email, password: person.password },
    });
    assert.equal(r.status, 200, `${who} could not sign in again`);
    person.token = r.body.value;
    return person.token;
  };

  it('setup: Alice (owner), Bob, a stranger, an admin, and bad tokens for Alice', async () => {
    app = ctx.app;
    victims = await seedVictims(ctx.app, ctx.database);
    people.other = await signup(ctx.app);
    people.admin = victims.admin;
    bad = await badTokens(ctx.app, victims.alice, await signup(ctx.app));
    await ctx.database.db.execute(
      sql`UPDATE users SET latitude = ${ALICE_AT.latitude}, longitude = ${ALICE_AT.longitude} WHERE id = ${victims.alice.id}`,
    );
    await ctx.database.db.execute(
      sql`UPDATE posts SET latitude = ${ALICE_AT.latitude}, longitude = ${ALICE_AT.longitude}
          WHERE author_id = ${victims.alice.id}`,
    );
    assert.match(await aliceSession(victims), /^[0-9a-f-]{36}$/);
  });

  it('every registered route has a row', () => {
    const routes = ctx.app.routeList
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((r) => !MATRIX[r]);
    assert.deepEqual(missing, [], 'routes without an access row: add them to MATRIX');
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    assert.deepEqual(stale, [], 'rows for routes that no longer exist');
  });

  it('every call x every identity answers as expected, and leaks nothing of Alice', async () => {
    const mismatches: string[] = [];
    const leaks: string[] = [];
    const hash = (
      await rows<{ password_hash: string }>(
        ctx.database.db,
        sql`SELECT password_hash FROM users WHERE id = ${victims.alice.id}`,
      )
    )[0]!.password_hash;
    const routes = ctx.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const row = MATRIX[key];
      if (!row) continue;
      for (const who of WHO) {
        // Public: marked so under /api; the site's files and pages outside it.
        const open = route.public || !route.url.startsWith('/api/');
        const expected = NO_ACCOUNT.includes(who)
          ? open
            ? row.anonymous
            : 401
          : who === 'admin'
            ? (row.admin ?? row.other)
            : row.other;
        const token =
          who === 'anonymous'
            ? undefined
            : who === 'forged' || who === 'expired' || who === 'revoked'
              ? bad[who]
              : await tokenOf(who);
        const url = typeof row.url === 'string' ? row.url : await row.url(victims);
        const r = await call(ctx.app, `${route.method} ${url}`, {
          ...(token ? { token } : {}),
          ...(row.payload ? { payload: row.payload(victims) as never } : {}),
        });
        if (r.status !== expected)
          mismatches.push(
            `${key} as ${who}: ${r.status} (expected ${expected}) ${JSON.stringify(r.body).slice(0, 120)}`,
          );
        const text = r.res.body;
        for (const [what, secret] of [
          ['e-mail', victims.alice.email],
          ['password hash', hash],
          ['a message', victims.secretMessage],
          ['session', aliceSessionId!],
          ["Bob's e-mail", victims.bob.email],
        ] as const) {
          if (text.includes(secret)) leaks.push(`${key} as ${who} leaked Alice's ${what}`);
        }
        if (/\$argon2|password_?hash/i.test(text)) leaks.push(`${key} as ${who} carries a password hash`);
        if (text.includes(String(ALICE_AT.latitude)) || text.includes(String(ALICE_AT.longitude)))
          leaks.push(`${key} as ${who} leaked Alice's coordinates`);
      }
    }
    console.log(
      `access matrix (${TEST_DB}): ${routes.length} calls x ${WHO.length} identities = ${routes.length * WHO.length} answers checked`,
    );
    assert.deepEqual(leaks, []);
    assert.deepEqual(mismatches, []);
  });

  it("Alice's account is intact: her e-mail, password, posts and conversation", async () => {
    const me = await call(ctx.app, 'GET /api/user', { token: victims.alice.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.value.email, victims.alice.email);
    const login = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: victims.alice.email, password: victims.alice.password },
    });
    assert.equal(login.status, 200);
    assert.equal((await call(ctx.app, `GET /api/post/${victims.alicePost}`)).status, 200);
    const chats = await call(ctx.app, 'POST /api/user/getchats', {
      token: victims.alice.token,
      payload: { receiverId: victims.bob.id },
    });
    assert.ok(JSON.stringify(chats.body).includes(victims.secretMessage));
  });
});
