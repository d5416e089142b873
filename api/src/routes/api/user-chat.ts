import { calls } from '@skynet/contract/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { routeSchema } from '../../lib/route-schema.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { isClientKeyConflict } from '../../plugins/app/chat-repository.js';
import { assertMayMessage } from '../../plugins/app/email-verification.js';

/** What an Idempotency-Key of POST /api/user/chat may be: 1-64 letters, digits, `_` or `-` (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The request's Idempotency-Key, null without one; anything else than one valid key is a 400. */
export function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))
    throw badRequest('The Idempotency-Key header must be 1-64 characters: letters, digits, _ or -.');
  return header;
}

/** Direct messages: send, read a conversation as day groups, list conversations. */
export default async function userChatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const chat = app.chatRepository;

  /** The receiver: an existing account that is not you and (when `live`) not deleted. */
  const partner = async (receiverId: string, meId: string, live: boolean): Promise<string> => {
    if (receiverId === meId) throw badRequest('You cannot send messages to yourself.');
    if (!isUuid(receiverId)) throw notFound('User not found.');
    // Live accounts come from the token cache (no query); the full row only to tell "gone" from "deleted".
    if (await app.tokens.account(receiverId)) return receiverId;
    const row = await app.usersRepository.byId(receiverId);
    if (!row) throw notFound('User not found.');
    if (live && row.deleted_at) throw badRequest('This account has been deleted.');
    return row.id;
  };

  app.post(
    calls.sendMessage.path,
    {
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (req) => req.user?.id ?? req.ip },
      },
      schema: routeSchema(calls.sendMessage),
    },
    async (request) => {
      const me = currentUser(request);
      const key = idempotencyKey(request.headers['idempotency-key']);
      const content = request.body.content.trim();
      if (!hasVisibleCharacter(content)) throw badRequest('The message must contain a visible character.');
      /** The answer of the send that stored this key's message: a retry gets it again, nothing stored or emitted. */
      const replay = async (k: string) => {
        const stored = await chat.byClientKey(me.id, k);
        if (!stored) return null;
        if (stored.receiverId !== request.body.receiverId.toLowerCase() || stored.content !== content)
          throw new HttpError(
            422,
            'This Idempotency-Key was already used for another message: use a new key for each message.',
          );
        return {
          success: true as const,
          value: { message: stored.message, conversationId: stored.conversationId },
        };
      };
      if (key) {
        const earlier = await replay(key);
        if (earlier) return earlier;
      }
      const other = await partner(request.body.receiverId, me.id, true);
      await assertMayMessage(app.db, me.id, other);
      let sent: Awaited<ReturnType<typeof chat.send>>;
      try {
        sent = await chat.send(me.id, other, content, key);
      } catch (err) {
        // A twin with the same key stored it first (committed: the index waited for it); this one stored nothing.
        const earlier = key && isClientKeyConflict(err) ? await replay(key) : null;
        if (earlier) return earlier;
        throw err;
      }
      const { message, conversationId, created, row } = sent;
      if (created) app.realtime.conversationStarted(conversationId, me.id, other);
      // The room gets this one message (never the history: nothing is read for it), and a cached history takes it.
      app.realtime.newMessage(row);
      chat.noteSent(row);
      // The receiver has one more unread message (issue 22): their counts reach their own room.
      app.notifications.changed(other);
      return { success: true as const, value: { message, conversationId } };
    },
  );

  const history = async (request: FastifyRequest, receiverId: string) => {
    const me = currentUser(request);
    const other = await partner(receiverId, me.id, false);
    const conversation = await chat.conversationWith(me.id, other);
    return {
      success: true as const,
      message: conversation ? await chat.history(conversation) : [],
      conversationId: conversation?.id ?? null,
    };
  };
  app.post(calls.chatHistory.path, { schema: routeSchema(calls.chatHistory) }, (request) =>
    history(request, request.body.receiverId),
  );
  app.get(calls.conversation.path, { schema: routeSchema(calls.conversation) }, (request) =>
    history(request, request.params.receiverId),
  );

  const conversationList = async (request: FastifyRequest) => {
    const me = currentUser(request).id;
    const [list, viewer] = await Promise.all([chat.conversations(me), app.safety.viewer(me)]);
    // A conversation with someone blocked either way leaves the list (its history stays, and comes back on unblock).
    return { success: true as const, data: list.filter((c) => !viewer.blocked.has(c.userId)) };
  };
  app.post(calls.conversations.path, { schema: routeSchema(calls.conversations) }, conversationList);
  app.get(calls.conversationList.path, { schema: routeSchema(calls.conversationList) }, conversationList);
}
