import type { Message } from '@skynet/contract';
import { memo, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
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
    if (!element) return;
    const toEnd = () => {
      element.scrollTop = element.scrollHeight;
    };
    toEnd();
    // Drawn while hidden (the conversation drawn from the HTML still in its place, ../prerender): scrolled to the end
    // once it is shown, when it first has a height.
    if (element.clientHeight > 0 || typeof ResizeObserver === 'undefined') return;
    const shown = new ResizeObserver(() => {
      if (element.clientHeight === 0) return;
      toEnd();
      shown.disconnect();
    });
    shown.observe(element);
    return () => shown.disconnect();
  }, [newest]);

  return (
    // A scrollable region must be reachable by keyboard: tabIndex 0 lets arrow keys scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
    <div ref={scroller} className={styles.scroller} role="log" aria-label="Messages" tabIndex={0}>
      {days.length === 0 ? (
        <p className={styles.empty}>{EMPTY_CHAT_TEXT}</p>
      ) : (
        days.map((day) => (
          <DaySection key={day.key} dayKey={day.key} heading={day.heading}>
            {day.messages.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                own={meId !== null && message.senderId === meId}
                partnerName={partnerName}
              />
            ))}
          </DaySection>
        ))
      )}
    </div>
  );
});

/** One Vancouver day of the conversation: its heading, then its messages. */
export function DaySection({
  dayKey,
  heading,
  children,
}: {
  dayKey: string;
  heading: string;
  children?: ReactNode;
}) {
  return (
    <section className={styles.day} aria-labelledby={`day-${dayKey}`}>
      <h2 id={`day-${dayKey}`} className={styles.dayHeading}>
        <time dateTime={dayKey}>{heading}</time>
      </h2>
      <ol className={styles.messages}>{children}</ol>
    </section>
  );
}

/** One message: yours on one side, theirs on the other, with its time. */
export function MessageItem({
  message,
  own,
  partnerName,
}: {
  message: Message;
  own: boolean;
  partnerName: string;
}) {
  return (
    <li className={`${styles.message} ${own ? styles.own : styles.received}`}>
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
}
