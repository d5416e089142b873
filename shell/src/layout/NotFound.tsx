import { paths, useDocumentTitle } from '@skynet/kit';
import { Link } from 'react-router-dom';
import styles from './layout.module.css';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    // The page's main landmark: the areas' <main> is empty (and hidden) while the shell draws this page itself.
    // data-frame: signed in on a desktop, it takes the areas' column beside the rail (styles/global.css).
    <main className={styles.notFound} aria-labelledby="not-found-title" data-frame="">
      <p className={styles.notFoundCode} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Suspect page not found</h1>
      <p className={styles.muted}>
        This corner of the galaxy is empty. The page may have drifted out of orbit.
      </p>
      <div className={styles.notFoundActions}>
        <Link className={styles.primaryButton} to={paths.landing()}>
          Go to the main page
        </Link>
        <Link className={styles.secondaryButton} to={paths.faqs()}>
          Read the FAQs
        </Link>
      </div>
    </main>
  );
}
