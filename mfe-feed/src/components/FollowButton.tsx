import { userApi } from '@skynet/kit';
import { useEffect } from 'react';
import { useToggle } from '../hooks/useToggle';
import styles from './ProfileCard.module.css';
import { Spinner } from './Spinner';

/**
 * Follow / Unfollow (spec point 4): one request at a time; `onDelta` moves the follower count by one
 * (the caller keeps it at 0 or more), and back if the request fails.
 */
export function FollowButton({
  userId,
  onDelta,
  onState,
}: {
  userId: string;
  onDelta: (delta: 1 | -1) => void;
  /** Told whether you follow them (null while unknown), e.g. so a block can take its follow off the count. */
  onState?: (following: boolean | null) => void;
}) {
  const follow = useToggle({
    read: () => userApi.isFollowing(userId),
    write: (on) => userApi.setFollowing(userId, on),
    failureText: (on) =>
      on
        ? 'Could not follow this user. Please try again.'
        : 'Could not unfollow this user. Please try again.',
    onDelta,
  });
  useEffect(() => onState?.(follow.on), [follow.on, onState]);
  return (
    <button
      type="button"
      className={follow.on ? styles.secondary : styles.primary}
      onClick={follow.toggle}
      disabled={follow.on === null}
      aria-busy={follow.busy}
    >
      {follow.busy && <Spinner />}
      <span>{follow.on ? 'Unfollow' : 'Follow'}</span>
    </button>
  );
}
