// /admin/releases: the release console (issue 33). Every remote's stable and canary, the share each serves, the
// analysis comparing them (decision, measures, charts, failures), versions and history; Promote, Pause (Resume) and
// Roll back with a reason. Read again every 15 s while the page is visible.
import type { ReleaseAction, RemoteRelease } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { useCallback } from 'react';
import styles from '../components/Admin.module.css';
import { AdminHeader } from '../components/AdminHeader';
import { LoadFailure, Loading } from '../components/LoadStates';
import { ReleaseCard } from '../components/ReleaseCard';
import releases from '../components/Releases.module.css';
import { actionDone } from '../components/releaseLabels';
import { useReleases } from '../hooks/useReleases';

export const RELEASES_EMPTY_TEXT = 'No remotes in the registry yet.';

export default function ReleasesPage() {
  const { state, reload, replace } = useReleases();
  const done = useCallback(
    (remote: string, release: RemoteRelease, action: ReleaseAction) => {
      replace(remote, release);
      notify.success(actionDone(remote, action, release));
    },
    [replace],
  );

  return (
    <>
      <AdminHeader title="Releases" />
      <div className={styles.page}>
        {state.kind === 'loading' && <Loading text="Loading releases…" />}
        {state.kind === 'error' && (
          <LoadFailure what="The releases" message={state.message} onRetry={reload} />
        )}
        {state.kind === 'ready' && (
          <>
            <p className={releases.registry}>
              Registry revision {state.overview.registry.revision}
              {state.overview.registry.product && <> of product {state.overview.registry.product}</>}. Read
              again every 15 seconds while this page is open; remotes with a canary first.
            </p>
            {state.stale && (
              <p role="alert" className={releases.stale}>
                Could not refresh ({state.stale}); the figures below are from the last read.
              </p>
            )}
            {Object.keys(state.overview.remotes).length === 0 ? (
              <p className={styles.empty}>{RELEASES_EMPTY_TEXT}</p>
            ) : (
              <ul className={styles.plainList} aria-label="Remotes">
                {Object.entries(state.overview.remotes)
                  .sort(
                    ([a, first], [b, second]) =>
                      Number(second.canary !== null) - Number(first.canary !== null) || a.localeCompare(b),
                  )
                  .map(([remote, release]) => (
                    <li key={remote}>
                      <ReleaseCard remote={remote} release={release} onDone={done} />
                    </li>
                  ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}
