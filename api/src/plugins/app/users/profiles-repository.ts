// Profiles: creating an account, finding people (by id, address, identity provider, name), and what a person shows
// of themself (name, bio, avatar), up to deleting the account.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/database.js';
import { PAGE_SIZE } from '../../../lib/paging.js';
import type { User } from '../../../schemas/entities.js';
import { toUser, USER_COLUMNS, type UserRow, uniqueViolation } from './rows.js';

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
export function createProfilesRepository(db: Db, profileChanged: () => Promise<void>) {
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

    async setUserName(userId: string, userName: string): Promise<void> {
      try {
        await db.execute(sql`UPDATE users SET user_name = ${userName} WHERE id = ${userId}`);
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
      await profileChanged();
    },

    async setBio(userId: string, bio: string): Promise<void> {
      await db.execute(sql`UPDATE users SET bio = ${bio} WHERE id = ${userId}`);
    },

    async setAvatar(userId: string, file: string): Promise<void> {
      await db.execute(sql`UPDATE users SET avatar_file = ${file} WHERE id = ${userId}`);
      await profileChanged();
    },

    /** Deletion takes effect at once (tokens revoked); the purge job removes the account 30 days later. */
    async markDeleted(userId: string): Promise<void> {
      await db.execute(
        sql`UPDATE users SET deleted_at = now(), token_version = token_version + 1
            WHERE id = ${userId} AND deleted_at IS NULL`,
      );
      await profileChanged(); // hidden at once (issue 31): cached feed pages drop their posts
    },
  };
}
