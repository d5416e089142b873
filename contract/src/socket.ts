// The product's socket.io events and their payloads (live chat, unread counts, live feeds): the API emits and listens to
// these, the one socket client in @skynet/shared and the remotes use the same names (spec point 7: emits sendID; issue 20 replaced the
// displayMessage list with a one-message delta, docs/decisions.md).
import type { Static } from '@sinclair/typebox';
import type { UnreadCounts as UnreadCountsSchema } from './api/entities.js';
import type * as S from './api/socket-events.js';

// The payload types below are derived from the schemas in ./api/socket-events.ts (types only: nothing reaches a
// bundle), which the OpenAPI document describes under x-socket-events.

export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  /**
   * client -> server: join a conversation's room. Arguments: the conversation id, then optionally a JoinOptions
   * (catch up from a cursor), then the acknowledgement callback, answered with a JoinAck.
   */
  join: 'sendID',
  /** client -> server: leave a conversation's room; payload the conversation id. */
  leave: 'leaveID',
  /**
   * server -> room: one new message (a NewMessagePayload), once per message, whatever the conversation's length.
   * It replaced 'displayMessage' (the whole history on every message); the client merges it into the shown list.
   */
  newMessage: 'newMessage',
  /** server -> both members: a first message started a conversation. */
  conversationStarted: 'conversationStarted',
  /**
   * server -> the user's own room: the user's unread counts (an UnreadCounts) changed, e.g. someone liked their post
   * or wrote to them, or another tab of theirs marked something read. Always the whole counts, never a delta.
   */
  unreadCounts: 'unreadCounts',
  /**
   * client -> server: follow one feed's new posts (issue 22, live feeds). Arguments: a FeedName, optionally
   * FollowFeedOptions, then the acknowledgement callback, answered with a SocketAck. A socket follows one feed at a
   * time: following another leaves the previous one. With `after`, the posts published since that one are announced
   * (newPost, to this socket, oldest first) before the answer.
   */
  followFeed: 'followFeed',
  /** client -> server: stop following a feed; payload the FeedName. */
  unfollowFeed: 'unfollowFeed',
  /**
   * server -> the galaxy's room and the post's planet's room: a post was published that those feeds show (a
   * FeedPostPayload). The client fetches page 1 when the reader asks to see it.
   */
  newPost: 'newPost',
  /** server -> the same rooms: a post was deleted (a FeedPostPayload); an announced one is no longer counted. */
  postDeleted: 'postDeleted',
} as const;

/** The galaxy feed's name in followFeed; a planet's feed is named by the planet's id. */
export const GALAXY_FEED = 'galaxy';

/**
 * The signed-in reader's own Following timeline in followFeed (issue 35): its room hears of a post once the post is in
 * the reader's timeline, so the new-posts button never offers one the next read lacks.
 */
export const FOLLOWING_FEED = 'following';

/** Which feed a socket follows: GALAXY_FEED, FOLLOWING_FEED or a planet id. */
export type FeedName = string;

/** The second argument of a followFeed. */
export type FollowFeedOptions = Static<typeof S.FollowFeedOptions>;

/** A post that came to (or left) a feed: enough to count it and to tell which planet's feed it belongs to. */
export type FeedPostPayload = Static<typeof S.FeedPostPayload>;

/**
 * What the signed-in user has not seen yet: notifications (likes, replies, follows...) and direct messages. Answered by
 * `GET /api/notifications/unread` (`value`) and pushed live as SOCKET_EVENTS.unreadCounts.
 */
export type UnreadCounts = Static<typeof UnreadCountsSchema>;

export type SocketAck = Static<typeof S.SocketAck>;

/** The second argument of a join: where the client's copy of the conversation ends. */
export type JoinOptions = Static<typeof S.JoinOptions>;

/**
 * What a join with JoinOptions brings besides the room: the messages stored after the cursor, oldest first, so a
 * (re)connecting socket misses nothing. `top` is the number (conversation counter) of the newest one it covers.
 * `replace`: the answer is the conversation's latest history (no cursor, a cursor the server does not know, or more
 * missed than the history holds); it replaces the shown list.
 */
export type CatchUp = Static<typeof S.CatchUp>;

/** The acknowledgement of a join: a join without JoinOptions gets no catchUp (older clients). */
export type JoinAck = Static<typeof S.JoinAck>;

/**
 * One new message, as the room gets it: the message and its number in the conversation (1, 2, 3... in commit order,
 * no gaps), so a client sees a message it missed (a number skipped) and catches up.
 */
export type NewMessagePayload = Static<typeof S.NewMessagePayload>;

/** What the socket handshake carries (`auth`): the same token as the HTTP client's Authorization header. */
export interface SocketAuth {
  token: string | null;
}

/** Sent to each member's own room: the conversation and the other member. */
export type ConversationStartedPayload = Static<typeof S.ConversationStartedPayload>;
