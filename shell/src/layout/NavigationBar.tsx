import { paths } from '@skynet/kit';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import styles from './layout.module.css';

const ICONS: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  following:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10c0-3.5 3-6 7-6s7 2.5 7 6M17 4.5a3.5 3.5 0 0 1 0 6.5M19 15c2 .8 3 2.8 3 6',
  search: 'M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Zm5.3-2.2L21 21',
  post: 'M12 5v14M5 12h14',
  messages: 'M4 5h16v11H8l-4 4z',
};

const ITEMS = [
  { to: paths.home(), label: 'Home', icon: 'home' },
  { to: paths.profile(), label: 'Profile', icon: 'profile' },
  { to: paths.following(), label: 'Following', icon: 'following' },
  { to: paths.search(), label: 'Search', icon: 'search' },
  { to: paths.newPost(), label: 'Post', icon: 'post' },
  { to: paths.messages(), label: 'Messages', icon: 'messages' },
];

/** The bottom navigation bar of signed-in pages (spec point 2). */
export function NavigationBar() {
  const target = document.getElementById('nav-root');
  const nav = (
    <nav className={styles.nav} aria-label="Main">
      <ul>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              // Only the page itself lights its tab: /profile/edit is not Profile, /post/{id} (reading a
              // post) is not Post (writing one).
              end={item.to === paths.profile() || item.to === paths.newPost()}
              className={({ isActive }) =>
                isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink
              }
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  d={ICONS[item.icon]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  return target ? createPortal(nav, target) : nav;
}
