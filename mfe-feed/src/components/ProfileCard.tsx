import type { User } from '@skynet/contract';
import { Avatar, formatLongDate } from '@skynet/kit';
import type { ReactNode } from 'react';
import { followersText, postsText } from '../lib/profile-text';
import styles from './ProfileCard.module.css';

export const DELETED_USER_TEXT = 'Deleted User';
export const PROFILE_AVATAR_PX = 210;
export const SUSPENDED_TEXT = 'This account is suspended.';

interface ProfileCardProps {
  user: User;
  planetName: string | null;
  /** The count to show (follow/unfollow moves it locally). */
  followerCount: number;
  /** Own: Change Avatar, Edit Profile, Settings. Others: Follow/Unfollow, Message. */
  actions?: ReactNode;
  /** Leaves the bio out (a block either way hides profile content, issue 31). */
  hideBio?: boolean;
}

/** Spec point 2's profile card: avatar (at most 210 px), name, bio, where and when they joined, counts. */
export function ProfileCard({ user, planetName, followerCount, actions, hideBio = false }: ProfileCardProps) {
  return (
    <section className={styles.card} aria-labelledby="profile-name">
      <div className={styles.avatar}>
        <Avatar url={user.avatarUrl} name={user.userName} size={PROFILE_AVATAR_PX} />
      </div>
      <h2 id="profile-name" className={user.deleted ? `${styles.name} ${styles.deleted}` : styles.name}>
        {user.deleted ? DELETED_USER_TEXT : `@${user.userName}`}
      </h2>
      {user.suspended && <p className={styles.suspended}>{SUSPENDED_TEXT}</p>}
      {user.bio && !hideBio && <p className={styles.bio}>{user.bio}</p>}
      <p className={styles.joined}>
        Joined from {planetName ?? 'a distant planet'} on {formatLongDate(user.createdAt)}
      </p>
      <ul className={styles.counts} aria-label="Counts">
        <li>{followersText(Math.max(0, followerCount))}</li>
        <li>{user.followingCount} following</li>
        <li>{postsText(user.postCount)}</li>
      </ul>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
