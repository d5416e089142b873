import type { User } from '@skynet/contract';
import { Avatar, PageHeader, paths } from '@skynet/kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './ChatHeader.module.css';

/** The shared page header with the partner's avatar and name, linking to their profile (spec point 2, Chat). */
export function ChatHeader({
  partnerId,
  partner,
  failed,
  actions,
}: {
  partnerId: string;
  partner: User | null;
  failed: boolean;
  /** At the header's end: the conversation's Report and Block (issue 31). */
  actions?: ReactNode;
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
    >
      {actions}
    </PageHeader>
  );
}
