import { paths } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { FollowButton } from '../components/FollowButton';
import styles from '../components/ProfileCard.module.css';
import { ProfileView } from '../components/ProfileView';
import { useProfile } from '../hooks/useProfile';

/** /user/:id: someone else's profile; one's own id redirects to /profile (spec point 6). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { user: me } = useSession();
  const own = me?._id === id;
  const profile = useProfile(own ? undefined : id);
  const [followers, setFollowers] = useState<number | undefined>(undefined);
  const base = profile.state === 'ready' ? profile.user.followerCount : undefined;
  useEffect(() => setFollowers(base), [base]);
  const onDelta = useCallback((delta: 1 | -1) => setFollowers((n) => Math.max(0, (n ?? 0) + delta)), []);
  if (own) return <Navigate to={paths.profile()} replace />;
  return (
    <ProfileView
      profile={profile}
      title="Profile"
      followerCount={followers}
      actions={(user) =>
        user.deleted ? null : (
          <>
            <FollowButton key={user._id} userId={user._id} onDelta={onDelta} />
            <Link to={paths.chat(user._id)} className={styles.secondary}>
              Message
            </Link>
          </>
        )
      }
    />
  );
}
