import { PageHeader } from '@skynet/kit';
import type { ReactNode } from 'react';
import styles from './StaticPage.module.css';

interface StaticPageProps {
  title: string;
  /** Where the back arrow goes (history back by default). */
  backTo?: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of every text page: back arrow and title (which also sets the document title), then prose. */
export function StaticPage({ title, backTo, intro, children }: StaticPageProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <div className={styles.page}>
        {intro && <div className={styles.intro}>{intro}</div>}
        {children}
      </div>
    </>
  );
}

/** One numbered or titled part of a legal page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
