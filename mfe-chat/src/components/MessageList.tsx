import type { Message } from '@skynet/contract';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { formatFullDateTime, formatMessageTime, groupByVancouverDay } from '../lib/chatTime';
import styles from './MessageList.module.css';

export const EMPTY_CHAT_TEXT = 'No Messages to Show';

interface MessageListProps {
  messages: Message[];
  /** The signed-in user: their messages are 'own'. */
  meId: string | null;
  partnerName: string;
}

/**
 * The conversation, grouped by Vancouver day, kept scrolled to the newest message. Drawn again only when its props
 * change: the chat page re-renders on every keystroke and on Send (the composer's state), and redrawing every
 * message then made Send's press the slowest of issue 34's interactions (docs/performance.md, INP).
 */
export const MessageList = memo(function MessageList({ messages, meId, partnerName }: MessageListProps) {
  const days = useMemo(() => groupByVancouverDay(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages[messages.length - 1]?._id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the newest message changes
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  return (
    // A scrollable region must be reachable by keyboard: tabIndex 0 lets arrow keys scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
    <div ref={scroller} className={styles.scroller} role="log" aria-label="Messages" tabIndex={0}>
      {days.length === 0 ? (
        <p className={styles.empty}>{EMPTY_CHAT_TEXT}</p>
      ) : (
        days.map((day) => (
          <section key={day.key} className={styles.day} aria-labelledby={`day-${day.key}`}>
            <h2 id={`day-${day.key}`} className={styles.dayHeading}>
              <time dateTime={day.key}>{day.heading}</time>
            </h2>
            <ol className={styles.messages}>
              {day.messages.map((message) => {
                const own = meId !== null && message.senderId === meId;
                return (
                  <li key={message._id} className={`${styles.message} ${own ? styles.own : styles.received}`}>
                    <span className={styles.visuallyHidden}>{own ? 'You said' : `${partnerName} said`}</span>
                    <p className={styles.content}>{message.content}</p>
                    <time
                      className={styles.time}
                      dateTime={message.createdAt}
                      title={formatFullDateTime(message.createdAt)}
                    >
                      {formatMessageTime(message.createdAt)}
                    </time>
                  </li>
                );
              })}
            </ol>
          </section>
        ))
      )}
    </div>
  );
});
