import { PRODUCT_NAME, paths, useDocumentTitle } from '@skynet/kit';
import { RemoteComponent, useReplacesPrerendered } from '@skynet/shared';
import { Link } from 'react-router-dom';
import styles from '../components/Landing.module.css';
import { ScrollToTop } from '../components/ScrollToTop';
import { Starfield } from '../components/Starfield';

const FEATURES = [
  {
    title: 'An interactive map of your galaxy',
    text: 'Your home is a planet, not a page. Drag and zoom across the solar system, find your orbit glowing, and tap any planet to see what its people are saying.',
    icon: 'map',
  },
  {
    title: 'Interplanetary messaging',
    text: 'Live, one-to-one conversations with anyone from Mercury to Pluto. Messages are grouped by day so a long-distance chat never loses its thread.',
    icon: 'chat',
  },
  {
    title: 'Feeds for every corner of space',
    text: 'Follow the feed of your own planet, peek into the feeds of other planets, or take in the whole Galactic Feed at once.',
    icon: 'feed',
  },
] as const;

/**
 * `/` for signed-out visitors: the first thing a newcomer sees. Paints without any API call, and first from the
 * HTML: the server sends this page's markup, rendered at build time (src/prerender), which it replaces.
 */
export default function LandingPage() {
  useDocumentTitle(PRODUCT_NAME);
  useReplacesPrerendered();
  return (
    <div className={styles.landing} data-stage="">
      <header className={styles.topBar}>
        <Link to={paths.landing()} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
          <span className={styles.brandMark} aria-hidden="true" />
          {PRODUCT_NAME}
        </Link>
        <nav className={styles.topActions} aria-label="Account">
          <Link to={paths.login()} className={styles.ghostButton}>
            Log in
          </Link>
          <Link to={paths.signup()} className={styles.primaryButton}>
            Sign up
          </Link>
        </nav>
      </header>

      <div>
        <section className={styles.hero} aria-labelledby="landing-title">
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>The interplanetary social network</p>
            <h1 id="landing-title" className={styles.heroTitle}>
              Your planet. Your people. <span className={styles.glow}>The whole galaxy.</span>
            </h1>
            <p className={styles.lead}>
              Pick a home planet, share short posts with your neighbours, follow voices from across the solar
              system and chat with anyone, however many light-minutes away.
            </p>
            <div className={styles.heroActions}>
              <Link to={paths.signup()} className={`${styles.primaryButton} ${styles.large}`}>
                Join {PRODUCT_NAME}
              </Link>
              <Link to={paths.planets()} className={`${styles.ghostButton} ${styles.large}`}>
                Tour the solar system
              </Link>
            </div>
          </div>
          <div className={styles.heroMap}>
            <RemoteComponent remote="mfe-map" module="./MapPreview" fallback={<Starfield />} />
          </div>
        </section>

        <section className={styles.features} aria-labelledby="features-title">
          <h2 id="features-title" className={styles.sectionTitle}>
            Everything orbits around you
          </h2>
          {/* On phones the cards scroll sideways: the list takes focus so a keyboard can scroll it too (WCAG 2.1.1). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keys. */}
          <ul className={styles.featureList} tabIndex={0} aria-labelledby="features-title">
            {FEATURES.map((feature) => (
              <li key={feature.title} className={styles.feature}>
                <FeatureIcon name={feature.icon} />
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.join} aria-labelledby="join-title">
          <h2 id="join-title" className={styles.sectionTitle}>
            Your planet is waiting
          </h2>
          <p>Create your account in a minute: choose a name, pick a home planet, say hello to the galaxy.</p>
          <Link to={paths.signup()} className={`${styles.primaryButton} ${styles.large}`}>
            Join the galaxy
          </Link>
          <p className={styles.small}>
            Already aboard? <Link to={paths.login()}>Log in</Link>
          </p>
        </section>
      </div>

      <footer className={styles.footer}>
        <nav aria-label="About Skynet">
          <Link to={paths.about()}>About</Link>
          <Link to={paths.faqs()}>FAQs</Link>
          <Link to={paths.support()}>Support</Link>
          <Link to={paths.policy()}>Privacy Policy</Link>
          <Link to={paths.terms()}>Terms of Use</Link>
          <Link to={paths.planets()}>Solar system</Link>
        </nav>
        <p>© {PRODUCT_NAME}. Made for every planet.</p>
      </footer>
      <ScrollToTop />
    </div>
  );
}

function FeatureIcon({ name }: { name: 'map' | 'chat' | 'feed' }) {
  return (
    <span className={styles.featureIcon} aria-hidden="true">
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        {name === 'map' && (
          <>
            <circle cx="16" cy="16" r="4.5" fill="#ffd25a" />
            <circle
              cx="16"
              cy="16"
              r="10"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeDasharray="3 2.5"
            />
            <circle cx="25.5" cy="12.5" r="3" fill="#8ab4ff" />
            <circle
              cx="16"
              cy="16"
              r="14.5"
              fill="none"
              stroke="currentColor"
              strokeOpacity="0.5"
              strokeWidth="1.2"
            />
          </>
        )}
        {name === 'chat' && (
          <>
            <path
              d="M5 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3h-8l-5 4v-4H5a3 3 0 0 1-3-3v-7a3 3 0 0 1 3-3Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <path
              d="M25 12h2a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3h-1v3l-4-3h-5"
              fill="none"
              stroke="#c77dff"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </>
        )}
        {name === 'feed' && (
          <>
            <rect
              x="5"
              y="5"
              width="22"
              height="6"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <rect
              x="5"
              y="13.5"
              width="22"
              height="6"
              rx="2"
              fill="none"
              stroke="#c77dff"
              strokeWidth="1.8"
            />
            <rect x="5" y="22" width="22" height="6" rx="2" fill="none" stroke="#ffd25a" strokeWidth="1.8" />
          </>
        )}
      </svg>
    </span>
  );
}
