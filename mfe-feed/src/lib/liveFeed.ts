// Live feeds (issue 22, item 3): the galaxy and planet feeds hear of posts published after the page loaded over the
// one shared socket and offer them behind a button; nothing is inserted while the reader reads. Plain TypeScript, so
// it is tested with a fake socket; hooks/useNewPosts.ts wires it to a feed list.
import {
  type FeedPostPayload,
  FOLLOWING_FEED,
  type FollowFeedOptions,
  GALAXY_FEED,
  SOCKET_EVENTS,
  type SocketAck,
} from '@skynet/contract';

/** The button's text and accessible name: '1 new post', '2 new posts'. */
export const newPostsLabel = (count: number) => `${count} new post${count === 1 ? '' : 's'}`;

/**
 * The posts of a fresh first page (newest first) above every shown one, deleted ones left out. `gap`: none of the
 * page is shown (more arrived than a page holds), so they cannot simply go on top of what is shown.
 */
export function newerThanShown<T extends { _id: string; deleted?: boolean }>(
  page: readonly T[],
  shown: ReadonlySet<string>,
): { fresh: T[]; gap: boolean } {
  const at = page.findIndex((post) => shown.has(post._id));
  return {
    fresh: (at < 0 ? page : page.slice(0, at)).filter((post) => !post.deleted),
    gap: at < 0 && shown.size > 0,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: socket.io types its listeners with any arguments
type Listener = (...args: any[]) => void;

/** The part of a socket.io client socket this uses (a fake one in tests). */
export interface FeedSocket {
  readonly connected: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface FeedEvents {
  /** A post of this feed was published. */
  onPost(id: string): void;
  /** A post of this feed was deleted. */
  onDeleted(id: string): void;
  /** The server follows the feed for this socket (again, after a reconnection): time to catch up on what was missed. */
  onFollowed(): void;
}

/**
 * Follows `feed` (GALAXY_FEED, FOLLOWING_FEED or a planet id) on `socket`, now and on every reconnection, until the answered function
 * is called. Payloads of another planet (a socket that still followed one) or of the wrong shape are ignored.
 * `newest`: the newest post shown, sent as the follow's `after`, so the server announces what was published between
 * the read of page 1 and the follow.
 */
export function followFeed(
  socket: FeedSocket,
  feed: string,
  events: FeedEvents,
  newest: () => string | undefined = () => undefined,
): () => void {
  const answered = (ack?: SocketAck) => {
    if (ack?.ok) events.onFollowed();
  };
  const follow = () => {
    const after = newest();
    if (after) socket.emit(SOCKET_EVENTS.followFeed, feed, { after } satisfies FollowFeedOptions, answered);
    else socket.emit(SOCKET_EVENTS.followFeed, feed, answered);
  };
  const ours = (payload: unknown): string | null => {
    const post = payload as FeedPostPayload | null;
    // The galaxy and the Following timeline (issue 35) take posts of every planet.
    const anyPlanet = feed === GALAXY_FEED || feed === FOLLOWING_FEED;
    return typeof post?.id === 'string' && (anyPlanet || post.planetId === feed) ? post.id : null;
  };
  const added = (payload: unknown) => {
    const id = ours(payload);
    if (id) events.onPost(id);
  };
  const removed = (payload: unknown) => {
    const id = ours(payload);
    if (id) events.onDeleted(id);
  };
  socket.on('connect', follow);
  socket.on(SOCKET_EVENTS.newPost, added);
  socket.on(SOCKET_EVENTS.postDeleted, removed);
  if (socket.connected) follow();
  return () => {
    socket.off('connect', follow);
    socket.off(SOCKET_EVENTS.newPost, added);
    socket.off(SOCKET_EVENTS.postDeleted, removed);
    if (socket.connected) socket.emit(SOCKET_EVENTS.unfollowFeed, feed);
  };
}
