// Credentials: what signs a person in and what they may do (e-mail address and its changes, password and its reset
// links, token versions that revoke sessions, the admin right).
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { type Db, rows } from '../../../db/database.js';
import { sha256 } from '../../../lib/ids.js';
import { uniqueViolation } from './rows.js';

export function createCredentialsRepository(db: Db) {
  return {
    async setEmail(userId: string, email: string): Promise<void> {
      try {
        await db.execute(sql`UPDATE users SET email = ${email.toLowerCase()} WHERE id = ${userId}`);
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
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
