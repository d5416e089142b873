// The send flow of the message form: ignores empty text and a second send while one runs, clears the input
// after a successful send, keeps the text and says so when the send fails.
import { errorText, notify } from '@skynet/shared';
import { type FormEvent, useCallback, useRef, useState } from 'react';

export const SEND_FAILED_TEXT = 'Your message was not sent.';

export interface Composer {
  text: string;
  setText(text: string): void;
  sending: boolean;
  /** Sends the trimmed text; resolves true when it was sent. */
  submit(event?: FormEvent): Promise<boolean>;
}

export function useComposer(send: (content: string) => Promise<void>): Composer {
  const [text, setTextState] = useState('');
  const [sending, setSending] = useState(false);
  const textRef = useRef('');
  const sendingRef = useRef(false);

  const setText = useCallback((next: string) => {
    textRef.current = next;
    setTextState(next);
  }, []);

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const typed = textRef.current;
      const content = typed.trim();
      if (!content || sendingRef.current) return false;
      sendingRef.current = true;
      setSending(true);
      try {
        await send(content);
        // Clear only what was sent: text typed while sending stays.
        if (textRef.current === typed) setText('');
        return true;
      } catch (error) {
        console.warn('[mfe-chat] send failed', error);
        notify.error(`${SEND_FAILED_TEXT} ${errorText(error)}`);
        return false;
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [send, setText],
  );

  return { text, setText, sending, submit };
}
