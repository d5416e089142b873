import { useNavigate } from '@skynet/shared';
import { type ReactNode, useEffect } from 'react';
import styles from './ui.module.css';

export const PRODUCT_NAME = 'Skynet';

/** Sets the document title while the component is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

interface PageHeaderProps {
  title: string;
  /** Replaces the plain <h1>{title}</h1>, e.g. a chat partner's avatar and linked name (it must hold the h1). */
  heading?: ReactNode;
  /** Where the back arrow always goes. Without it: one step back in this app's history, else `fallbackTo`. */
  backTo?: string;
  /** Where back goes when this page was opened directly (no earlier entry of ours): /home by default. */
  fallbackTo?: string;
  showBack?: boolean;
  /** The document title, when it differs from the heading. */
  documentTitle?: string;
  children?: React.ReactNode;
}

/** The back arrow and page title most pages show (spec point 2). */
export function PageHeader({
  title,
  heading,
  backTo,
  fallbackTo = '/home',
  showBack = true,
  documentTitle,
  children,
}: PageHeaderProps) {
  const navigate = useNavigate();
  useDocumentTitle(documentTitle ?? title);
  const goBack = () => {
    // react-router numbers its own history entries (history.length also counts other sites' pages).
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (backTo) navigate(backTo);
    else if (index > 0) navigate(-1);
    else navigate(fallbackTo);
  };
  return (
    <header className={styles.header}>
      {showBack && (
        <button type="button" className={styles.back} onClick={goBack} aria-label="Back">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15.5 4.5 8 12l7.5 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      )}
      {heading ?? <h1 className={styles.title}>{title}</h1>}
      {children && <div className={styles.actions}>{children}</div>}
    </header>
  );
}
