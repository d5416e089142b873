// A Settings section (issue 31) drawn like SettingsMenu's: a heading over a bordered box, and the pieces the safety
// sections share: an empty line, a failed load with Try again.
import { type ReactNode, type RefObject, useId } from 'react';
import menu from '../SettingsMenu.module.css';
import styles from './Safety.module.css';

export function Section({
  title,
  children,
  headingRef,
  busy = false,
}: {
  title: string;
  children: ReactNode;
  /** The heading, focused when the control that had focus goes (e.g. the last row's Unblock). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Its content is still loading. */
  busy?: boolean;
}) {
  const id = useId();
  return (
    <section className={menu.section} aria-labelledby={id} aria-busy={busy || undefined}>
      <h2 id={id} className={menu.heading} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      <div className={menu.list}>{children}</div>
    </section>
  );
}

export function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{text}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
