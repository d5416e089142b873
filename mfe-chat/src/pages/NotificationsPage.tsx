import type { NotificationGroup } from '@skynet/contract';
import { Avatar, EndOfList, Loader, PageHeader, userApi } from '@skynet/kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import rows from '../components/ConversationList.module.css';
import { FollowBack } from '../components/FollowBack';
import { useNotifications } from '../hooks/useNotifications';
import { useNow } from '../hooks/useNow';
import { formatFullDateTime, formatLastMessageAt } from '../lib/chatTime';
import { notificationHref, notificationText } from '../lib/notificationText';
import styles from './NotificationsPage.module.css';
import pages from './pages.module.css';

export const NO_NOTIFICATIONS_TEXT =
  'No notifications yet. When someone likes or replies to your posts or follows you, you will see it here.';

/**
 * /notifications: likes, replies and follows of yours, grouped, newest first, new ones arriving live on top; and
 * what the moderators did about you (issue 31), in their own words.
 */
/** Whom the reader follows (null until known, or if it could not be read: then no Follow back is offered). */
function useFollowedIds(): ReadonlySet<string> | null {
  const [ids, setIds] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let live = true;
    userApi.following().then(
      (users) => {
        if (live) setIds(new Set(users.map((u) => u._id)));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return ids;
}

export default function NotificationsPage() {
  const { list, items, observe } = useNotifications();
  const now = useNow();
  const followed = useFollowedIds();
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
            <Entry key={group.id} group={group} now={now} observe={observe} followed={followed} />
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
  followed,
}: {
  group: NotificationGroup;
  now: Date;
  observe: (group: NotificationGroup, element: Element | null) => void;
  followed: ReadonlySet<string> | null;
}) {
  const first = group.actors[0];
  const text = notificationText(group);
  const href = notificationHref(group);
  const moderation = group.kind === 'moderation';
  const content = (
    <>
      <span className={styles.avatars}>
        {moderation ? (
          <span className={styles.moderators} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M12 2.5 4.5 5.5v6c0 4.6 3.2 8.7 7.5 10 4.3-1.3 7.5-5.4 7.5-10v-6L12 2.5Z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        ) : (
          <Avatar url={first?.avatarUrl} name={first?.userName ?? 'Someone'} size={44} />
        )}
      </span>
      <span className={styles.body}>
        <span className={styles.text}>{text}</span>
        {moderation && group.message ? <span className={styles.message}>{group.message}</span> : null}
        {/* A comment or reply: its own words (issue 35), else the post it answered. */}
        {group.replyPreview || group.postPreview ? (
          <span className={styles.preview}>{group.replyPreview || group.postPreview}</span>
        ) : null}
      </span>
      {group.unread && <span className={styles.new}>New</span>}
      <time className={rows.when} dateTime={group.latestAt} title={formatFullDateTime(group.latestAt)}>
        {formatLastMessageAt(group.latestAt, now)}
      </time>
    </>
  );
  // A follow from one person the reader does not follow yet: Follow back (issue 35).
  const back =
    group.kind === 'follow' && group.actorCount === 1 && first && followed && !followed.has(first._id);
  const classes = [group.unread ? styles.unread : '', back ? styles.withAction : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li ref={(el) => observe(group, el)} className={classes || undefined}>
      {href ? (
        <Link to={href} className={rows.row}>
          {content}
        </Link>
      ) : (
        <div className={rows.row}>{content}</div>
      )}
      {back && <FollowBack userId={first._id} userName={first.userName} />}
    </li>
  );
}
