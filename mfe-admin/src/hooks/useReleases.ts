// The release console's data: every remote's release, read at once and again every 15 s while the page is visible
// (and at once when it becomes visible again), with the last figures left on screen while it reads. An action's
// answer replaces its remote at once; a read that started before it is dropped, so it cannot bring back the past.
// Like usePage (the other admin lists): plain state and the kit's call, no cache (the call asks for none).
import { failureText, type ReleasesOverview, type RemoteRelease, releaseApi } from '@skynet/kit';
import { useCallback, useEffect, useRef, useState } from 'react';

export const REFRESH_MS = 15_000;

export type ReleasesState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  /** `stale`: the last refresh failed (its text); the figures shown are from the read before. */
  | { kind: 'ready'; overview: ReleasesOverview; stale: string | null };

export interface Releases {
  state: ReleasesState;
  /** Reads again (Try again: the loading state first when nothing is on screen). */
  reload: () => void;
  /** Puts an action's answer in place of its remote. */
  replace: (remote: string, release: RemoteRelease) => void;
}

export function useReleases(interval = REFRESH_MS): Releases {
  const [state, setState] = useState<ReleasesState>({ kind: 'loading' });
  /** Bumped by each read and each replace: only the newest read may land. */
  const latest = useRef(0);
  const mounted = useRef(true);

  const read = useCallback(() => {
    const ticket = ++latest.current;
    releaseApi.list().then(
      (overview) => {
        if (mounted.current && ticket === latest.current) setState({ kind: 'ready', overview, stale: null });
      },
      (error: unknown) => {
        if (!mounted.current || ticket !== latest.current) return;
        const message = failureText(error);
        setState((previous) =>
          previous.kind === 'ready' ? { ...previous, stale: message } : { kind: 'error', message },
        );
      },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    read();
    const visible = () => document.visibilityState === 'visible';
    const timer = window.setInterval(() => {
      if (visible()) read();
    }, interval);
    const onVisibility = () => {
      if (visible()) read();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      mounted.current = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [read, interval]);

  const reload = useCallback(() => {
    setState((previous) => (previous.kind === 'error' ? { kind: 'loading' } : previous));
    read();
  }, [read]);

  const replace = useCallback((remote: string, release: RemoteRelease) => {
    latest.current += 1;
    setState((previous) =>
      previous.kind === 'ready'
        ? {
            ...previous,
            overview: { ...previous.overview, remotes: { ...previous.overview.remotes, [remote]: release } },
          }
        : previous,
    );
  }, []);

  return { state, reload, replace };
}
