import type { User } from '@skynet/contract';
import { Loader, PageHeader } from '@skynet/kit';
import { useEffect, useState } from 'react';
import { Notice, Page } from './Page';
import { UserList } from './UserList';

/** /following and /followers: the whole list at once (the calls are not paged). */
export function PeoplePage({
  title,
  load,
  emptyText,
}: {
  title: string;
  load: () => Promise<User[]>;
  emptyText: string;
}) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setUsers(list),
      () => {
        if (!live) return;
        setFailed(true);
        setUsers([]);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return (
    <Page>
      <PageHeader title={title} />
      {users === null ? (
        <Loader label={`Loading ${title.toLowerCase()}`} />
      ) : failed ? (
        <Notice tone="danger">This list could not be loaded. Please try again later.</Notice>
      ) : users.length === 0 ? (
        <Notice>{emptyText}</Notice>
      ) : (
        <UserList users={users} label={title} />
      )}
    </Page>
  );
}
