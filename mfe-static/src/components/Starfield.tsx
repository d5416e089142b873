import styles from './Starfield.module.css';

/**
 * A static, CSS-only starfield with the sun and a few orbits: what the landing page shows while the
 * map preview loads, and instead of it when mfe-map is down. No script, no request.
 */
export function Starfield() {
  return (
    <div className={styles.starfield} role="img" aria-label="A starfield around the sun">
      <span className={`${styles.orbit} ${styles.o1}`} />
      <span className={`${styles.orbit} ${styles.o2}`} />
      <span className={`${styles.orbit} ${styles.o3}`} />
      <span className={`${styles.orbit} ${styles.o4}`} />
      <span className={styles.sun} />
    </div>
  );
}
