import { paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { Section, StaticPage } from '../components/StaticPage';
import styles from '../components/StaticPage.module.css';
import { useSupportContact } from '../hooks/useSupportContact';

/** `/support`: the FAQs first, then the support e-mail and phone (phone in Canada only). */
export default function SupportPage() {
  const { email, phone, phoneHref } = useSupportContact();
  return (
    <StaticPage title="Support" intro={<p>We are here to help, wherever in the galaxy you are.</p>}>
      <Section title="Start with the FAQs">
        <p>Most questions about accounts, posts, planets and messages already have an answer.</p>
        <Link className={styles.card} to={paths.faqs()}>
          <span className={styles.cardIcon} aria-hidden="true">
            <Icon name="question" />
          </span>
          <span className={styles.cardText}>
            <span className={styles.cardTitle}>Read the FAQs</span>
            <span className={styles.cardHint}>Search the answers to common questions</span>
          </span>
          <span className={styles.chevron} aria-hidden="true">
            ›
          </span>
        </Link>
      </Section>
      <Section title="Still need help?">
        <p>Our crew answers e-mail from every planet, usually within two business days.</p>
        <ul className={styles.contact}>
          <li className={styles.contactCard}>
            <span className={styles.cardIcon}>
              <Icon name="mail" />
            </span>
            <span className={styles.cardText}>
              <span className={styles.cardHint}>E-mail</span>
              <a className={styles.contactValue} href={`mailto:${email}`}>
                {email}
              </a>
            </span>
          </li>
          <li className={styles.contactCard}>
            <span className={styles.cardIcon}>
              <Icon name="phone" />
            </span>
            <span className={styles.cardText}>
              <span className={styles.cardHint}>Phone</span>
              <a className={styles.contactValue} href={phoneHref}>
                {phone}
              </a>
              <span className={styles.meta}>Phone support is available in Canada only.</span>
            </span>
          </li>
        </ul>
      </Section>
    </StaticPage>
  );
}
