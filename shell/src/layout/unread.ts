// The two unread badges of the navigation (issue 22): the counts from GET /api/notifications/unread, then live
// from the one shared socket's SOCKET_EVENTS.unreadCounts. A failed call or a malformed payload counts as 0, quietly.
import { SOCKET_EVENTS, type UnreadCounts } from '@skynet/contract';
import { notificationsApi } from '@skynet/kit';
import { getSocket } from '@skynet/shared';
import { useEffect, useState } from 'react';

export const NO_UNREAD: UnreadCounts = { notifications: 0, messages: 0 };

/** A link's accessible name: `Messages`, or `Messages, 3 unread` while there are unread ones. */
export function unreadLabel(label: string, count: number): string {
  return count > 0 ? `${label}, ${count} unread` : label;
}

/** What a badge shows: nothing at 0, the number, or 99+ past that. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;

/** Any payload as UnreadCounts: a missing, negative or non-integer count is 0. */
export function toUnreadCounts(value: unknown): UnreadCounts {
  if (!value || typeof value !== 'object') return NO_UNREAD;
  const { notifications, messages } = value as Record<string, unknown>;
  return { notifications: count(notifications), messages: count(messages) };
}

async function fetchUnread(): Promise<UnreadCounts> {
  try {
    return toUnreadCounts((await notificationsApi.unread())?.value);
  } catch {
    return NO_UNREAD; // the server may not offer the call (yet): no badge rather than an error
  }
}

/**
 * The signed-in user's unread counts, kept current: fetched each time the socket connects (the server has put it in
 * the person's room by then, so no push is missed between the answer and the next push), then replaced by each pushed
 * UnreadCounts. One call per page load: the first connect is not a reconnect. Without a socket (it cannot load, or its
 * first try fails), fetched once anyway, so the badges never wait on the live channel.
 */
export function useUnreadCounts(userId: string | null): UnreadCounts {
  const [counts, setCounts] = useState<UnreadCounts>(NO_UNREAD);
  useEffect(() => {
    setCounts(NO_UNREAD);
    if (!userId) return;
    let disposed = false;
    // Answers arrive in any order: a fetch started before a push must not overwrite it.
    let version = 0;
    const set = (next: UnreadCounts) => {
      if (!disposed) setCounts(next);
    };
    const refresh = () => {
      const mine = ++version;
      void fetchUnread().then((next) => {
        if (mine === version) set(next);
      });
    };
    const onCounts = (payload: unknown) => {
      version++;
      set(toUnreadCounts(payload));
    };
    let asked = false;
    const askOnce = () => {
      if (!asked) refresh();
      asked = true;
    };
    let detach: (() => void) | null = null;
    getSocket()
      .then((socket) => {
        if (disposed) return;
        const onConnect = () => {
          asked = true;
          refresh();
        };
        socket.on(SOCKET_EVENTS.unreadCounts, onCounts);
        socket.on('connect', onConnect);
        socket.on('connect_error', askOnce);
        detach = () => {
          socket.off(SOCKET_EVENTS.unreadCounts, onCounts);
          socket.off('connect', onConnect);
          socket.off('connect_error', askOnce);
        };
        if (socket.connected) onConnect();
      })
      .catch(askOnce);
    return () => {
      disposed = true;
      detach?.();
    };
  }, [userId]);
  return counts;
}
