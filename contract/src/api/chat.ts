// Direct messages: send, read a conversation as day groups, list conversations, mark what the chat showed.
import { Type } from '@sinclair/typebox';
import { MESSAGE_MAX_LENGTH } from '../limits.js';
import { defineCall } from './call.js';
import { ConversationRow, DayGroup, Message } from './entities.js';
import { errors, Nullable, OkValue } from './envelope.js';
import { IdText } from './fields.js';

const tags = ['chat'] as const;
const ReceiverId = IdText;

/** A conversation as its page reads it: day groups (UTC, oldest first), conversationId null if none yet. */
const ChatHistory = Type.Object({
  success: Type.Literal(true),
  message: Type.Array(DayGroup),
  conversationId: Nullable(Type.String()),
});

export const chatCalls = {
  sendMessage: defineCall({
    operationId: 'sendMessage',
    method: 'POST',
    path: '/user/chat',
    tags,
    description:
      'Sends a message. Every member who joined the room gets it as newMessage (that one message); a new conversation also emits conversationStarted to both users. With an Idempotency-Key header (1-64 of A-Z a-z 0-9 _ -, one per message, scoped to the sender) a retry answers the message the first send stored, without storing it again or emitting anything; the same key with another receiver or text is a 422.',
    headers: Type.Object({
      'idempotency-key': Type.Optional(
        Type.String({ description: 'One per message the sender means to send once; reused by its retries.' }),
      ),
    }),
    body: Type.Object({
      content: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
      receiverId: ReceiverId,
    }),
    response: {
      200: OkValue(Type.Object({ message: Message, conversationId: Type.String() })),
      ...errors(400, 401, 404, 422, 429),
    },
  }),
  chatHistory: defineCall({
    operationId: 'chatHistory',
    method: 'POST',
    path: '/user/getchats',
    tags,
    description:
      'Day groups (UTC, oldest first) of the conversation with receiverId; conversationId null if none yet.',
    body: Type.Object({ receiverId: ReceiverId }),
    response: {
      200: ChatHistory,
      ...errors(400, 401, 404),
    },
  }),
  // The history as a GET (the spec's call is the POST above, kept as it is): the page's HTML can start it with the
  // visitor's token before any script (`early` in mfe-chat's routes), so a conversation paints from the HTML.
  conversation: defineCall({
    operationId: 'conversation',
    method: 'GET',
    path: '/user/conversations/:receiverId',
    tags,
    description: 'The same answer as POST /user/getchats for receiverId: the conversation with that person.',
    params: Type.Object({ receiverId: ReceiverId }),
    response: {
      200: ChatHistory,
      ...errors(400, 401, 404),
    },
  }),
  conversations: defineCall({
    operationId: 'conversations',
    method: 'POST',
    path: '/user/conversations',
    tags,
    response: {
      200: Type.Object({ success: Type.Literal(true), data: Type.Array(ConversationRow) }),
      ...errors(401),
    },
  }),
  // The list as a GET (the spec's call is the POST above, kept as it is): the page's HTML can start a GET with the
  // visitor's token before any script (`early` in mfe-chat's routes), so /messages paints from the HTML.
  conversationList: defineCall({
    operationId: 'conversationList',
    method: 'GET',
    path: '/user/conversations',
    tags,
    description: 'The same list as POST /user/conversations: one row per conversation, newest first.',
    response: {
      200: Type.Object({ success: Type.Literal(true), data: Type.Array(ConversationRow) }),
      ...errors(401),
    },
  }),
  chatRead: defineCall({
    operationId: 'chatRead',
    method: 'POST',
    path: '/user/chat/read',
    tags,
    description:
      'Your chat showed the conversation up to messageId (its newest shown message): your unread messages there end at it. value = whether your unread count changed.',
    body: Type.Object({
      conversationId: IdText,
      messageId: IdText,
    }),
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 404, 429) },
  }),
};
