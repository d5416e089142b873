import { Loader, paths } from '@skynet/kit';
import { RemoteComponent, useSession } from '@skynet/shared';
import { Link } from 'react-router-dom';
import styles from '../components/ProfileCard.module.css';
import { ProfileView } from '../components/ProfileView';
import { useProfile } from '../hooks/useProfile';
import { ownProfileTitle } from '../lib/profile-text';

/** /profile: the signed-in person's own profile. */
export default function ProfilePage() {
  const { user } = useSession();
  const loaded = useProfile(user?._id);
  if (!user) return <Loader label="Loading profile" />;
  // The avatar changer updates the session (session.patchUser): the card shows the session's picture, so a
  // new one shows at once instead of after leaving the page.
  const profile =
    loaded.state === 'ready' && user.avatarUrl !== undefined
      ? { ...loaded, user: { ...loaded.user, avatarUrl: user.avatarUrl } }
      : loaded;
  return (
    <ProfileView
      profile={profile}
      title={ownProfileTitle(user.userName)}
      earlyPostsOf={user._id}
      actions={() => <OwnProfileActions />}
    />
  );
}

/** One's own profile's actions: Change Avatar, Edit Profile, Settings. */
export function OwnProfileActions() {
  return (
    <>
      {/* mfe-account's avatar changer (it reads the session); while it loads or if that area is down,
          a link to Edit Profile, which also changes the avatar. */}
      <RemoteComponent
        remote="mfe-account"
        module="./AvatarChanger"
        fallback={
          <Link to={paths.editProfile()} className={styles.secondary}>
            Change Avatar
          </Link>
        }
      />
      <Link to={paths.editProfile()} className={styles.secondary}>
        Edit Profile
      </Link>
      <Link to={paths.settings()} className={styles.secondary}>
        Settings
      </Link>
    </>
  );
}
