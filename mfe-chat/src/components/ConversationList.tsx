import type { ConversationRow } from '@skynet/contract';
import { Avatar, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { useNow } from '../hooks/useNow';
import { formatFullDateTime, formatLastMessageAt } from '../lib/chatTime';
import { lastMessagePreview } from '../lib/lastMessage';
import styles from './ConversationList.module.css';

export const NO_CONVERSATIONS_TEXT = 'No conversations yet. Say hello to someone across the galaxy!';

/** What the list shows without conversations: the way to find someone. */
export function NoConversations() {
  return (
    <div className={styles.empty}>
      <p>{NO_CONVERSATIONS_TEXT}</p>
      <Link to={paths.search()} className={styles.emptyLink}>
        Search for people
      </Link>
    </div>
  );
}

/** The way to start a conversation: people search, on its people tab. */
export const NEW_MESSAGE_PATH = `${paths.search()}?in=users`;

/** The list's "New message": opens the people search, where a profile's Message button starts a conversation. */
export function NewMessageLink() {
  return (
    <Link to={NEW_MESSAGE_PATH} className={styles.newMessage}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 5v14M5 12h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.newMessageText}>New message</span>
    </Link>
  );
}

/**
 * One conversation's row: avatar, name, when the last message was sent (relative to `now`), the start of that message
 * and, when some are unread, their count (a badge that the link's name reads as "2 unread"; the name in bold).
 */
export function ConversationItem({ row, now }: { row: ConversationRow; now: Date }) {
  const unread = row.unread > 0;
  return (
    <li>
      <Link to={paths.chat(row.userId)} className={unread ? `${styles.row} ${styles.unread}` : styles.row}>
        <Avatar url={row.avatar} name={row.name} size={48} />
        <span className={styles.name}>{row.name}</span>
        {row.lastMessageAt && (
          <time
            className={styles.when}
            dateTime={row.lastMessageAt}
            title={formatFullDateTime(row.lastMessageAt)}
          >
            {formatLastMessageAt(row.lastMessageAt, now)}
          </time>
        )}
        <span className={styles.preview}>{lastMessagePreview(row)}</span>
        {unread && (
          <span className={styles.badge}>
            {row.unread}
            <span className={styles.visuallyHidden}> unread</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/** The list's own element, for a drawing of it (../prerender). */
export const CONVERSATION_LIST_CLASS = styles.list;

/** One row per conversation, newest first: avatar, name and when the last message was sent. */
export function ConversationList({ rows }: { rows: ConversationRow[] }) {
  const now = useNow();
  if (rows.length === 0) return <NoConversations />;
  return (
    <ul className={styles.list}>
      {rows.map((row) => (
        <ConversationItem key={row.userId} row={row} now={now} />
      ))}
    </ul>
  );
}
