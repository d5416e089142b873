// Tells the server how far the open conversation has been shown (issue 22: unread direct messages). The newest
// message of the partner on screen is read once the tab is visible; each is reported once.
import type { Message } from '@skynet/contract';
import { notificationsApi } from '@skynet/kit';
import { useEffect, useRef, useState } from 'react';

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function useReadMark(conversationId: string | null, messages: Message[], meId: string | null): void {
  const reported = useRef<string | null>(null);
  const [shown, setShown] = useState(visible);
  useEffect(() => {
    const onChange = () => setShown(visible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  // The newest message not sent by me: only theirs can be unread.
  let newest: Message | undefined;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.senderId !== meId) {
      newest = messages[i];
      break;
    }
  }
  const newestId = newest?._id ?? null;
  useEffect(() => {
    if (!shown || !conversationId || !newestId || reported.current === newestId) return;
    reported.current = newestId;
    notificationsApi.chatRead(conversationId, newestId).catch((error: unknown) => {
      reported.current = null;
      console.warn('[mfe-chat] could not mark the conversation read', error);
    });
  }, [shown, conversationId, newestId]);
}
