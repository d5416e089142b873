// What the moderators do to a person or a post (issue 31), each with its audit entry and the person's notice in the
// same transaction. A database factory: the API (moderation-repository.ts) and `npm run admin` act alike.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/database.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { type Actor, type Query, recordAudit, recordNotice } from './audit.js';

export type PersonAction = 'warn' | 'silence' | 'unsilence' | 'suspend' | 'unsuspend';

/** What the API does once an action has committed (the CLI leaves it to the database's notifications). */
export interface Effects {
  /** Accounts whose standing changed (suspension): their cached token entry goes, their sockets end. */
  accounts: string[];
  /** Posts removed (`gone`) or restored: their feed pages change. */
  posts: { id: string; planetId: string; gone: boolean }[];
  /** People with a new notice: their unread count changed. */
  notified: string[];
  /** Silencing changed what the public feeds show. */
  feeds: boolean;
}

export const noEffects = (): Effects => ({ accounts: [], posts: [], notified: [], feeds: false });

/** The notice each action sends, with the moderator's reason. */
const NOTICES: Record<PersonAction | 'remove' | 'restore' | 'delete', string> = {
  warn: 'The moderators warned you',
  silence:
    'The moderators silenced your account (your posts no longer show in the galaxy and planet feeds or in search)',
  unsilence: 'The moderators lifted the silencing of your account',
  suspend: 'The moderators suspended your account',
  unsuspend: 'The moderators lifted the suspension of your account',
  remove: 'The moderators removed your post',
  restore: 'The moderators restored your post',
  delete: 'The moderators deleted your post',
};
const noticeText = (kind: keyof typeof NOTICES, reason: string) =>
  reason ? `${NOTICES[kind]}: ${reason}` : `${NOTICES[kind]}.`;

interface PersonRow {
  id: string;
  suspended_at: Date | string | null;
  silenced_at: Date | string | null;
}

interface PostRow {
  author_id: string;
  planet_id: string;
  deleted: boolean;
  removed: boolean;
  thread_seq: number | null;
}

/**
 * An action on a person, in the caller's transaction. `changed` is false when there was nothing to do (already
 * silenced, not suspended...): then nothing is written. 404 for an unknown person.
 */
export async function actOnPerson(
  q: Query,
  actor: Actor,
  action: PersonAction,
  userId: string,
  reason: string,
): Promise<{ changed: boolean; effects: Effects }> {
  const effects = noEffects();
  const [person] = await rows<PersonRow>(
    q,
    sql`SELECT id, suspended_at, silenced_at FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  if (!person) throw notFound('User not found.');
  switch (action) {
    case 'warn':
      break;
    case 'silence':
    case 'unsilence': {
      if ((person.silenced_at !== null) === (action === 'silence')) return { changed: false, effects };
      await q.execute(
        sql`UPDATE users SET silenced_at = ${action === 'silence' ? sql`now()` : sql`NULL`} WHERE id = ${userId}`,
      );
      effects.feeds = true;
      break;
    }
    case 'suspend':
    case 'unsuspend': {
      if ((person.suspended_at !== null) === (action === 'suspend')) return { changed: false, effects };
      // The token version moves both ways: every API process hears of it at commit (drizzle/0002) and reloads the
      // account's suspended flag; on suspension it also ends every token and, with the sessions, every socket.
      await q.execute(
        sql`UPDATE users SET suspended_at = ${action === 'suspend' ? sql`now()` : sql`NULL`},
              token_version = token_version + 1
            WHERE id = ${userId}`,
      );
      if (action === 'suspend')
        await q.execute(
          sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'suspended by the moderators'
              WHERE user_id = ${userId} AND revoked_at IS NULL`,
        );
      effects.accounts.push(userId);
      break;
    }
  }
  await recordAudit(q, actor, { action: `user.${action}`, targetType: 'user', targetId: userId, reason });
  await recordNotice(q, actor, { userId, message: noticeText(action, reason) });
  effects.notified.push(userId);
  return { changed: true, effects };
}

const lockPost = async (q: Query, postId: string) => {
  const [post] = await rows<PostRow>(
    q,
    sql`SELECT author_id, planet_id, deleted, removed, thread_seq FROM posts WHERE id = ${postId} FOR UPDATE`,
  );
  if (!post) throw notFound('Post not found.');
  return post;
};

