import styles from './Landing.module.css';

/**
 * The arrow that appears once the page is scrolled and takes the reader back up: a plain link to the top of the
 * page, kept below the fold at the top of the page by its track and faded in by a scroll-driven CSS animation
 * where there is one, scrolling smoothly by CSS (Landing.module.css), so it works the same in every browser, in the
 * prerendered page, where no script runs, and in the real one.
 */
export function ScrollToTop() {
  return (
    <div className={styles.toTopTrack}>
      <a href="#top" className={styles.toTop}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 19V5M5.5 11.5 12 5l6.5 6.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.visuallyHidden}>Scroll to top</span>
      </a>
    </div>
  );
}
