// /admin/audit: every administrative action, newest first: when, who, what, on whom or what, and why.
import { PAGE_SIZE } from '@skynet/contract';
import { type AuditEntry, formatMonthDayTime, moderationApi, paths } from '@skynet/kit';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styles from '../components/Admin.module.css';
import { AdminHeader } from '../components/AdminHeader';
import { ListTable } from '../components/ListTable';
import { LoadFailure, Loading } from '../components/LoadStates';
import { Pager } from '../components/Pager';
import { pageIndex, usePage } from '../hooks/usePage';

const AUDIT_COLUMNS = ['When', 'Who', 'Action', 'Target', 'Reason'];

export const AUDIT_EMPTY_TEXT = 'No administrative actions yet.';

function Target({ entry }: { entry: AuditEntry }) {
  const name = entry.targetName ?? entry.targetId;
  if (entry.targetType === 'user') return <Link to={paths.user(entry.targetId)}>@{name}</Link>;
  if (entry.targetType === 'post') return <Link to={paths.post(entry.targetId)}>Post {name}</Link>;
  return (
    <>
      {entry.targetType} {name}
    </>
  );
}

export default function AuditPage() {
  const [search] = useSearchParams();
  const page = pageIndex(search.get('page'));
  const load = useCallback(() => moderationApi.audit(page), [page]);
  const [state, reload] = usePage<AuditEntry>(load);

  return (
    <>
      <AdminHeader title="Audit log" />
      <div className={styles.page}>
        {state.kind === 'loading' && <Loading text="Loading the audit log…" />}
        {state.kind === 'error' && (
          <LoadFailure what="The audit log" message={state.message} onRetry={reload} />
        )}
        {state.kind === 'ready' &&
          (state.items.length === 0 ? (
            <p className={styles.empty}>{page === 0 ? AUDIT_EMPTY_TEXT : 'No more entries.'}</p>
          ) : (
            <ListTable caption="Administrative actions, newest first" columns={AUDIT_COLUMNS}>
              {state.items.map((entry) => (
                <tr key={entry._id}>
                  <td data-label="When">
                    <time dateTime={entry.createdAt}>{formatMonthDayTime(entry.createdAt)}</time>
                  </td>
                  <td data-label="Who">{entry.actor}</td>
                  <td data-label="Action">{entry.action}</td>
                  <td data-label="Target">
                    <Target entry={entry} />
                  </td>
                  <td data-label="Reason">{entry.reason}</td>
                </tr>
              ))}
            </ListTable>
          ))}
        {state.kind === 'ready' && (
          <Pager page={page} hasNext={state.items.length >= PAGE_SIZE} label="Pages of the audit log" />
        )}
      </div>
    </>
  );
}
