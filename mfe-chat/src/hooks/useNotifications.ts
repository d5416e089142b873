// The notifications page's list: paged like every list (kit usePagedList), with what arrives live on top, and the
// groups the reader has seen marked read (issue 22).
import { type NotificationGroup, SOCKET_EVENTS } from '@skynet/contract';
import { notificationsApi, type PagedList, usePagedList } from '@skynet/kit';
import { getSocket } from '@skynet/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { groupKey } from '../lib/notificationText';

/** Seen groups are marked read together, this long after the first of them came into view. */
export const MARK_READ_DELAY_MS = 300;

export interface Notifications {
  list: PagedList<NotificationGroup>;
  /** Live arrivals first (newest first), then the pages, each group once. */
  items: NotificationGroup[];
  /** Call with a group's element when it is shown: once on screen (and the tab visible) it is marked read. */
  observe(group: NotificationGroup, element: Element | null): void;
}

const fetchPage = (page: number) => notificationsApi.list(page);

export function useNotifications(): Notifications {
  const list = usePagedList<NotificationGroup>(fetchPage, 0, { keyOf: groupKey });
  // Groups that arrived (or grew) while the page was open: page 1 fetched again whenever the count of unread rose.
  const [live, setLive] = useState<NotificationGroup[]>([]);

  useEffect(() => {
    let disposed = false;
    let lastUnread = -1;
    let fetching = false;
    let again = false;
    const refresh = () => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = true;
      notificationsApi
        .list(0)
        .then((first) => {
          if (disposed) return;
          setLive((current) => {
            const keys = new Set(first.map(groupKey));
            return [...first, ...current.filter((g) => !keys.has(groupKey(g)))];
          });
        })
        .catch((error: unknown) => console.warn('[mfe-chat] could not refresh notifications', error))
        .finally(() => {
          fetching = false;
          if (again && !disposed) {
            again = false;
            refresh();
          }
        });
    };
    const onCounts = (payload: unknown) => {
      const n = (payload as { notifications?: unknown } | null)?.notifications;
      if (typeof n !== 'number') return;
      if (n > 0 && n > lastUnread) refresh();
      lastUnread = n;
    };
    let detach = () => {};
    getSocket()
      .then((socket) => {
        if (disposed) return;
        socket.on(SOCKET_EVENTS.unreadCounts, onCounts);
        detach = () => socket.off(SOCKET_EVENTS.unreadCounts, onCounts);
      })
      .catch((error: unknown) => console.warn('[mfe-chat] live notifications unavailable', error));
    return () => {
      disposed = true;
      detach();
    };
  }, []);

  const items = useMemo(() => {
    const keys = new Set(live.map(groupKey));
    return [...live, ...list.items.filter((g) => !keys.has(groupKey(g)))];
  }, [live, list.items]);

  // Marking read: every unread group the reader has had on screen, by its id as listed.
  const pending = useRef(new Set<string>());
  const sent = useRef(new Set<string>());
  const timer = useRef<number | null>(null);
  const flush = useCallback(() => {
    timer.current = null;
    if (document.visibilityState === 'hidden') return;
    const ids = [...pending.current].filter((id) => !sent.current.has(id));
    pending.current.clear();
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    notificationsApi.markRead(ids).catch((error: unknown) => {
      for (const id of ids) sent.current.delete(id);
      console.warn('[mfe-chat] could not mark notifications read', error);
    });
  }, []);
  const seen = useCallback(
    (id: string) => {
      if (sent.current.has(id)) return;
      pending.current.add(id);
      timer.current ??= window.setTimeout(flush, MARK_READ_DELAY_MS);
    },
    [flush],
  );
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const observer = useRef<IntersectionObserver | null>(null);
  const ids = useRef(new WeakMap<Element, string>());
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = ids.current.get(entry.target);
        if (entry.isIntersecting && id) seen(id);
      }
    });
    return () => observer.current?.disconnect();
  }, [seen]);

  // A tab that comes back into view marks what waited while it was hidden.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && pending.current.size > 0) flush();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [flush]);

  const observe = useCallback(
    (group: NotificationGroup, element: Element | null) => {
      if (!element || !group.unread || sent.current.has(group.id)) return;
      ids.current.set(element, group.id);
      // Without IntersectionObserver (old browsers, tests) a shown group counts as seen.
      if (observer.current) observer.current.observe(element);
      else seen(group.id);
    },
    [seen],
  );

  return { list, items, observe };
}
