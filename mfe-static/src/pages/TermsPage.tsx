import { PRODUCT_NAME, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { Section, StaticPage } from '../components/StaticPage';
import styles from '../components/StaticPage.module.css';

/** `/about/terms`: the Terms of Use (spec point 2 lists its topics; point 9 the minimum age of 13). */
export default function TermsPage() {
  return (
    <StaticPage
      title="Terms of Use"
      backTo={paths.about()}
      intro={
        <p>
          These terms govern your use of {PRODUCT_NAME}, the interplanetary social network. Please read them
          carefully: they form an agreement between you and {PRODUCT_NAME}.
        </p>
      }
    >
      <Section title="1. Acceptance of the terms">
        <p>
          By creating an account or using {PRODUCT_NAME} you accept these terms and our{' '}
          <Link to={paths.policy()}>Privacy Policy</Link>. If you do not agree, do not use the service.
        </p>
      </Section>
      <Section title="2. Eligibility">
        <p>
          You must be at least 13 years old to use {PRODUCT_NAME}, counted in years of your home planet, and
          old enough to consent to the processing of your data where you live. If the law of your planet sets
          a higher age, that age applies.
        </p>
      </Section>
      <Section title="3. Your account">
        <p>
          Give accurate information when you sign up, keep your password secret and tell us at once if you
          think someone else has used your account. You are responsible for what happens under your account.
          One person, one account: accounts may not be sold or transferred.
        </p>
      </Section>
      <Section title="4. Conduct">
        <p>
          Be kind across the void. Respect other users, their privacy and their planets. Do not harass,
          threaten or impersonate anyone, and do not post content that is illegal, hateful or sexually
          explicit.
        </p>
      </Section>
      <Section title="5. Your content and our licence">
        <p>
          You keep ownership of what you post. By posting, you grant {PRODUCT_NAME} a worldwide,
          non-exclusive, royalty-free licence to host, store, display and distribute that content so the
          service can work, for as long as it stays on {PRODUCT_NAME}. You confirm you have the rights to what
          you share.
        </p>
      </Section>
      <Section title="6. Privacy">
        <p>
          How we handle your personal data is described in the <Link to={paths.policy()}>Privacy Policy</Link>
          , which is part of these terms.
        </p>
      </Section>
      <Section title="7. Data transfer delays">
        <p>
          Signals between planets travel at the speed of light, and relays can be interrupted by solar
          conjunctions, storms and maintenance. Posts, messages and notifications may therefore arrive late,
          out of order or not at all during an outage. {PRODUCT_NAME} is not liable for such delays.
        </p>
      </Section>
      <Section title="8. Prohibited uses">
        <ul>
          <li>Spam, scams, pyramid schemes or unsolicited advertising.</li>
          <li>Malware, attempts to break into accounts or to disrupt or overload the service.</li>
          <li>Scraping or collecting other users' data without their consent.</li>
          <li>Automated accounts that pretend to be people.</li>
          <li>Any use that breaks the law of your planet or of the place our servers run.</li>
        </ul>
      </Section>
      <Section title="9. Termination">
        <p>
          You may delete your account at any time from Settings; it is removed for good after 30 days. We may
          suspend or close accounts that break these terms, and will tell you why unless the law or safety
          prevents it.
        </p>
      </Section>
      <Section title="10. Disclaimers">
        <p>
          {PRODUCT_NAME} is provided "as is" and "as available". We do our best to keep it running and
          accurate, but we do not guarantee that it will always be available, error-free or that content
          posted by users is correct.
        </p>
      </Section>
      <Section title="11. Limitation of liability">
        <p>
          To the extent the law allows, {PRODUCT_NAME} is not liable for indirect, incidental or consequential
          damages, or for lost data, profits or opportunities, arising from your use of the service. Nothing
          in these terms limits liability that cannot be limited by law.
        </p>
      </Section>
      <Section title="12. Governing law">
        <p>
          These terms are governed by the laws of the Province of British Columbia and the federal laws of
          Canada that apply there, and disputes go to its courts, unless the law of your home planet gives you
          the right to bring them elsewhere.
        </p>
      </Section>
      <Section title="13. Changes to these terms">
        <p>
          We may change these terms. We will publish the new version here and, for significant changes, tell
          you in advance. Continuing to use {PRODUCT_NAME} after a change means you accept it.
        </p>
        <p className={styles.meta}>Version 1.0</p>
      </Section>
    </StaticPage>
  );
}
