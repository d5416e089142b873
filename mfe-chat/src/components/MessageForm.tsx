import { MESSAGE_MAX_LENGTH } from '@skynet/contract';
import { useRef } from 'react';
import type { Composer } from '../hooks/useComposer';
import styles from './MessageForm.module.css';

/** The message input (required, 'type here') and the Send button; Enter sends (the form's implicit submit). */
export function MessageForm({ composer }: { composer: Composer }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className={styles.form}
      onSubmit={async (event) => {
        if (await composer.submit(event)) input.current?.focus();
      }}
    >
      <input
        ref={input}
        className={styles.input}
        type="text"
        name="message"
        required
        placeholder="type here"
        aria-label="Message"
        autoComplete="off"
        enterKeyHint="send"
        maxLength={MESSAGE_MAX_LENGTH}
        value={composer.text}
        onChange={(event) => composer.setText(event.target.value)}
      />
      <button
        type="submit"
        className={styles.send}
        aria-label="Send"
        aria-busy={composer.sending}
        disabled={composer.sending}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 12 20 4l-6 16-2.5-6.5z" fill="currentColor" />
        </svg>
      </button>
    </form>
  );
}
