import { userApi } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { useState } from 'react';
import styles from '../pages/NotificationsPage.module.css';

/**
 * Issue 35: Follow back on a follow's notification, for someone the reader does not follow yet. Beside the entry's
 * link, never inside it (a button in a link is neither). Once followed it says so and stays.
 */
export function FollowBack({ userId, userName }: { userId: string; userName: string }) {
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const follow = () => {
    setState('busy');
    userApi.setFollowing(userId, true).then(
      () => setState('done'),
      () => {
        setState('ready');
        notify.error(`Could not follow ${userName}. Please try again.`);
      },
    );
  };
  return (
    <button
      type="button"
      className={styles.followBack}
      onClick={follow}
      disabled={state !== 'ready'}
      aria-busy={state === 'busy'}
      aria-label={state === 'done' ? `Following ${userName}` : `Follow back ${userName}`}
    >
      {state === 'done' ? 'Following' : 'Follow back'}
    </button>
  );
}