/**
 * Removes a post (or reply) as the moderators: deleted for everyone (the API answers its content as '' like any
 * deleted post) and marked `removed`; its text stays in the row so a restore can bring it back. 409 when it is
 * already deleted.
 */
export async function removePost(q: Query, actor: Actor, postId: string, reason: string): Promise<Effects> {
  const post = await lockPost(q, postId);
  if (post.deleted) throw conflict('This post is already deleted.');
  await q.execute(sql`UPDATE posts SET deleted = true, removed = true WHERE id = ${postId}`);
  // As posts-repository's remove: a comment never counted in postCount.
  if (post.thread_seq === null)
    await q.execute(
      sql`UPDATE users SET post_count = GREATEST(post_count - 1, 0) WHERE id = ${post.author_id}`,
    );
  return postActed(q, actor, 'remove', postId, post, reason, true);
}

/** Undoes a removal by the moderators: the post is back where it stood. 409 when it was not removed. */
export async function restorePost(q: Query, actor: Actor, postId: string, reason: string): Promise<Effects> {
  const post = await lockPost(q, postId);
  if (!post.removed) throw conflict('This post was not removed by the moderators.');
  const [author] = await rows(
    q,
    sql`SELECT 1 FROM users WHERE id = ${post.author_id} AND deleted_at IS NULL`,
  );
  if (!author) throw conflict('Its author deleted their account: the post cannot come back.');
  await q.execute(sql`UPDATE posts SET deleted = false, removed = false WHERE id = ${postId}`);
  if (post.thread_seq === null)
    await q.execute(sql`UPDATE users SET post_count = post_count + 1 WHERE id = ${post.author_id}`);
  return postActed(q, actor, 'restore', postId, post, reason, false);
}

async function postActed(
  q: Query,
  actor: Actor,
  action: 'remove' | 'restore',
  postId: string,
  post: PostRow,
  reason: string,
  gone: boolean,
): Promise<Effects> {
  await recordAudit(q, actor, { action: `post.${action}`, targetType: 'post', targetId: postId, reason });
  await recordNotice(q, actor, { userId: post.author_id, postId, message: noticeText(action, reason) });
  return {
    ...noEffects(),
    posts: [{ id: postId, planetId: post.planet_id, gone }],
    notified: [post.author_id],
  };
}

/** An administrator deleted someone else's post (DELETE /api/post/:id), inside that deletion's transaction. */
export async function recordAdminDelete(
  q: Query,
  actor: Actor,
  post: { id: string; authorId: string },
): Promise<void> {
  await recordAudit(q, actor, { action: 'post.delete', targetType: 'post', targetId: post.id, reason: '' });
  await recordNotice(q, actor, { userId: post.authorId, postId: post.id, message: noticeText('delete', '') });
}

/** `npm run admin -- grant|revoke`: names an administrator or no longer. False for an unknown person. */
export async function setAdmin(
  db: Db,
  actor: Actor,
  userId: string,
  admin: boolean,
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await rows(tx, sql`UPDATE users SET admin = ${admin} WHERE id = ${userId} RETURNING id`);
    if (found.length === 0) return false;
    const action = admin ? 'admin.grant' : 'admin.revoke';
    await recordAudit(tx, actor, { action, targetType: 'user', targetId: userId, reason });
    return true;
  });
}

/**
 * Undoes an account's deletion within its grace period (support: "contact support to undo it", spec point 111):
 * the account, its profile and its posts are back at once (issue 31 hid them at deletion). False when it was not
 * deleted (or is purged already). The person signs in again: deletion ended every token.
 */
export async function undoDeletion(db: Db, actor: Actor, userId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await rows(
      tx,
      sql`UPDATE users SET deleted_at = NULL WHERE id = ${userId} AND deleted_at IS NOT NULL RETURNING id`,
    );
    if (found.length === 0) return false;
    await recordAudit(tx, actor, { action: 'user.undelete', targetType: 'user', targetId: userId, reason });
    return true;
  });
}

/**
 * Signs a person out everywhere: every session ends and every token with the version bump; both write triggers
 * that tell every API process (drizzle/0002, 0003), whose sockets for them end at once. The sessions ended.
 */
export async function signOutEverywhere(
  db: Db,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await rows(
      tx,
      sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'signed out by an administrator'
          WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`,
    );
    await tx.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${userId}`);
    await recordAudit(tx, actor, { action: 'user.signout', targetType: 'user', targetId: userId, reason });
    return ended.length;
  });
}
