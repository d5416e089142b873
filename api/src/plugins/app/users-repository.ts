import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import { conflict } from '../../lib/errors.js';
import { sha256 } from '../../lib/ids.js';
import { PAGE_SIZE } from '../../lib/paging.js';
import { lockUsers, retryOnConflict } from '../../lib/retry.js';
import type { CurrentUser, User } from '../../schemas/entities.js';

export const avatarUrl = (file: string | null): string | null => (file ? `/api/media/avatars/${file}` : null);

export interface UserRow {
  id: string;
  user_name: string;
  email: string | null;
  password_hash: string | null;
  avatar_file: string | null;
  bio: string;
  planet_id: string;
  latitude: number;
  longitude: number;
  admin: boolean;
  token_version: number;
  follower_count: number;
  following_count: number;
  post_count: number;
  created_at: Date | string;
  deleted_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function toUser(r: UserRow): User {
  return {
    _id: r.id,
    userName: r.user_name,
    avatarUrl: avatarUrl(r.avatar_file),
    bio: r.bio,
    createdAt: iso(r.created_at),
    deleted: r.deleted_at !== null,
    followerCount: r.follower_count,
    followingCount: r.following_count,
    postCount: r.post_count,
    location: { planetId: r.planet_id, latitude: r.latitude, longitude: r.longitude },
  };
}

export function toCurrentUser(r: UserRow): CurrentUser {
  return {
    _id: r.id,
    userName: r.user_name,
    ...(r.email ? { email: r.email } : {}),
    avatarUrl: avatarUrl(r.avatar_file),
    bio: r.bio,
    followerCount: r.follower_count,
    followingCount: r.following_count,
    postCount: r.post_count,
    admin: r.admin,
    createdAt: iso(r.created_at),
    location: { planetId: r.planet_id, latitude: r.latitude, longitude: r.longitude },
  };
}

const USER_COLUMNS = sql.raw(
  'u.id, u.user_name, u.email, u.password_hash, u.avatar_file, u.bio, u.planet_id, u.latitude, u.longitude, u.admin, u.token_version, u.follower_count, u.following_count, u.post_count, u.created_at, u.deleted_at',
);

/** Maps a unique-constraint violation to the sentence the person needs. */
export function uniqueViolation(err: unknown): Error | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (code !== '23505') return null;
  if (constraint.includes('email')) return conflict('An account with that e-mail already exists.');
  if (constraint.includes('user_name')) return conflict('That username is already taken.');
  return conflict('That already exists.');
}

export interface NewUser {
  userName: string;
  email: string | null;
  passwordHash: string | null;
  planetId: string;
  latitude: number;
  longitude: number;
  oidcIssuer?: string;
  oidcSubject?: string;
}

