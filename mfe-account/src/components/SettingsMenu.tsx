// The settings sections of spec point 2: each row a link to another screen, or a button (Your Info).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './SettingsMenu.module.css';

export type MenuRow = { label: string; icon: string } & ({ to: string } | { onSelect: () => void });

export function SettingsSection({ title, rows }: { title: string; rows: MenuRow[] }) {
  const id = `settings-${title.toLowerCase()}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.label}>
            {'to' in row ? (
              <Link to={row.to} className={styles.row}>
                <RowContent row={row} />
              </Link>
            ) : (
              <button type="button" className={styles.row} onClick={row.onSelect} aria-haspopup="dialog">
                <RowContent row={row} />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RowContent({ row }: { row: MenuRow }): ReactNode {
  return (
    <>
      <svg className={styles.icon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d={row.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span className={styles.label}>{row.label}</span>
      <svg className={styles.chevron} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </>
  );
}

export const ICONS = {
  followers: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10c0-3.5 3-6 7-6s7 2.5 7 6M17 4.5a3.5 3.5 0 0 1 0 6.5',
  following: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10c0-3.5 3-6 7-6s7 2.5 7 6M16 11h6M19 8v6',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm0-11v6m0-9.5v.5',
  sessions: 'M3 5h18v11H3zM8 20h8M12 16v4',
  manage:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.6 7.6 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.6 7.6 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3Z',
  saved: 'M6 3h12v18l-6-4-6 4z',
  liked: 'M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20Z',
  commented: 'M4 5h16v11H8l-4 4z',
  about: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20ZM2 12h20M12 2c3 3.5 3 16.5 0 20M12 2c-3 3.5-3 16.5 0 20',
  faqs: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm-2.5-13a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3v.5',
  support: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zm13 0h3v5h-3z',
  moderation: 'M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6zM9 12l2 2 4-4',
  audit: 'M6 3h9l4 4v14H6zM9 11h7M9 15h7M9 7h3',
} as const;
