// The session store itself (src/plugins/app/sessions.ts), below the routes: rotation, the grace window, reuse ending
// the family, expiry, and revoking all but one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/database.js';
import { createSessionsStore, REFRESH_GRACE_MS, SESSION_IDLE_MS } from '../../src/plugins/app/sessions.js';
import { signup, useApp } from '../helper.js';

describe('session store', () => {
  const ctx = useApp();
  const store = () => createSessionsStore(ctx.database.db);
  const stored = async (token: string) =>
    rows<{ token_hash: string }>(
      ctx.database.db,
      sql`SELECT token_hash FROM refresh_tokens WHERE token_hash = ${token}`,
    );

  it('keeps refresh tokens hashed, rotates them, and cleans the user agent', async () => {
    const u = await signup(ctx.app);
    const { session, refreshToken, refreshExpiresAt } = await store().create(u.id, {
      userAgent: 'Agent\u0000With\nControls',
    });
    assert.equal(session.user_agent, 'AgentWithControls');
    assert.equal((await stored(refreshToken)).length, 0, 'never stored as given');
    // The refresh token lives the idle lifetime (ASVS V3.3.2: 30 minutes by default; it was 7 days before issue 32).
    assert.ok(refreshExpiresAt.getTime() > Date.now() + SESSION_IDLE_MS - 60_000);
    assert.ok(refreshExpiresAt.getTime() <= Date.now() + SESSION_IDLE_MS);
    const next = await store().rotate(refreshToken);
    assert.equal(next.kind, 'rotated');
    assert.ok(
      next.kind === 'rotated' && next.refreshToken !== refreshToken && next.session.id === session.id,
    );
  });

  it('a rotated token again: within the grace window a token only, later the whole session ends', async () => {
    const u = await signup(ctx.app);
    const { session, refreshToken } = await store().create(u.id);
    const next = await store().rotate(refreshToken);
    assert.equal(next.kind, 'rotated');
    assert.equal((await store().rotate(refreshToken)).kind, 'grace');
    await ctx.database.db.execute(
      sql`UPDATE refresh_tokens SET rotated_at = now() - ${`${REFRESH_GRACE_MS + 1000} milliseconds`}::interval
          WHERE session_id = ${session.id} AND rotated_at IS NOT NULL`,
    );
    const reuse = await store().rotate(refreshToken);
    assert.deepEqual(reuse, { kind: 'reused', sessionId: session.id, userId: u.id });
    assert.ok((await store().byId(session.id))?.revoked_at, 'revoked');
    // The newest token of the family is dead too.
    assert.equal(next.kind === 'rotated' && (await store().rotate(next.refreshToken)).kind, 'invalid');
  });

  it('the grace window admits one replay of a rotated token; a second one within it ends the session (issue 32)', async () => {
    const u = await signup(ctx.app);
    const { session, refreshToken } = await store().create(u.id);
    const next = await store().rotate(refreshToken);
    assert.equal(next.kind, 'rotated');
    assert.equal((await store().rotate(refreshToken)).kind, 'grace', 'the one replay');
    const again = await store().rotate(refreshToken);
    assert.deepEqual(
      again,
      { kind: 'reused', sessionId: session.id, userId: u.id },
      'a second replay is reuse',
    );
    assert.ok((await store().byId(session.id))?.revoked_at, 'revoked');
    assert.equal(next.kind === 'rotated' && (await store().rotate(next.refreshToken)).kind, 'invalid');
    // Two replays at the same moment: one gets the grace, the other is reuse (the row is locked).
    const b = await store().create(u.id);
    assert.equal((await store().rotate(b.refreshToken)).kind, 'rotated');
    const both = await Promise.all([store().rotate(b.refreshToken), store().rotate(b.refreshToken)]);
    assert.deepEqual(both.map((r) => r.kind).sort(), ['grace', 'reused']);
  });

  it('unknown, expired, revoked: invalid', async () => {
    const u = await signup(ctx.app);
    assert.equal((await store().rotate('not-a-token')).kind, 'invalid');
    const a = await store().create(u.id);
    await ctx.database.db.execute(
      sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = ${a.session.id}`,
    );
    assert.equal((await store().rotate(a.refreshToken)).kind, 'invalid', 'idle too long');
    const b = await store().create(u.id);
    await ctx.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${b.session.id}`,
    );
    assert.equal((await store().rotate(b.refreshToken)).kind, 'invalid', 'past the absolute end');
    const c = await store().create(u.id);
    assert.equal(await store().revoke(c.session.id, 'test'), true);
    assert.equal(await store().revoke(c.session.id, 'test'), false, 'once');
    assert.equal((await store().rotate(c.refreshToken)).kind, 'invalid');
  });

  it('revokes all sessions of a person but one, and never another person’s', async () => {
    const u = await signup(ctx.app);
    const other = await signup(ctx.app);
    const keep = await store().create(u.id);
    await store().create(u.id);
    const theirs = await store().create(other.id);
    // signup's own session and the extra one
    assert.equal(await store().revokeAll(u.id, 'test', keep.session.id), 2);
    assert.deepEqual(
      (await store().list(u.id)).map((s) => s.id),
      [keep.session.id],
    );
    assert.equal(await store().revoke(theirs.session.id, 'test', u.id), false, 'not yours');
    assert.equal((await store().list(other.id)).length, 2);
  });
});
