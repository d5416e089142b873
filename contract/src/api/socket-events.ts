// The socket.io events' payloads as schemas: the OpenAPI document describes them (x-socket-events) and
// ../socket.ts derives its payload types from them. Names and directions: SOCKET_EVENTS in ../socket.ts.
import { type TSchema, Type } from '@sinclair/typebox';
import { SOCKET_EVENTS } from '../socket.js';
import { Message, UnreadCounts } from './entities.js';

export const SocketAck = Type.Union([
  Type.Object({ ok: Type.Literal(true) }),
  Type.Object({ ok: Type.Literal(false), error: Type.String() }),
]);
export const FeedPostPayload = Type.Object({ id: Type.String(), planetId: Type.String() });
export const FollowFeedOptions = Type.Object({
  after: Type.Optional(
    Type.String({
      description: 'The newest post the client shows of this feed: what it gained since is announced.',
    }),
  ),
});
export const JoinOptions = Type.Object({
  after: Type.Optional(
    Type.String({ description: 'The newest message the client holds with every earlier one; absent: none.' }),
  ),
});
export const CatchUp = Type.Object({
  messages: Type.Array(Message),
  top: Type.Integer({ description: 'The conversation counter of the newest message it covers.' }),
  replace: Type.Boolean({ description: "The conversation's latest history: it replaces the shown list." }),
});
export const JoinAck = Type.Union([
  Type.Object({ ok: Type.Literal(true), catchUp: Type.Optional(CatchUp) }),
  Type.Object({ ok: Type.Literal(false), error: Type.String() }),
]);
export const NewMessagePayload = Type.Composite([Message, Type.Object({ seq: Type.Integer() })]);
export const ConversationStartedPayload = Type.Object({
  conversationId: Type.String(),
  userId: Type.String(),
});
const ConversationId = Type.String({ description: 'The conversation id.' });
const FeedName = Type.String({ description: "'galaxy' or a planet id." });

interface SocketEvent {
  direction: 'client-to-server' | 'server-to-client';
  description: string;
  /** The event's arguments, in order (an acknowledgement callback is not one); `{ optional }` may be left out. */
  args: (TSchema | { optional: TSchema })[];
  /** What the acknowledgement callback is answered with. */
  ack?: TSchema;
}

/** Every socket.io event (at SOCKET_PATH, handshake `auth: { token }`), keyed by its name on the wire. */
export const SOCKET_EVENT_SCHEMAS: Record<(typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS], SocketEvent> = {
  [SOCKET_EVENTS.join]: {
    direction: 'client-to-server',
    description: "Join a conversation's room; with JoinOptions the answer catches up from a cursor.",
    args: [ConversationId, { optional: JoinOptions }],
    ack: JoinAck,
  },
  [SOCKET_EVENTS.leave]: {
    direction: 'client-to-server',
    description: "Leave a conversation's room.",
    args: [ConversationId],
  },
  [SOCKET_EVENTS.newMessage]: {
    direction: 'server-to-client',
    description: "To the conversation's room: one new message with its number in the conversation.",
    args: [NewMessagePayload],
  },
  [SOCKET_EVENTS.conversationStarted]: {
    direction: 'server-to-client',
    description: "To each member's own room: a first message started a conversation.",
    args: [ConversationStartedPayload],
  },
  [SOCKET_EVENTS.unreadCounts]: {
    direction: 'server-to-client',
    description: "To the user's own room: the whole unread counts, whenever either changes.",
    args: [UnreadCounts],
  },
  [SOCKET_EVENTS.followFeed]: {
    direction: 'client-to-server',
    description:
      "Follow one feed's new posts (one at a time); with `after`, the posts since are announced before the answer.",
    args: [FeedName, { optional: FollowFeedOptions }],
    ack: SocketAck,
  },
  [SOCKET_EVENTS.unfollowFeed]: {
    direction: 'client-to-server',
    description: 'Stop following a feed.',
    args: [FeedName],
  },
  [SOCKET_EVENTS.newPost]: {
    direction: 'server-to-client',
    description:
      "To the galaxy's room and the post's planet's room: a post was published that those feeds show.",
    args: [FeedPostPayload],
  },
  [SOCKET_EVENTS.postDeleted]: {
    direction: 'server-to-client',
    description: 'To the same rooms: a post was deleted.',
    args: [FeedPostPayload],
  },
};
