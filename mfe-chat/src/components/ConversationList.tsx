import type { ConversationRow } from '@skynet/contract';
import { Avatar, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { useNow } from '../hooks/useNow';
import { formatFullDateTime, formatLastMessageAt } from '../lib/chatTime';
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

/** One conversation's row: avatar, name and when the last message was sent (relative to `now`). */
export function ConversationItem({ row, now }: { row: ConversationRow; now: Date }) {
  return (
    <li>
      <Link to={paths.chat(row.userId)} className={styles.row}>
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
