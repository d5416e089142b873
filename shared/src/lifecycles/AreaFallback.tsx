import styles from './area.module.css';
import { useReplacesPrerendered } from './prerendered';

interface AreaFallbackProps {
  title?: string;
  detail?: string;
  onRetry: () => void;
}

/** What an area shows when its code could not be loaded or crashed: the rest of the page keeps working. */
export function AreaFallback({
  title = 'This part of Skynet is not responding.',
  detail = 'The rest of the app still works. Try again in a moment.',
  onRetry,
}: AreaFallbackProps) {
  useReplacesPrerendered(); // the failure shows where the page would have been
  return (
    <section className={styles.fallback} role="alert">
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.detail}>{detail}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
