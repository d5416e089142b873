import { Avatar, paths, type User, useDocumentTitle } from '@skynet/shared';
import { Link, useNavigate } from 'react-router-dom';
import styles from './ChatHeader.module.css';

/** Back button, then the partner's avatar and name linking to their profile (spec point 2, Chat). */
export function ChatHeader({
  partnerId,
  partner,
  failed,
}: {
  partnerId: string;
  partner: User | null;
  failed: boolean;
}) {
  const navigate = useNavigate();
  const name = partner ? (partner.deleted ? 'Deleted User' : partner.userName) : failed ? 'Unknown user' : '';
  useDocumentTitle(name ? `Chat with ${name}` : 'Chat');

  const goBack = () => {
    // react-router numbers its history entries: step back when there is an entry of ours, else the list.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.messages());
  };

  return (
    <header className={styles.header}>
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
      <Link to={paths.user(partnerId)} className={styles.partner}>
        {name ? (
          <Avatar url={partner?.avatarUrl} name={name} size={36} />
        ) : (
          <span className={styles.avatarSlot} />
        )}
        <h1 className={`${styles.name} ${partner?.deleted ? styles.deleted : ''}`}>{name || 'Chat'}</h1>
      </Link>
    </header>
  );
}
