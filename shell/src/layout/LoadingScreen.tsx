import styles from './layout.module.css';

/** Full screen while the signed-in user is being determined (spec point 2). */
export function LoadingScreen() {
  return (
    <div className={styles.loadingScreen} role="status" aria-live="polite">
      <span className={styles.loadingPlanet} aria-hidden="true" />
      <p>Loading</p>
    </div>
  );
}
