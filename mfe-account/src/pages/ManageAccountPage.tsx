import { PageHeader, paths } from '@skynet/kit';
import { DangerZone } from '../components/DangerZone';
import styles from './pages.module.css';

export default function ManageAccountPage() {
  return (
    <>
      <PageHeader title="Manage Account" backTo={paths.settings()} />
      <div className={styles.page}>
        <DangerZone />
      </div>
    </>
  );
}
