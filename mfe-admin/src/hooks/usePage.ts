// One page of a paged admin list (reports, the audit log): loads it whenever `load` changes (a new page or tab: give
// a memoised loader), keeps the error to show, and reloads on demand (after an action, with the page left on screen
// meanwhile). Pages count from 0, as the API's admin calls do.
import { failureText } from '@skynet/kit';
import { useCallback, useEffect, useRef, useState } from 'react';

export type PageState<T> =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; items: T[] };

export function usePage<T>(load: () => Promise<T[]>): [PageState<T>, () => void] {
  const [state, setState] = useState<PageState<T>>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reloading = useRef(false);
  useEffect(() => {
    let current = true;
    if (!reloading.current) setState({ kind: 'loading' });
    reloading.current = false;
    load().then(
      (items) => current && setState({ kind: 'ready', items }),
      (error: unknown) => current && setState({ kind: 'error', message: failureText(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, generation]);
  const reload = useCallback(() => {
    reloading.current = true;
    setGeneration((n) => n + 1);
  }, []);
  return [state, reload];
}

/** The page number in the address (`?page=2` is the second page, index 1); anything else is the first. */
export function pageIndex(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}
