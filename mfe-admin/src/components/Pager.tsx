// Previous / Next for a paged admin list; the page lives in the address (`?page=N`, from 1) so it survives a reload.
import { Link, useLocation } from 'react-router-dom';
import styles from './Admin.module.css';

interface PagerProps {
  /** The page shown, from 0. */
  page: number;
  /** Whether a next page may hold more (the current one was full). */
  hasNext: boolean;
  label: string;
}

export function Pager({ page, hasNext, label }: PagerProps) {
  const location = useLocation();
  const href = (index: number) => {
    const params = new URLSearchParams(location.search);
    if (index === 0) params.delete('page');
    else params.set('page', String(index + 1));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  if (page === 0 && !hasNext) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 0 ? (
        <Link className={styles.plainButton} to={href(page - 1)}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.muted}>Page {page + 1}</span>
      {hasNext ? (
        <Link className={styles.plainButton} to={href(page + 1)}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
