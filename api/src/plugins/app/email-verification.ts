// E-mail confirmation of a sign-up (issue 32 item 1): a link `${publicOrigin}/verifyemail/<token>` valid 48 hours
// (drizzle/0010 email_verifications keeps its SHA-256 only). Until the address is confirmed the account works, with
// the limits of UNCONFIRMED_LIMITS (docs/security.md). Accounts that existed before 0010 count as confirmed.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/ids.js';

export const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

/** What an unconfirmed account may do less of (routes/api/posts.ts and user-chat.ts apply them). */
export const UNCONFIRMED_LIMITS = {
  /**
   * Posts, replies and comments together, per hour, while RATE_LIMIT is on (a confirmed account: 30 a minute each,
   * rate-limit.ts).
   */
  postsPerHour: { name: 'unconfirmed-posts', max: 30, timeWindow: '1 hour' },
  /**
   * New conversations a day with people who do not follow the account (answering, going on with a conversation and
   * writing to a follower stay free).
   */
  newConversationsPerDay: 3,
} as const;

export const UNCONFIRMED_MESSAGE_REFUSED =
  'Confirm your e-mail address to start more conversations: until then you can start 3 a day with people who do ' +
  'not follow you. The link is in the mail we sent at sign-up (Settings can send a new one).';

export const UNCONFIRMED_POSTS_LIMITED =
  'Confirm your e-mail address to post more: until then an account can post 30 times an hour. ' +
  'The link is in the mail we sent at sign-up (Settings can send a new one).';

/**
 * A preHandler for posting routes: an unconfirmed account's posts, replies and comments count against
 * UNCONFIRMED_LIMITS.postsPerHour (one counter for all), 429 past it. Nothing when RATE_LIMIT is off.
 */
export function unconfirmedPostingLimit(app: FastifyInstance) {
  const { name, ...window } = UNCONFIRMED_LIMITS.postsPerHour;
  const check = app.createRateLimit({
    ...window,
    keyGenerator: (request: FastifyRequest) => `unconfirmed:${request.user?.id ?? request.ip}`,
    limitName: name,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!app.config.rateLimit || !request.user) return;
    if (await isEmailVerified(app.db, request.user.id)) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, UNCONFIRMED_POSTS_LIMITED);
  };
}

/**
 * Refuses (403) a direct message from an unconfirmed account that would start its
 * UNCONFIRMED_LIMITS.newConversationsPerDay + 1st conversation of the last 24 hours with someone who does not follow
 * it. Existing conversations and followers are always open.
 */
export async function assertMayMessage(db: Db, senderId: string, receiverId: string): Promise<void> {
  if (await isEmailVerifiedTogether(db, senderId)) return;
  const [open] = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM follows WHERE follower_id = ${receiverId} AND followee_id = ${senderId}
        UNION ALL
        SELECT 1 AS one FROM conversations
        WHERE (user_a = ${senderId} AND user_b = ${receiverId}) OR (user_a = ${receiverId} AND user_b = ${senderId})
        LIMIT 1`,
  );
  if (open) return;
  const [started] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM conversations c
        WHERE (c.user_a = ${senderId} OR c.user_b = ${senderId})
          AND c.created_at > now() - interval '24 hours'
          AND (SELECT m.sender_id FROM messages m WHERE m.conversation_id = c.id
               ORDER BY m.created_at, m.id LIMIT 1) = ${senderId}`,
  );
  if ((started?.n ?? 0) >= UNCONFIRMED_LIMITS.newConversationsPerDay)
    throw new HttpError(403, UNCONFIRMED_MESSAGE_REFUSED);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Mails a new confirmation link to the account's address; earlier links of the account stop working. Nothing for an
 * account without an address. Never throws: a failure is logged (the person can ask again from Settings).
 */
