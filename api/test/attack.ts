// Shared by the fuzz suite and the access matrix (issue 21 item 7): people whose data an attacker must not touch, a
// fingerprint of that data, tokens an attacker may hold, and a seeded random source.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { rng } from '../bench/random.js';
import { type Database, rows } from '../src/db/database.js';
import { call, changePassword, type SignedUp, signup } from './helper.js';

/** The helper's JWT_SECRET: an expired token signed with it is genuine but old. */
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
export const LOCATION = { latitude: 10, longitude: 20, planetId: 'mars' };

/** The bench's seeded PRNG (mulberry32), so every run sends the same inputs (SEED=... to try others). */
export function prng(seed: number) {
  const next = rng(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof prng>;

export interface Victims {
  /** Two people with posts, comments, likes, follows and a conversation between them. */
  alice: SignedUp;
  bob: SignedUp;
  admin: SignedUp;
  alicePost: string;
  bobPost: string;
  aliceComment: string;
  conversationId: string;
  /** A text only Alice and Bob's conversation holds: no answer to anyone else may contain it. */
  secretMessage: string;
}

/** Alice and Bob's data, made through the API, and an admin (flag set in the database as the admin CLI does). */
export async function seedVictims(app: FastifyInstance, database: Database): Promise<Victims> {
  const alice = await signup(app);
  const bob = await signup(app);
  const admin = await signup(app);
  await database.db.execute(sql`UPDATE users SET admin = true WHERE id = ${admin.id}`);
  const post = async (who: SignedUp, content: string) => {
    const r = await call(app, 'POST /api/post', {
      token: who.token,
      payload: { content, location: LOCATION },
    });
    if (r.status !== 200) throw new Error(`post: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.value._id as string;
  };
  const alicePost = await post(alice, 'Alice was here');
  const bobPost = await post(bob, 'Bob too');
  const comment = await call(app, `POST /api/post/${bobPost}/comment`, {
    token: alice.token,
    payload: { content: 'nice' },
  });
  await call(app, `POST /api/post/${bobPost}/like`, { token: alice.token });
  await call(app, `POST /api/post/${alicePost}/save`, { token: bob.token });
  await call(app, `POST /api/user/${bob.id}/follow`, { token: alice.token });
  await call(app, 'PATCH /api/user/changeBio', { token: bob.token, payload: { newBio: 'Bob of Mars' } });
  const secretMessage = `secret-${createHash('sha256').update(alice.id).digest('hex').slice(0, 16)}`;
  const sent = await call(app, 'POST /api/user/chat', {
    token: alice.token,
    payload: { content: secretMessage, receiverId: bob.id },
  });
  if (sent.status !== 200) throw new Error(`chat: ${sent.status} ${JSON.stringify(sent.body)}`);
  return {
    alice,
    bob,
    admin,
    alicePost,
    bobPost,
    aliceComment: comment.body.value._id,
    conversationId: sent.body.value.conversationId,
    secretMessage,
  };
}

/**
 * A fingerprint of everything the given people own: their accounts (not the counters others' follows change),
 * posts and comments (not like/comment counters), likes, saves, follows, their conversations with each other and
 * the messages in them, their rows in any other table with a user_id (sessions, e-mail changes...), and the planets
 * and FAQs. Password reset rows are left out: anyone may ask for a reset of any address, by design.
 */
export async function fingerprint(database: Database, owners: string[]): Promise<Record<string, string>> {
  const ids = owners.join(',');
  const list = sql`string_to_array(${ids}, ',')::uuid[]`;
  const hash = async (name: string, query: ReturnType<typeof sql>) => {
    const r = await rows<{ h: string | null; n: number }>(database.db, query);
    return [name, `${r[0]?.n ?? 0}:${r[0]?.h ?? ''}`] as const;
  };
  const agg = (expr: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    sql`md5(coalesce(string_agg(${expr}, ',' ORDER BY ${order}), '')) AS h, count(*)::int AS n`;
  const parts = [
    await hash(
      'users',
      sql`SELECT ${agg(sql`concat_ws('|', id, user_name, email, password_hash, avatar_file, bio, planet_id, latitude, longitude, admin, token_version, deleted_at)`, sql`id`)}
          FROM users WHERE id = ANY(${list})`,
    ),
    await hash(
      'posts',
      // Comments too: they are rows of posts (parent_id, thread_seq), drizzle/0004.
      sql`SELECT ${agg(sql`concat_ws('|', id, author_id, content, deleted, parent_id, thread_seq, planet_id, latitude, longitude)`, sql`id`)}
          FROM posts WHERE author_id = ANY(${list})`,
    ),
    await hash(
      'likes',
      sql`SELECT ${agg(sql`concat_ws('|', user_id, post_id)`, sql`user_id, post_id`)} FROM likes WHERE user_id = ANY(${list})`,
    ),
    await hash(
      'saves',
      sql`SELECT ${agg(sql`concat_ws('|', user_id, post_id)`, sql`user_id, post_id`)} FROM saves WHERE user_id = ANY(${list})`,
    ),
    await hash(
      'follows',
      sql`SELECT ${agg(sql`concat_ws('|', follower_id, followee_id)`, sql`follower_id, followee_id`)}
          FROM follows WHERE follower_id = ANY(${list})`,
    ),
    await hash(
      'conversations',
      sql`SELECT ${agg(sql`concat_ws('|', id, user_a, user_b, read_a, read_b)`, sql`id`)}
          FROM conversations WHERE user_a = ANY(${list}) AND user_b = ANY(${list})`,
    ),
    await hash(
      'messages',
      sql`SELECT ${agg(sql`concat_ws('|', m.id, m.conversation_id, m.sender_id, m.content)`, sql`m.id`)}
          FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE c.user_a = ANY(${list}) AND c.user_b = ANY(${list})`,
    ),
    await hash(
      'notifications',
      // What they did to each other, and whether they read it. A stranger's like or follow is news to them, not a
      // change of theirs: rows by other actors are left out (issue 22).
      sql`SELECT ${agg(sql`concat_ws('|', id, user_id, actor_id, kind, post_id, source_id, read_at)`, sql`id`)}
          FROM notifications WHERE user_id = ANY(${list}) AND actor_id = ANY(${list})`,
    ),
    await hash('planets', sql`SELECT ${agg(sql`p::text`, sql`p.id`)} FROM planets p`),
    await hash('faqs', sql`SELECT ${agg(sql`f::text`, sql`f.id`)} FROM faqs f`),
  ];
  const known = new Set(['users', 'posts', 'likes', 'saves', 'follows', 'password_resets', 'notifications']);
  const others = await rows<{ table_name: string }>(
    database.db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`,
  );
  for (const { table_name } of others) {
    if (known.has(table_name) || !/^[a-z_]+$/.test(table_name)) continue;
    const t = sql.raw(`"${table_name}"`);
    parts.push(
      await hash(
        table_name,
        sql`SELECT ${agg(sql`x::text`, sql`x::text`)} FROM ${t} x WHERE x.user_id = ANY(${list})`,
      ),
    );
  }
  return Object.fromEntries(parts);
}

/** Every user id that exists now. */
export async function allUserIds(database: Database): Promise<string[]> {
  return (await rows<{ id: string }>(database.db, sql`SELECT id FROM users ORDER BY id`)).map((r) => r.id);
}

export interface BadTokens {
  forged: string;
  expired: string;
  revoked: string;
  unsigned: string;
}

/**
 * Tokens an attacker may hold for `victim`: signed with another secret, genuine but expired, genuine but revoked (a
 * token of `spare`, whose password then changed), and one with `alg: none`.
 */
export async function badTokens(app: FastifyInstance, victim: SignedUp, spare: SignedUp): Promise<BadTokens> {
  const now = Math.floor(Date.now() / 1000);
  const forged = await new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(victim.id)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
  const expired = await new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(victim.id)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(SECRET);
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${enc({ alg: 'none' })}.${enc({ sub: victim.id, tv: 0, exp: now + 3600 })}.`;
  const revoked = spare.token;
  const changed = await changePassword(app, spare);
  if (changed.status !== 200)
    throw new Error(`could not revoke: ${changed.status} ${JSON.stringify(changed.body)}`);
  const still = await call(app, 'GET /api/user', { token: revoked });
  if (still.status !== 401) throw new Error(`the revoked token still works (${still.status})`);
  return { forged, expired, revoked, unsigned };
}

/** Route parameters of a registered URL: `/api/post/:id/like` -> ['id']; the wildcard is `*`. */
export const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
