import { PRODUCT_NAME, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { StaticPage } from '../components/StaticPage';
import styles from '../components/StaticPage.module.css';

const LINKS = [
  {
    to: paths.policy(),
    title: 'Privacy Policy',
    hint: 'What we collect, why, and your rights',
    icon: 'lock' as const,
  },
  { to: paths.terms(), title: 'Terms of Use', hint: 'The rules of the galaxy', icon: 'scroll' as const },
  {
    to: paths.aboutSkynet(),
    title: `About ${PRODUCT_NAME}`,
    hint: 'Who we are and what we are building',
    icon: 'planet' as const,
  },
];

/** `/about`: the way to the three text pages. */
export default function AboutPage() {
  return (
    <StaticPage
      title="About"
      intro={<p>Everything about {PRODUCT_NAME}, the interplanetary social network.</p>}
    >
      <nav aria-label="About pages">
        <ul className={styles.cards}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link className={styles.card} to={link.to}>
                <span className={styles.cardIcon} aria-hidden="true">
                  <Icon name={link.icon} />
                </span>
                <span className={styles.cardText}>
                  <span className={styles.cardTitle}>{link.title}</span>
                  <span className={styles.cardHint}>{link.hint}</span>
                </span>
                <span className={styles.chevron} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </StaticPage>
  );
}
