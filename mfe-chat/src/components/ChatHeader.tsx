import type { User } from '@skynet/contract';
import { Avatar, PageHeader, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import styles from './ChatHeader.module.css';

/** The shared page header with the partner's avatar and name, linking to their profile (spec point 2, Chat). */
export function ChatHeader({
  partnerId,
  partner,
  failed,
}: {
  partnerId: string;
  partner: User | null;
  failed: boolean;
}) {
  const name = partner ? (partner.deleted ? 'Deleted User' : partner.userName) : failed ? 'Unknown user' : '';
  return (
    <PageHeader
      title={name ? `Chat with ${name}` : 'Chat'}
      fallbackTo={paths.messages()}
      heading={
        <Link to={paths.user(partnerId)} className={styles.partner}>
          {name ? (
            <Avatar url={partner?.avatarUrl} name={name} size={36} />
          ) : (
            <span className={styles.avatarSlot} />
          )}
          <h1 className={`${styles.name} ${partner?.deleted ? styles.deleted : ''}`}>{name || 'Chat'}</h1>
        </Link>
      }
    />
  );
}
