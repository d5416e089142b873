// One infinite-list engine for every paged list (spec points 4 and 9).
//
// - Pages are numbered from `firstPage`: 1 for the galaxy and planet feeds, 0 for every other list.
// - One page at a time: a page is never requested twice and never while another is in flight.
// - The next page loads when the list's bottom edge is within a quarter of the list's height below the
//   viewport's bottom, checked every 1000 ms, and checked at once after each page renders (so a short page
//   that does not fill the screen pulls the next one without waiting a second).
// - An empty page or a failed request ends the list (the caller then shows END_OF_LIST_TEXT).
import { type RefObject, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';

export const SCROLL_CHECK_MS = 1000;

export type FetchPage<T> = (page: number) => Promise<T[]>;

export interface PagedList<T> {
  items: T[];
  /** A page is being fetched. */
  loading: boolean;
  /** An empty page or a failure ended the list. */
  done: boolean;
  /** The request that ended the list failed (the list still shows what it had). */
  failed: boolean;
  /** Attach to the element that wraps the rendered items. */
  listRef: RefObject<HTMLElement | null>;
  /** Fetch the next page now (ignored while one is in flight or once done). */
  loadMore: () => void;
  /**
   * Puts newer items (newest first) on top, leaving out any already shown (live feeds). `replace`: they are a fresh
   * first page that does not reach the items shown (more arrived than a page holds): the list starts over from them,
   * paging on from the page after.
   */
  prepend: (items: T[], replace?: boolean) => void;
}

interface State<T> {
  items: T[];
  loading: boolean;
  done: boolean;
  failed: boolean;
  /** Bumped after each page lands, so the layout check runs once it is on screen. */
  rendered: number;
}

type Action<T> =
  | { type: 'reset' }
  | { type: 'start' }
  | { type: 'page'; items: T[] }
  | { type: 'prepend'; items: T[]; replace: boolean }
  | { type: 'end'; failed: boolean };

function reducer<T>(state: State<T>, action: Action<T>): State<T> {
  switch (action.type) {
    case 'reset':
      return initial<T>();
    case 'start':
      return { ...state, loading: true };
    case 'page':
      return {
        ...state,
        loading: false,
        items: [...state.items, ...action.items],
        rendered: state.rendered + 1,
      };
    case 'end':
      return { ...state, loading: false, done: true, failed: action.failed };
    case 'prepend':
      return action.replace
        ? { ...initial<T>(), items: action.items, rendered: state.rendered + 1 }
        : { ...state, items: [...action.items, ...state.items] };
  }
}

const initial = <T>(): State<T> => ({ items: [], loading: false, done: false, failed: false, rendered: 0 });

/**
 * Is the bottom of `rect` within a quarter of its height of the viewport's bottom (or above it)?
 * Pure, so the rule is tested without layout.
 */
export function isNearBottom(rect: { bottom: number; height: number }, viewportHeight: number): boolean {
  return rect.bottom - viewportHeight <= rect.height / 4;
}

/** Keeps the first copy of each key: a post that moved to the next page while paging shows once. */
function withoutSeen<T>(page: T[], seen: Set<string>, keyOf: (item: T) => string): T[] {
  const fresh: T[] = [];
  for (const item of page) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(item);
  }
  return fresh;
}

interface Options<T> {
  /** Changing it starts the list over from `firstPage` (e.g. a new search text). */
  resetKey?: string;
  /** Identity of an item, to drop repeats across pages. Default: its `_id`. */
  keyOf?: (item: T) => string;
  intervalMs?: number;
}

const defaultKey = (item: unknown) => String((item as { _id?: unknown })._id);

export function usePagedList<T>(
  fetchPage: FetchPage<T>,
  firstPage: 0 | 1,
  { resetKey = '', keyOf = defaultKey, intervalMs = SCROLL_CHECK_MS }: Options<T> = {},
): PagedList<T> {
  const [state, dispatch] = useReducer(reducer<T>, undefined, initial<T>);
  const listRef = useRef<HTMLElement | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  // Mutable paging cursor: kept outside React state so two checks in one tick cannot request a page twice.
  const cursor = useRef({
    next: firstPage as number,
    inFlight: false,
    done: false,
    generation: 0,
    seen: new Set<string>(),
  });

  const loadMore = useCallback(() => {
    const c = cursor.current;
    if (c.inFlight || c.done) return;
    c.inFlight = true;
    const { generation } = c;
    const page = c.next;
    dispatch({ type: 'start' });
    // A fetch that throws at once counts as a failed page too.
    new Promise<T[]>((resolve) => resolve(fetchRef.current(page))).then(
      (items) => {
        if (generation !== cursor.current.generation) return; // the list was reset meanwhile
        c.inFlight = false;
        if (!Array.isArray(items) || items.length === 0) {
          c.done = true;
          dispatch({ type: 'end', failed: false });
          return;
        }
        c.next = page + 1;
        dispatch({ type: 'page', items: withoutSeen(items, c.seen, keyRef.current) });
      },
      () => {
        if (generation !== cursor.current.generation) return;
        c.inFlight = false;
        c.done = true;
        dispatch({ type: 'end', failed: true });
      },
    );
  }, []);

  const check = useCallback(() => {
    const el = listRef.current;
    if (!el || cursor.current.inFlight || cursor.current.done) return;
    // A list not laid out measures as a zero-size box "at the bottom": while the page's template in the HTML stands
    // in for it (site/src/prerendered-page.ts hides what follows the template), every load of /feed asked for page
    // 2 at once (issue 34). The next check measures it once it shows.
    if (el.checkVisibility?.() === false) return;
    if (isNearBottom(el.getBoundingClientRect(), window.innerHeight)) loadMore();
  }, [loadMore]);

  // Start (and start over when the key changes): first page at once.
  const prepend = useCallback(
    (items: T[], replace = false) => {
      const c = cursor.current;
      if (replace) {
        // Starts over after the given first page; an answer still in flight belongs to the old list.
        cursor.current = {
          next: firstPage + 1,
          inFlight: false,
          done: false,
          generation: c.generation + 1,
          seen: new Set(),
        };
      }
      dispatch({ type: 'prepend', items: withoutSeen(items, cursor.current.seen, keyRef.current), replace });
    },
    [firstPage],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger on purpose.
  useEffect(() => {
    const generation = cursor.current.generation + 1;
    cursor.current = { next: firstPage, inFlight: false, done: false, generation, seen: new Set() };
    dispatch({ type: 'reset' });
    loadMore();
    return () => {
      // Answers that land after unmount or reset are dropped.
      cursor.current.generation += 1;
      cursor.current.inFlight = false;
    };
  }, [resetKey, firstPage, loadMore]);

  // The spec's periodic check.
  useEffect(() => {
    const timer = window.setInterval(check, intervalMs);
    return () => window.clearInterval(timer);
  }, [check, intervalMs]);

  // Right after a page is on screen: a short page pulls the next one now, not a second later.
  useLayoutEffect(() => {
    if (state.rendered > 0) check();
  }, [state.rendered, check]);

  return {
    items: state.items,
    loading: state.loading,
    done: state.done,
    failed: state.failed,
    listRef,
    loadMore,
    prepend,
  };
}
