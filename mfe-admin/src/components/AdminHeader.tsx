// The area's title (the kit's PageHeader: back arrow, <h1>, document title) and its screens: the report queue, the
// audit log and the release console.
import { PageHeader, paths } from '@skynet/kit';
import { NavLink } from 'react-router-dom';
import styles from './Admin.module.css';

export function AdminHeader({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <nav aria-label="Administration" className={styles.areaNav}>
        <ul className={styles.tabs}>
          <li>
            <NavLink end to={paths.admin()} className={styles.tab}>
              Reports
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.adminAudit()} className={styles.tab}>
              Audit log
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.adminReleases()} className={styles.tab}>
              Releases
            </NavLink>
          </li>
        </ul>
      </nav>
    </>
  );
}
