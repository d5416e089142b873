import type { User } from '@skynet/contract';
import { Avatar, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { followersText } from '../lib/profile-text';
import styles from './UserRow.module.css';

/**
 * A person in a list, linking to their profile. `compact` (search) shows '@' name and followers;
 * the full row (following/followers) adds following and post counts.
 */
export function UserRow({ user, compact = false }: { user: User; compact?: boolean }) {
  return (
    <li className={styles.row}>
      <Link to={paths.user(user._id)} className={styles.link}>
        <Avatar url={user.avatarUrl} name={user.userName} size={48} />
        <span className={styles.text}>
          <span className={styles.name}>{compact ? `@${user.userName}` : user.userName}</span>
          <span className={styles.counts}>
            <span>{followersText(user.followerCount)}</span>
            {!compact && (
              <>
                <span>{user.followingCount} following</span>
                <span>
                  {user.postCount} {user.postCount === 1 ? 'post' : 'posts'}
                </span>
              </>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
