// The first page of the list on the address the visitor arrived on, requested when the area's code is evaluated
// (App.tsx), while the shell still confirms the session, and handed to that list's first fetch: the posts are on
// their way one round trip sooner. Dropped when the session ends or the answer is older than the page's own head
// start answers may be (HEAD_START_FRESH_MS).
import { HEAD_START_FRESH_MS, type Post } from '@skynet/contract';
import type { FetchPage } from '@skynet/kit';
import { session } from '@skynet/shared';

interface HeadStart {
  fetch: FetchPage<Post>;
  page: number;
  at: number;
  result: Promise<Post[]>;
  /** Stops watching the session. */
  stop: () => void;
}

let headStart: HeadStart | null = null;

/** Requests `page` now, for the first `withHeadStart(fetch)` call that asks for it; only with a saved session. */
export function startFirstPage(fetch: FetchPage<Post>, page: number): void {
  if (!session.get().token) return;
  const result = fetch(page);
  result.catch(() => {
    // Whoever takes it shows the failure; an untaken head start says nothing.
  });
  const stop = session.subscribe((state) => {
    if (state.status !== 'signed-out') return;
    headStart = null;
    stop();
  });
  headStart = { fetch, page, at: Date.now(), result, stop };
}

/** `fetch`, answering its first call for the started page from the head start while it is fresh. */
export function withHeadStart(fetch: FetchPage<Post>): FetchPage<Post> {
  return (page) => {
    const start = headStart;
    if (start?.fetch !== fetch || start.page !== page) return fetch(page);
    headStart = null;
    start.stop();
    return Date.now() - start.at < HEAD_START_FRESH_MS ? start.result : fetch(page);
  };
}