export async function sendEmailVerification(
  app: FastifyInstance,
  request: FastifyRequest | null,
  user: { id: string; email: string | null; user_name: string },
): Promise<void> {
  if (!user.email) return;
  const log = request?.log ?? app.log;
  try {
    const token = randomToken();
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM email_verifications WHERE user_id = ${user.id} AND used_at IS NULL`);
      await tx.execute(
        sql`INSERT INTO email_verifications (token_hash, user_id, email, expires_at)
            VALUES (${sha256(token)}, ${user.id}, ${user.email}, ${new Date(Date.now() + VERIFICATION_TTL_MS)})`,
      );
    });
    const link = `${app.config.publicOrigin}/verifyemail/${token}`;
    await app.mailer.send({
      to: user.email,
      subject: 'Confirm your Skynet e-mail address',
      text: `Hello ${user.user_name},\n\nWelcome to Skynet. To confirm this is your address, open this link within 48 hours:\n\n${link}\n\nUntil then your account can post less often and message only people who follow you or wrote to you first. If you did not sign up, ignore this e-mail.\n`,
      html: `<p>Hello ${escapeHtml(user.user_name)},</p><p>Welcome to Skynet. To confirm this is your address, open this link within 48 hours:</p><p><a href="${link}">${link}</a></p><p>Until then your account can post less often and message only people who follow you or wrote to you first. If you did not sign up, ignore this e-mail.</p>`,
    });
  } catch (err) {
    log.error({ err }, 'e-mail confirmation mail failed');
  }
}

export type VerifyResult = { kind: 'confirmed'; userId: string } | { kind: 'used' } | { kind: 'invalid' };

/**
 * Uses a confirmation link: the account's address is confirmed when the link is live and the account still has the
 * address it was sent to. A link is used once.
 */
export async function confirmEmailVerification(db: Db, token: string): Promise<VerifyResult> {
  return db.transaction(async (tx): Promise<VerifyResult> => {
    const [found] = await rows<{
      user_id: string;
      email: string;
      expires_at: Date | string;
      used_at: Date | string | null;
    }>(
      tx,
      sql`SELECT user_id, email, expires_at, used_at FROM email_verifications
          WHERE token_hash = ${sha256(token)} FOR UPDATE`,
    );
    if (!found) return { kind: 'invalid' };
    if (found.used_at) return { kind: 'used' };
    if (new Date(found.expires_at).getTime() <= Date.now()) return { kind: 'invalid' };
    const [user] = await rows<{ id: string }>(
      tx,
      sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now())
          WHERE id = ${found.user_id} AND email = ${found.email} AND deleted_at IS NULL RETURNING id`,
    );
    if (!user) return { kind: 'invalid' };
    await tx.execute(
      sql`UPDATE email_verifications SET used_at = now() WHERE user_id = ${found.user_id} AND used_at IS NULL`,
    );
    return { kind: 'confirmed', userId: user.id };
  });
}

/** Whether the account's address is confirmed (an unknown account: false). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [found] = await rows<{ verified: boolean }>(
    db,
    sql`SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${userId}`,
  );
  return found?.verified === true;
}

/** Who waits for which account's answer, per database handle, until the next turn of the event loop. */
type VerifiedWaiters = Map<
  string,
  { resolve: (verified: boolean) => void; reject: (err: unknown) => void }[]
>;
const verifiedWaiting = new WeakMap<Db, VerifiedWaiters>();

/**
 * isEmailVerified for every send (assertMayMessage): the accounts asked for during one turn of the event loop are
 * read by one query on the next turn (at 1,000 messages/s one per send was the API's most frequent statement; the CPU
 * profile of issue 34). Each answer is read after its question, as with isEmailVerified: nothing is cached. When the
 * batch's query fails, each account is read alone, so one bad id fails only its own caller.
 */
export function isEmailVerifiedTogether(db: Db, userId: string): Promise<boolean> {
  let waiting = verifiedWaiting.get(db);
  if (!waiting) {
    const batch: VerifiedWaiters = new Map();
    waiting = batch;
    verifiedWaiting.set(db, batch);
    setImmediate(() => {
      verifiedWaiting.delete(db);
      void readVerified(db, batch);
    });
  }
  const batch = waiting;
  return new Promise((resolve, reject) => {
    const list = batch.get(userId);
    if (list) list.push({ resolve, reject });
    else batch.set(userId, [{ resolve, reject }]);
  });
}

async function readVerified(db: Db, batch: VerifiedWaiters): Promise<void> {
  const ids = [...batch.keys()];
  if (ids.length === 1) {
    const [id] = ids;
    const waiters = batch.get(id!)!;
    try {
      const verified = await isEmailVerified(db, id!);
      for (const w of waiters) w.resolve(verified);
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
    return;
  }
  try {
    const found = await rows<{ id: string }>(
      db,
      sql`SELECT id::text AS id FROM users
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) AND email_verified_at IS NOT NULL`,
    );
    const verified = new Set(found.map((r) => r.id.toLowerCase()));
    for (const [id, waiters] of batch) for (const w of waiters) w.resolve(verified.has(id.toLowerCase()));
  } catch {
    await Promise.all(ids.map((id) => readVerified(db, new Map([[id, batch.get(id)!]]))));
  }
}

/** Marks an account confirmed (the identity provider said its address is verified). */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = ${userId}`,
  );
}
