// The states of an admin page's read before its list shows: loading (a status a screen reader announces), and a
// failure with its reason and Try again.
import styles from './Admin.module.css';

export function Loading({ text }: { text: string }) {
  return (
    <p className={styles.muted} role="status">
      {text}
    </p>
  );
}

/** `what` is the subject of "could not be loaded", e.g. 'The reports'. */
export function LoadFailure({
  what,
  message,
  onRetry,
}: {
  what: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={styles.failure}>
      <p>
        {what} could not be loaded: {message}
      </p>
      <button type="button" className={styles.plainButton} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
