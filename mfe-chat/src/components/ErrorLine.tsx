import styles from './ErrorLine.module.css';

/** A failed load, said plainly, with a way to try again. */
export function ErrorLine({
  text,
  detail,
  onRetry,
}: {
  text: string;
  detail?: string | null;
  onRetry(): void;
}) {
  return (
    <div className={styles.error} role="alert">
      <p>
        {text}
        {detail ? ` ${detail}` : ''}
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
