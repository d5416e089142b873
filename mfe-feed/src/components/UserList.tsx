import type { User } from '@skynet/contract';
import { EndOfList, type FetchPage, Loader, usePagedList } from '@skynet/kit';
import type { ReactNode } from 'react';
import styles from './UserList.module.css';
import { UserRow } from './UserRow';

/**
 * Paged people (search results), pages from 0; the end text shows once a page comes back empty, or `empty` when
 * there was nobody at all.
 */
export function PagedUserList({
  fetchPage,
  label,
  resetKey,
  empty,
}: {
  fetchPage: FetchPage<User>;
  label: string;
  resetKey?: string;
  empty?: ReactNode;
}) {
  const list = usePagedList(fetchPage, 0, { resetKey });
  return (
    <section className={styles.section} aria-label={label} aria-busy={list.loading}>
      <ul
        className={styles.list}
        ref={(el) => {
          list.listRef.current = el;
        }}
      >
        {list.items.map((user) => (
          <UserRow key={user._id} user={user} compact />
        ))}
      </ul>
      {list.loading && <Loader label="Loading people" />}
      {list.done && (empty && list.items.length === 0 ? empty : <EndOfList />)}
    </section>
  );
}

/** A whole list of people at once (following, followers). */
export function UserList({ users, label }: { users: User[]; label: string }) {
  return (
    <div className={styles.section}>
      <ul className={styles.list} aria-label={label}>
        {users.map((user) => (
          <UserRow key={user._id} user={user} />
        ))}
      </ul>
    </div>
  );
}
