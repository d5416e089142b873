import type { NotificationGroup } from '@skynet/contract';
import { Avatar, EndOfList, Loader, PageHeader } from '@skynet/kit';
import { Link } from 'react-router-dom';
import rows from '../components/ConversationList.module.css';
import { useNotifications } from '../hooks/useNotifications';
import { useNow } from '../hooks/useNow';
import { formatFullDateTime, formatLastMessageAt } from '../lib/chatTime';
import { notificationHref, notificationText } from '../lib/notificationText';
import styles from './NotificationsPage.module.css';
import pages from './pages.module.css';

export const NO_NOTIFICATIONS_TEXT =
  'No notifications yet. When someone likes or replies to your posts or follows you, you will see it here.';

/** /notifications: likes, replies and follows of yours, grouped, newest first, new ones arriving live on top. */
export default function NotificationsPage() {
  const { list, items, observe } = useNotifications();
  const now = useNow();
  return (
    <div className={pages.list}>
      <PageHeader title="Notifications" />
      {items.length === 0 && list.done && !list.failed ? (
        <p className={rows.empty}>{NO_NOTIFICATIONS_TEXT}</p>
      ) : (
        <ul
          className={rows.list}
          ref={(el) => {
            list.listRef.current = el;
          }}
        >
          {items.map((group) => (
            <Entry key={group.id} group={group} now={now} observe={observe} />
          ))}
        </ul>
      )}
      {list.loading && <Loader label="Loading notifications" />}
      {list.failed && items.length === 0 && (
        <p className={rows.empty}>Your notifications could not be loaded.</p>
      )}
      {list.done && items.length > 0 && <EndOfList />}
    </div>
  );
}

function Entry({
  group,
  now,
  observe,
}: {
  group: NotificationGroup;
  now: Date;
  observe: (group: NotificationGroup, element: Element | null) => void;
}) {
  const first = group.actors[0];
  const text = notificationText(group);
  return (
    <li ref={(el) => observe(group, el)} className={group.unread ? styles.unread : undefined}>
      <Link to={notificationHref(group)} className={rows.row}>
        <span className={styles.avatars}>
          <Avatar url={first?.avatarUrl} name={first?.userName ?? 'Someone'} size={44} />
        </span>
        <span className={styles.body}>
          <span className={styles.text}>{text}</span>
          {group.postPreview ? <span className={styles.preview}>{group.postPreview}</span> : null}
        </span>
        {group.unread && <span className={styles.new}>New</span>}
        <time className={rows.when} dateTime={group.latestAt} title={formatFullDateTime(group.latestAt)}>
          {formatLastMessageAt(group.latestAt, now)}
        </time>
      </Link>
    </li>
  );
}
