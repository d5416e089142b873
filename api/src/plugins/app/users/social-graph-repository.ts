// The social graph: who follows whom (with both counts kept in step), the follow lists, and whom to suggest.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/database.js';
import { forbidden } from '../../../lib/errors.js';
import { lockUsers, retryOnConflict } from '../../../lib/retry.js';
import type { User } from '../../../schemas/entities.js';
import { BLOCKED_TEXT } from '../safety-texts.js';
import { toUser, USER_COLUMNS, type UserRow } from './rows.js';

export function createSocialGraphRepository(db: Db) {
  /** The people at one end of a user's follows (`shown`), the user at the other (`by`): newest first, at most 1,000. */
  const followList = async (
    shown: 'followee_id' | 'follower_id',
    by: 'followee_id' | 'follower_id',
    userId: string,
  ): Promise<User[]> => {
    const list = await rows<UserRow>(
      db,
      sql`SELECT ${USER_COLUMNS} FROM follows f JOIN users u ON u.id = ${sql.raw(`f.${shown}`)}
          WHERE ${sql.raw(`f.${by}`)} = ${userId} ORDER BY f.created_at DESC LIMIT 1000`,
    );
    return list.map(toUser);
  };

  return {
    /**
     * People the user might follow (the desktop side column): not themself, not deleted or suspended, not followed
     * yet, not blocked either way nor muted; people of the user's home planet first, then the most followed, then
     * the newest.
     */
    async suggestions(userId: string, limit: number): Promise<User[]> {
      const list = await rows<UserRow>(
        db,
        sql`SELECT ${USER_COLUMNS} FROM users u
            WHERE u.deleted_at IS NULL AND u.id <> ${userId}
              AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${userId} AND f.followee_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${userId} AND b.blocked_id = u.id)
                OR (b.blocker_id = u.id AND b.blocked_id = ${userId}))
              AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ${userId} AND m.muted_id = u.id)
              AND u.suspended_at IS NULL
            ORDER BY (u.planet_id = (SELECT planet_id FROM users WHERE id = ${userId})) DESC,
                     u.follower_count DESC, u.created_at DESC, u.id
            LIMIT ${limit}`,
      );
      return list.map(toUser);
    },

    following(userId: string): Promise<User[]> {
      return followList('followee_id', 'follower_id', userId);
    },

    followers(userId: string): Promise<User[]> {
      return followList('follower_id', 'followee_id', userId);
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
          // Checked under the locks a block takes too (safety-repository's block): no follow slips past one.
          const [block] = await rows<{ blocker_id: string }>(
            tx,
            sql`SELECT blocker_id FROM blocks WHERE (blocker_id = ${followerId} AND blocked_id = ${followeeId})
                OR (blocker_id = ${followeeId} AND blocked_id = ${followerId}) LIMIT 1`,
          );
          if (block)
            throw forbidden(BLOCKED_TEXT[block.blocker_id === followerId ? 'blocking' : 'blockedBy']);
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
  };
}
