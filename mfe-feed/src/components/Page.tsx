import type { ReactNode } from 'react';
import styles from './Page.module.css';

/** The frame of every screen of this area: one column, at most var(--sky-content-width) wide. */
export function Page({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/** A short message in place of content (not found, empty, failed). */
export function Notice({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'danger' }) {
  return (
    <p className={tone === 'danger' ? `${styles.notice} ${styles.danger}` : styles.notice} role="status">
      {children}
    </p>
  );
}
