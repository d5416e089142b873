import styles from './Spinner.module.css';

/** An inline spinner for busy buttons; the button itself says it is busy (aria-busy). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
