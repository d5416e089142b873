import { useEffect } from 'react';
import { useNavigate } from 'react-router';
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
  /** Where the back arrow goes; by default one step back in history (or /home when there is none). */
  backTo?: string;
  showBack?: boolean;
  /** The document title, when it differs from the heading. */
  documentTitle?: string;
  children?: React.ReactNode;
}

/** The back arrow and page title most pages show (spec point 2). */
export function PageHeader({ title, backTo, showBack = true, documentTitle, children }: PageHeaderProps) {
  const navigate = useNavigate();
  useDocumentTitle(documentTitle ?? title);
  const goBack = () => {
    if (backTo) navigate(backTo);
    else if (window.history.length > 1) navigate(-1);
    else navigate('/home');
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
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.actions}>{children}</div>}
    </header>
  );
}
