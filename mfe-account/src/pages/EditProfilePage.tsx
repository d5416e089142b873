import { Loader, PageHeader, paths } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { EditProfileForm } from '../components/EditProfileForm';
import styles from './pages.module.css';

export default function EditProfilePage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Edit Profile" backTo={paths.profile()} />
      <div className={styles.page}>
        {user ? <EditProfileForm key={user._id} user={user} /> : <Loader label="Loading your profile" />}
      </div>
    </>
  );
}
