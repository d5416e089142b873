// The live chat's socket.io events and their payloads: the API emits and listens to these, the one socket client in
// @skynet/shared and the chat remote use the same names (spec point 7: emits sendID, listens for displayMessage).
import type { MessageDay } from './entities.js';

export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  /** client -> server: join a conversation's room; payload the conversation id; acknowledged with SocketAck. */
  join: 'sendID',
  /** client -> server: leave a conversation's room; payload the conversation id. */
  leave: 'leaveID',
  /** server -> room: the conversation's day groups, which replace the shown list. */
  message: 'displayMessage',
  /** server -> both members: a first message started a conversation. */
  conversationStarted: 'conversationStarted',
} as const;

export type SocketAck = { ok: true } | { ok: false; error: string };

/** What the socket handshake carries (`auth`): the same token as the HTTP client's Authorization header. */
export interface SocketAuth {
  token: string | null;
}

export type DisplayMessagePayload = MessageDay[];

/** Sent to each member's own room: the conversation and the other member. */
export interface ConversationStartedPayload {
  conversationId: string;
  userId: string;
}
