// A user's row as the repositories read it, and what the API answers with from it.
import { sql } from 'drizzle-orm';
import { conflict } from '../../../lib/errors.js';
import type { CurrentUser, User } from '../../../schemas/entities.js';

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
  message_policy: string;
  suspended_at: Date | string | null;
  silenced_at: Date | string | null;
  /** email_verified_at IS NOT NULL (drizzle/0010). */
  email_verified: boolean;
}

export type MessagePolicy = 'everyone' | 'following' | 'nobody';
const POLICIES: readonly string[] = ['everyone', 'following', 'nobody'];
export const policyOf = (value: string): MessagePolicy =>
  (POLICIES.includes(value) ? value : 'everyone') as MessagePolicy;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * A person as others see them (issue 31): the planet, never the coordinates (only CurrentUser, the owner's own
 * answer, carries those); a deleted account shows no bio or avatar for its grace period; a suspended one says so.
 */
export function toUser(r: UserRow): User {
  const deleted = r.deleted_at !== null;
  return {
    _id: r.id,
    userName: r.user_name,
    avatarUrl: deleted ? null : avatarUrl(r.avatar_file),
    bio: deleted ? '' : r.bio,
    createdAt: iso(r.created_at),
    deleted,
    followerCount: r.follower_count,
    followingCount: r.following_count,
    postCount: r.post_count,
    location: { planetId: r.planet_id },
    ...(r.suspended_at ? { suspended: true } : {}),
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
    emailVerified: r.email_verified,
    createdAt: iso(r.created_at),
    location: { planetId: r.planet_id, latitude: r.latitude, longitude: r.longitude },
  };
}

export const USER_COLUMNS = sql.raw(
  'u.id, u.user_name, u.email, u.password_hash, u.avatar_file, u.bio, u.planet_id, u.latitude, u.longitude, u.admin, u.token_version, u.follower_count, u.following_count, u.post_count, u.created_at, u.deleted_at, u.message_policy, u.suspended_at, u.silenced_at, u.email_verified_at IS NOT NULL AS email_verified',
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
