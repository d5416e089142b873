// One open conversation: its history over HTTP, kept live over the page's one shared socket.
import type { Message } from '@skynet/contract';
import { chatApi } from '@skynet/kit';
import { errorText, getSocket } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flattenDays, mergeMessages, replaceMessages } from '../lib/chatTime';
import { LiveConversation } from '../lib/liveConversation';

export type ConversationStatus = 'loading' | 'ready' | 'error';

export interface ConversationState {
  status: ConversationStatus;
  /** Oldest first. */
  messages: Message[];
  conversationId: string | null;
  error: string | null;
}

export interface UseConversation extends ConversationState {
  /** Sends a message; rejects when it was not sent. */
  send(content: string): Promise<void>;
  /** Loads the history again (after an error). */
  retry(): void;
}

const initial: ConversationState = { status: 'loading', messages: [], conversationId: null, error: null };

/**
 * Opening a conversation fetches its messages and joins its room (spec point 4); each 'newMessage' is merged into
 * the shown list (it replaced 'displayMessage', which sent the whole list: docs/decisions.md); a (re)join catches up
 * from the newest message held, so nothing sent while disconnected is missing; leaving the page leaves the room.
 */
export function useConversation(partnerId: string): UseConversation {
  const [state, setState] = useState<ConversationState>(initial);
  const liveRef = useRef<LiveConversation | null>(null);
  const conversationRef = useRef<string | null>(null);
  const activeRef = useRef(false);
  /** The newest message of the last history fetched (it holds every earlier one): where a first join catches up. */
  const historyCursorRef = useRef<string | null>(null);

  const follow = useCallback((conversationId: string | null) => {
    if (!conversationId) return;
    conversationRef.current = conversationId;
    liveRef.current?.setConversation(conversationId);
  }, []);

  const receive = useCallback((messages: Message[], conversationId: string | null, replace = false) => {
    setState((current) => ({
      status: 'ready',
      error: null,
      conversationId: conversationId ?? current.conversationId,
      messages: replace
        ? replaceMessages(current.messages, messages)
        : mergeMessages(current.messages, messages),
    }));
  }, []);

  const load = useCallback(
    async (silent: boolean) => {
      if (!silent) setState((current) => ({ ...current, status: 'loading', error: null }));
      try {
        const history = await chatApi.history(partnerId);
        if (!activeRef.current) return;
        const messages = flattenDays(history.days);
        historyCursorRef.current = messages.at(-1)?._id ?? null;
        receive(messages, history.conversationId);
        follow(history.conversationId);
      } catch (error) {
        if (!activeRef.current) return;
        console.warn('[mfe-chat] could not load the conversation', error);
        // A background refresh that fails keeps what is shown; only a first load shows the error.
        setState((current) =>
          current.status === 'ready' ? current : { ...current, status: 'error', error: errorText(error) },
        );
      }
    },
    [partnerId, follow, receive],
  );

  useEffect(() => {
    activeRef.current = true;
    conversationRef.current = null;
    historyCursorRef.current = null;
    setState(initial);
    void load(false);
    let disposed = false;
    let live: LiveConversation | null = null;
    getSocket()
      .then((socket) => {
        if (disposed) return;
        live = new LiveConversation(socket, {
          partnerId,
          onMessages: (messages: Message[], replace: boolean) => receive(messages, null, replace),
          onResync: () => void load(true),
          historyCursor: () => historyCursorRef.current,
          onConversation: (conversationId) => {
            conversationRef.current = conversationId;
            setState((current) => ({ ...current, conversationId }));
          },
        });
        liveRef.current = live;
        live.setConversation(conversationRef.current);
      })
      .catch((error: unknown) => {
        // Without the socket the chat still works over HTTP.
        console.warn('[mfe-chat] live updates unavailable', error);
      });
    return () => {
      disposed = true;
      activeRef.current = false;
      live?.dispose();
      liveRef.current = null;
    };
  }, [partnerId, load, receive]);

  const send = useCallback(
    async (content: string) => {
      const { message, conversationId } = await chatApi.send(partnerId, content);
      if (!activeRef.current) return;
      // Shown at once; the room's 'newMessage' brings the same message again (kept once, by its id).
      receive([message], conversationId);
      // The first message of a new conversation: the answer names the room to join.
      follow(conversationId);
    },
    [partnerId, follow, receive],
  );

  const retry = useCallback(() => void load(false), [load]);

  return { ...state, send, retry };
}
