// The conversation list: newest first, as the server sends it.
import type { ConversationRow } from '@skynet/contract';
import { chatApi } from '@skynet/kit';
import { errorText } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newestFirst } from '../lib/chatTime';

export type ConversationsState =
  | { status: 'loading'; rows: ConversationRow[]; error: null }
  | { status: 'ready'; rows: ConversationRow[]; error: null }
  | { status: 'error'; rows: ConversationRow[]; error: string };

export function useConversations(): ConversationsState & { retry(): void } {
  const [state, setState] = useState<ConversationsState>({ status: 'loading', rows: [], error: null });
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setState((current) => ({ status: 'loading', rows: current.rows, error: null }));
    try {
      const rows = await chatApi.conversations();
      if (mine === seq.current) setState({ status: 'ready', rows: newestFirst(rows), error: null });
    } catch (error) {
      console.warn('[mfe-chat] could not load conversations', error);
      if (mine === seq.current)
        setState((current) => ({ status: 'error', rows: current.rows, error: errorText(error) }));
    }
  }, []);

  useEffect(() => {
    void load();
    return () => {
      seq.current++;
    };
  }, [load]);

  return { ...state, retry: () => void load() };
}
