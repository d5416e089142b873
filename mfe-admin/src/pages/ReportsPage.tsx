// /admin: the queue of open reports (oldest first) and, on the Resolved tab, the resolved ones with their resolution.
import { PAGE_SIZE } from '@skynet/contract';
import { moderationApi, type Report, type ReportStatus } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styles from '../components/Admin.module.css';
import { AdminHeader } from '../components/AdminHeader';
import { LoadFailure, Loading } from '../components/LoadStates';
import { Pager } from '../components/Pager';
import { ReportCard } from '../components/ReportCard';
import { pageIndex, usePage } from '../hooks/usePage';

export const EMPTY_TEXT: Record<ReportStatus, string> = {
  open: 'No open reports.',
  resolved: 'No resolved reports.',
};

export default function ReportsPage() {
  const [search] = useSearchParams();
  const status: ReportStatus = search.get('status') === 'resolved' ? 'resolved' : 'open';
  const page = pageIndex(search.get('page'));
  const load = useCallback(() => moderationApi.reports(status, page), [status, page]);
  const [state, reload] = usePage<Report>(load);
  const done = useCallback(
    (message: string) => {
      notify.success(message);
      reload();
    },
    [reload],
  );

  return (
    <>
      <AdminHeader title="Moderation" />
      <div className={styles.page}>
        <nav aria-label="Reports">
          <ul className={styles.tabs}>
            <li>
              <Link
                to="?status=open"
                className={styles.tab}
                aria-current={status === 'open' ? 'page' : undefined}
              >
                Open
              </Link>
            </li>
            <li>
              <Link
                to="?status=resolved"
                className={styles.tab}
                aria-current={status === 'resolved' ? 'page' : undefined}
              >
                Resolved
              </Link>
            </li>
          </ul>
        </nav>
        {state.kind === 'loading' && <Loading text="Loading reports…" />}
        {state.kind === 'error' && (
          <LoadFailure what="The reports" message={state.message} onRetry={reload} />
        )}
        {state.kind === 'ready' &&
          (state.items.length === 0 ? (
            <p className={styles.empty}>{page === 0 ? EMPTY_TEXT[status] : 'No more reports.'}</p>
          ) : (
            <ul
              className={styles.plainList}
              aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}
            >
              {state.items.map((report) => (
                <li key={report._id}>
                  <ReportCard report={report} onDone={done} />
                </li>
              ))}
            </ul>
          ))}
        {state.kind === 'ready' && (
          <Pager page={page} hasNext={state.items.length >= PAGE_SIZE} label="Pages of reports" />
        )}
      </div>
    </>
  );
}
