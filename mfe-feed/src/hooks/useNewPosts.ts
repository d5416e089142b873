// The new-posts button of a live feed (issue 22, item 3; lib/liveFeed.ts): how many posts arrived since the page
// loaded, and `show`, which puts them on top, scrolls to the top and moves focus to the first of them.
import type { Comment, Post } from '@skynet/contract';
import type { FetchPage, PagedList } from '@skynet/kit';
import { getSocket } from '@skynet/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { followFeed, newerThanShown } from '../lib/liveFeed';

type Item = Post | Comment;
const shownIds = (items: readonly Item[]) => new Set(items.map((item) => item._id));

export interface NewPosts {
  /** Posts announced and not shown yet (deleted ones dropped). */
  count: number;
  show: () => void;
}

/**
 * `feed`: GALAXY_FEED or a planet id; undefined for lists that are not live. The socket is asked for once the list's
 * first page is there (the first screen never waits for it), and every reconnection catches up from page 1: what
 * was published while the socket was away counts too.
 */
export function useNewPosts(
  feed: string | undefined,
  list: PagedList<Item>,
  fetchPage: FetchPage<Item>,
  firstPage: number,
): NewPosts {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const items = useRef(list.items);
  items.current = list.items;
  const focusId = useRef<string | null>(null);
  const busy = useRef(false);
  const loaded = list.items.length > 0 || list.done;

  useEffect(() => {
    setPending(new Set());
    if (!feed || !loaded) return;
    let live = true;
    let followed = false;
    let stop = () => {};
    const change = (id: string, add: boolean) =>
      setPending((current) => {
        if (current.has(id) === add) return current;
        const next = new Set(current);
        if (add) next.add(id);
        else next.delete(id);
        return next;
      });
    getSocket().then(
      (socket) => {
        if (!live) return;
        stop = followFeed(
          socket,
          feed,
          {
            onPost: (id) => change(id, true),
            onDeleted: (id) => change(id, false),
            onFollowed: () => {
              // The first follow comes right after page 1 was read, and its `after` has the server announce what
              // was published since: reading page 1 again would only cost a request.
              if (!followed) {
                followed = true;
                return;
              }
              void fetchPage(firstPage).then(
                (page) => {
                  if (!live) return;
                  const { fresh } = newerThanShown(page, shownIds(items.current));
                  for (const post of fresh) change(post._id, true);
                },
                () => {}, // the next event or reconnection tries again; the feed itself is unharmed
              );
            },
          },
          () => items.current.find((item) => !(item as Post).deleted)?._id,
        );
      },
      // Without the socket the feed still works; it just is not live.
      () => {},
    );
    return () => {
      live = false;
      stop();
    };
  }, [feed, loaded, fetchPage, firstPage]);

  const { prepend, listRef } = list;
  const show = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    fetchPage(firstPage)
      .then((page) => {
        const { fresh, gap } = newerThanShown(page, shownIds(items.current));
        focusId.current = fresh[0]?._id ?? null;
        prepend(fresh, gap);
        setPending(new Set());
      })
      .catch(() => {}) // the button stays; pressing it again tries again
      .finally(() => {
        busy.current = false;
      });
  }, [fetchPage, firstPage, prepend]);

  // Once the new posts are on screen: to the top, and focus on the first of them (the button is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the items, when they are drawn.
  useEffect(() => {
    const id = focusId.current;
    if (!id) return;
    focusId.current = null;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    listRef.current?.querySelector<HTMLElement>(`[data-post-id="${id}"]`)?.focus({ preventScroll: true });
  }, [list.items, listRef]);

  const shown = useMemo(() => shownIds(list.items), [list.items]);
  let count = 0;
  for (const id of pending) if (!shown.has(id)) count += 1;
  return { count, show };
}
