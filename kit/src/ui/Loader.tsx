import styles from './ui.module.css';

/** A spinner with a name for screen readers. */
export function Loader({ label = 'Loading', size = 32 }: { label?: string; size?: number }) {
  return (
    <div className={styles.loader} role="status" aria-live="polite">
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      <span className={styles.visuallyHidden}>{label}</span>
    </div>
  );
}

export const END_OF_LIST_TEXT = 'There is nothing else to see, so do not look.';

/** The text a finished list shows (spec point 4). */
export function EndOfList() {
  return <p className={styles.endOfList}>{END_OF_LIST_TEXT}</p>;
}
