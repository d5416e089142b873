import type { UnreadCounts } from '@skynet/contract';
import { paths } from '@skynet/kit';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import styles from './layout.module.css';
import { badgeText, NO_UNREAD, unreadLabel } from './unread';

const ICONS: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  following:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10c0-3.5 3-6 7-6s7 2.5 7 6M17 4.5a3.5 3.5 0 0 1 0 6.5M19 15c2 .8 3 2.8 3 6',
  search: 'M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Zm5.3-2.2L21 21',
  post: 'M12 5v14M5 12h14',
  messages: 'M4 5h16v11H8l-4 4z',
  notifications: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20.5a2 2 0 0 0 4 0',
};

type Unread = keyof UnreadCounts;

interface Item {
  to: string;
  label: string;
  icon: string;
  /** The unread count its accessible name and badge carry. */
  unread?: Unread;
}

/** The spec's six, the bottom bar's links on a phone. */
const ITEMS: Item[] = [
  { to: paths.home(), label: 'Home', icon: 'home' },
  { to: paths.profile(), label: 'Profile', icon: 'profile' },
  { to: paths.following(), label: 'Following', icon: 'following' },
  { to: paths.search(), label: 'Search', icon: 'search' },
  { to: paths.newPost(), label: 'Post', icon: 'post' },
  { to: paths.messages(), label: 'Messages', icon: 'messages', unread: 'messages' },
];

const NOTIFICATIONS: Item = {
  to: paths.notifications(),
  label: 'Notifications',
  icon: 'notifications',
  unread: 'notifications',
};

export function Icon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A count on an icon; the link's accessible name says it in words. The number is drawn by CSS from data-count, so
 * the link's visible text stays its label ("Messages"), which its name ("Messages, 3 unread") starts with: speech
 * control users say what they see (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
function Badge({ count }: { count: number }) {
  const text = badgeText(count);
  return text ? <span className={styles.badge} data-count={text} aria-hidden="true" /> : null;
}

function NavItem({ item, counts }: { item: Item; counts: UnreadCounts }) {
  const count = item.unread ? counts[item.unread] : 0;
  return (
    <li>
      <NavLink
        to={item.to}
        // Only the page itself lights its tab: /profile/edit is not Profile, /post/{id} (reading a
        // post) is not Post (writing one).
        end={item.to === paths.profile() || item.to === paths.newPost()}
        aria-label={count > 0 ? unreadLabel(item.label, count) : undefined}
        className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink)}
      >
        <span className={styles.navIcon}>
          <Icon name={item.icon} />
          <Badge count={count} />
        </span>
        <span>{item.label}</span>
      </NavLink>
    </li>
  );
}

/**
 * The navigation of signed-in pages: the spec's bottom bar of six links on phones and tablets (spec point 2), a
 * left rail with Notifications as a seventh on a desktop (`rail`, issue 22).
 */
export function NavigationBar({
  counts = NO_UNREAD,
  rail = false,
}: {
  counts?: UnreadCounts;
  rail?: boolean;
}) {
  const target = document.getElementById('nav-root');
  const nav = (
    <nav className={rail ? `${styles.nav} ${styles.rail}` : styles.nav} aria-label="Main">
      <ul>
        {ITEMS.map((item) => (
          <NavItem key={item.to} item={item} counts={counts} />
        ))}
        {rail && <NavItem item={NOTIFICATIONS} counts={counts} />}
      </ul>
    </nav>
  );
  return target ? createPortal(nav, target) : nav;
}

/**
 * The Notifications link of a phone or tablet: at the right end of the page header's row (the bottom bar keeps
 * the spec's six links); pages leave it room through --sky-bell-room (global.css).
 */
export function HeaderNotificationsLink({ counts = NO_UNREAD }: { counts?: UnreadCounts }) {
  const count = counts.notifications;
  // In a navigation landmark of its own, like every other link of the page (it sits outside the bottom bar's).
  return (
    <nav aria-label={NOTIFICATIONS.label}>
      <NavLink
        id="sky-bell"
        to={NOTIFICATIONS.to}
        aria-label={unreadLabel(NOTIFICATIONS.label, count)}
        className={({ isActive }) => (isActive ? `${styles.bell} ${styles.navActive}` : styles.bell)}
      >
        <span className={styles.navIcon}>
          <Icon name={NOTIFICATIONS.icon} />
          <Badge count={count} />
        </span>
      </NavLink>
    </nav>
  );
}