/** `profileChanged`: called after a user's name or avatar changed (the feed cache holds both in its pages). */
export function createUsersRepository(db: Db, profileChanged: () => Promise<void> = async () => {}) {
  const one = async (query: ReturnType<typeof sql>) => (await rows<UserRow>(db, query))[0] ?? null;

  return {
    async create(u: NewUser): Promise<UserRow> {
      try {
        const row = await one(sql`
          INSERT INTO users AS u (user_name, email, password_hash, planet_id, latitude, longitude, oidc_issuer, oidc_subject)
          VALUES (${u.userName}, ${u.email}, ${u.passwordHash}, ${u.planetId}, ${u.latitude}, ${u.longitude},
                  ${u.oidcIssuer ?? null}, ${u.oidcSubject ?? null})
          RETURNING ${USER_COLUMNS}`);
        if (!row) throw new Error('insert returned nothing');
        return row;
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
    },

    /** Any user, deleted or not (profiles show deleted users as such). */
    byId(id: string): Promise<UserRow | null> {
      return one(sql`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ${id}`);
    },

    /** Whether the account exists, deleted or not (a user's feed of an unknown id is 404). */
    async exists(id: string): Promise<boolean> {
      return (await rows(db, sql`SELECT 1 FROM users WHERE id = ${id}`)).length > 0;
    },

    byEmail(email: string): Promise<UserRow | null> {
      return one(sql`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = ${email.toLowerCase()}`);
    },

    byOidc(issuer: string, subject: string): Promise<UserRow | null> {
      return one(
        sql`SELECT ${USER_COLUMNS} FROM users u WHERE u.oidc_issuer = ${issuer} AND u.oidc_subject = ${subject}`,
      );
    },

    async userNameTaken(userName: string): Promise<boolean> {
      const r = await rows(db, sql`SELECT 1 FROM users WHERE lower(user_name) = lower(${userName})`);
      return r.length > 0;
    },

    /**
     * Names holding the text, ranked: the exact name first, then names starting with it, then the others holding it;
     * within each, the most followed first, then by id; the text is only ever data. Two ranking steps in that order,
     * so a page within the prefix matches (the common case) ranks one range of users_user_name_prefix_rank_idx from
     * the index alone (the trigram index, sorted whole, took 100-190 ms a page at 100,000 users); the second step runs
     * only for the pages beyond them. Both rank ids; the rows are read for the page's ids only.
     */
    async search(text: string, page: number): Promise<User[]> {
      const needle = text.toLowerCase();
      const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
      const need = (page + 1) * PAGE_SIZE;
      const prefix = await rows<{ id: string }>(
        db,
        sql`SELECT u.id FROM users u
            WHERE u.deleted_at IS NULL AND lower(u.user_name) LIKE ${`${escaped}%`}
            ORDER BY (lower(u.user_name) = ${needle}) DESC, u.follower_count DESC, u.id
            LIMIT ${need}`,
      );
      let ranked = prefix;
      if (prefix.length < need) {
        const inside = await rows<{ id: string }>(
          db,
          sql`SELECT u.id FROM users u
              WHERE u.deleted_at IS NULL AND lower(u.user_name) LIKE ${`%${escaped}%`}
                AND lower(u.user_name) NOT LIKE ${`${escaped}%`}
              ORDER BY u.follower_count DESC, u.id
              LIMIT ${need - prefix.length}`,
        );
        ranked = prefix.concat(inside);
      }
      const ids = ranked.slice(page * PAGE_SIZE).map((r) => r.id);
      if (ids.length === 0) return [];
      const found = await rows<UserRow>(
        db,
        sql`SELECT ${USER_COLUMNS} FROM users u WHERE u.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const byId = new Map(found.map((row) => [row.id, row]));
      // A user deleted between the two reads is left out.
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row && row.deleted_at === null ? [toUser(row)] : [];
      });
    },

    /**
     * People the user might follow (the desktop side column): not themself, not deleted, not followed yet; people of
     * the user's home planet first, then the most followed, then the newest.
     */
    async suggestions(userId: string, limit: number): Promise<User[]> {
      const list = await rows<UserRow>(
        db,
        sql`SELECT ${USER_COLUMNS} FROM users u
            WHERE u.deleted_at IS NULL AND u.id <> ${userId}
              AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${userId} AND f.followee_id = u.id)
            ORDER BY (u.planet_id = (SELECT planet_id FROM users WHERE id = ${userId})) DESC,
                     u.follower_count DESC, u.created_at DESC, u.id
            LIMIT ${limit}`,
      );
      return list.map(toUser);
    },

    async following(userId: string): Promise<User[]> {
      const list = await rows<UserRow>(
        db,
        sql`SELECT ${USER_COLUMNS} FROM follows f JOIN users u ON u.id = f.followee_id
            WHERE f.follower_id = ${userId} ORDER BY f.created_at DESC LIMIT 1000`,
      );
      return list.map(toUser);
    },

    async followers(userId: string): Promise<User[]> {
      const list = await rows<UserRow>(
        db,
        sql`SELECT ${USER_COLUMNS} FROM follows f JOIN users u ON u.id = f.follower_id
            WHERE f.followee_id = ${userId} ORDER BY f.created_at DESC LIMIT 1000`,
      );
      return list.map(toUser);
    },

    async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`SELECT 1 FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId}`,
      );
      return r.length > 0;
    },

    /**
     * Idempotent; both counts change in the same transaction as the follow row, so they never drift. Both user rows are
     * locked first, in id order, so two people following each other at the same moment never deadlock (and a
     * serialization failure runs the transaction again).
     */
    async follow(followerId: string, followeeId: string): Promise<void> {
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          await lockUsers(tx, followerId, followeeId);
          const inserted = await rows(
            tx,
            sql`INSERT INTO follows (follower_id, followee_id) VALUES (${followerId}, ${followeeId})
                ON CONFLICT DO NOTHING RETURNING follower_id`,
          );
          if (inserted.length === 0) return;
          await tx.execute(
            sql`UPDATE users SET following_count = following_count + 1 WHERE id = ${followerId}`,
          );
          await tx.execute(
            sql`UPDATE users SET follower_count = follower_count + 1 WHERE id = ${followeeId}`,
          );
        }),
      );
    },

    /** As follow: both rows locked in id order first, retried on a serialization failure. */
    async unfollow(followerId: string, followeeId: string): Promise<void> {
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          await lockUsers(tx, followerId, followeeId);
          const deleted = await rows(
            tx,
            sql`DELETE FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId}
                RETURNING follower_id`,
          );
          if (deleted.length === 0) return;
          await tx.execute(
            sql`UPDATE users SET following_count = GREATEST(following_count - 1, 0) WHERE id = ${followerId}`,
          );
          await tx.execute(
            sql`UPDATE users SET follower_count = GREATEST(follower_count - 1, 0) WHERE id = ${followeeId}`,
          );
        }),
      );
    },

    async setUserName(userId: string, userName: string): Promise<void> {
      try {
        await db.execute(sql`UPDATE users SET user_name = ${userName} WHERE id = ${userId}`);
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
      await profileChanged();
    },

    async setEmail(userId: string, email: string): Promise<void> {
      try {
        await db.execute(sql`UPDATE users SET email = ${email.toLowerCase()} WHERE id = ${userId}`);
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
    },

    async setBio(userId: string, bio: string): Promise<void> {
      await db.execute(sql`UPDATE users SET bio = ${bio} WHERE id = ${userId}`);
    },

    async setAvatar(userId: string, file: string): Promise<void> {
      await db.execute(sql`UPDATE users SET avatar_file = ${file} WHERE id = ${userId}`);
      await profileChanged();
    },

    /** Sets a new password hash and revokes every older token. Returns the new token version. */
    async setPassword(userId: string, passwordHash: string): Promise<number> {
      const [r] = await rows<{ token_version: number }>(
        db,
        sql`UPDATE users SET password_hash = ${passwordHash}, token_version = token_version + 1
            WHERE id = ${userId} RETURNING token_version`,
      );
      return r?.token_version ?? 0;
    },

    /** Stores a password-reset link's token (only its SHA-256) for the account, valid until `expiresAt`. */
    async addPasswordReset(userId: string, token: string, expiresAt: Date): Promise<void> {
      await db.execute(
        sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
            VALUES (${sha256(token)}, ${userId}, ${expiresAt})`,
      );
    },

    /**
     * Uses a password-reset link, in one transaction: the link is marked used, the account (if not deleted) gets the
     * new password hash and a new token version (older tokens stop working), and every other pending link of the
     * account is used up. Returns the account's id; null, with nothing changed, when the link is unknown, used or
     * expired, or the account deleted.
     */
    async resetPassword(token: string, passwordHash: string): Promise<string | null> {
      try {
        return await db.transaction(async (tx) => {
          const [r] = await rows<{ user_id: string }>(
            tx,
            sql`UPDATE password_resets SET used_at = now()
                WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now()
                RETURNING user_id`,
          );
          if (!r) return tx.rollback();
          const [u] = await rows<{ id: string }>(
            tx,
            sql`UPDATE users SET password_hash = ${passwordHash}, token_version = token_version + 1
                WHERE id = ${r.user_id} AND deleted_at IS NULL RETURNING id`,
          );
          if (!u) return tx.rollback();
          await tx.execute(
            sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${r.user_id} AND used_at IS NULL`,
          );
          return u.id;
        });
      } catch (err) {
        if (err instanceof TransactionRollbackError) return null;
        throw err;
      }
    },

    /** Deletion takes effect at once (tokens revoked); the purge job removes the account 30 days later. */
    async markDeleted(userId: string): Promise<void> {
      await db.execute(
        sql`UPDATE users SET deleted_at = now(), token_version = token_version + 1
            WHERE id = ${userId} AND deleted_at IS NULL`,
      );
    },

    /** Retires every token of the account (tokens from before sessions existed included). The new version. */
    async bumpTokenVersion(userId: string): Promise<number> {
      const [r] = await rows<{ token_version: number }>(
        db,
        sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${userId} RETURNING token_version`,
      );
      return r?.token_version ?? 0;
    },

    /**
     * Records a requested e-mail change (tokens stored as SHA-256 only); any earlier change still waiting for its
     * confirmation is cancelled.
     */
    async requestEmailChange(c: {
      userId: string;
      oldEmail: string;
      newEmail: string;
      confirmToken: string;
      undoToken: string;
      confirmExpiresAt: Date;
      undoExpiresAt: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE email_changes SET undone_at = now()
              WHERE user_id = ${c.userId} AND confirmed_at IS NULL AND undone_at IS NULL`,
        );
        await tx.execute(
          sql`INSERT INTO email_changes
                (user_id, old_email, new_email, confirm_hash, undo_hash, confirm_expires_at, undo_expires_at)
              VALUES (${c.userId}, ${c.oldEmail}, ${c.newEmail.toLowerCase()}, ${sha256(c.confirmToken)},
                      ${sha256(c.undoToken)}, ${c.confirmExpiresAt}, ${c.undoExpiresAt})`,
        );
      });
    },

    /**
     * Uses a confirmation link: the account's address becomes the new one, if the account still has the address the
     * change started from. Null when the link is unknown, used, cancelled or expired; a 409 when the address was
     * taken meanwhile.
     */
    async confirmEmailChange(token: string): Promise<{ userId: string; email: string } | null> {
      try {
        return await db.transaction(async (tx) => {
          const [c] = await rows<{ id: string; user_id: string; old_email: string; new_email: string }>(
            tx,
            sql`UPDATE email_changes SET confirmed_at = now()
                WHERE confirm_hash = ${sha256(token)} AND confirmed_at IS NULL AND undone_at IS NULL
                  AND confirm_expires_at > now()
                RETURNING id, user_id, old_email, new_email`,
          );
          if (!c) return tx.rollback();
          const [u] = await rows<{ id: string }>(
            tx,
            sql`UPDATE users SET email = ${c.new_email}
                WHERE id = ${c.user_id} AND email = ${c.old_email} AND deleted_at IS NULL RETURNING id`,
          );
          if (!u) return tx.rollback();
          return { userId: c.user_id, email: c.new_email };
        });
      } catch (err) {
        if (err instanceof TransactionRollbackError) return null;
        throw uniqueViolation(err) ?? err;
      }
    },

    /**
     * Uses an undo link (mailed to the old address): a waiting change is cancelled, a confirmed one reverted. Every
     * token of the account is retired (whoever made the change is signed out). Null when the link is unknown, used or
     * expired.
     */
    async undoEmailChange(
      token: string,
    ): Promise<{ userId: string; email: string; userName: string; reverted: boolean } | null> {
      try {
        return await db.transaction(async (tx) => {
          const [c] = await rows<{
            user_id: string;
            old_email: string;
            new_email: string;
            confirmed_at: Date | string | null;
          }>(
            tx,
            sql`UPDATE email_changes SET undone_at = now()
                WHERE undo_hash = ${sha256(token)} AND undone_at IS NULL AND undo_expires_at > now()
                RETURNING user_id, old_email, new_email, confirmed_at`,
          );
          if (!c) return tx.rollback();
          let reverted = false;
          if (c.confirmed_at) {
            const r = await rows(
              tx,
              sql`UPDATE users SET email = ${c.old_email} WHERE id = ${c.user_id} AND email = ${c.new_email}
                  RETURNING id`,
            );
            reverted = r.length > 0;
          }
          await tx.execute(
            sql`UPDATE email_changes SET undone_at = now()
                WHERE user_id = ${c.user_id} AND confirmed_at IS NULL AND undone_at IS NULL`,
          );
          const [u] = await rows<{ user_name: string }>(
            tx,
            sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${c.user_id} RETURNING user_name`,
          );
          if (!u) return tx.rollback();
          return { userId: c.user_id, email: c.old_email, userName: u.user_name, reverted };
        });
      } catch (err) {
        if (err instanceof TransactionRollbackError) return null;
        throw uniqueViolation(err) ?? err;
      }
    },

    async grantAdmin(email: string, admin = true): Promise<boolean> {
      const r = await rows(
        db,
        sql`UPDATE users SET admin = ${admin} WHERE email = ${email.toLowerCase()} RETURNING id`,
      );
      return r.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'usersRepository',
      createUsersRepository(app.db, () => app.feedChanged({ kind: 'clear' })),
    );
  },
  { name: 'users-repository', dependencies: ['database', 'feed-cache'] },
);
