import { PRODUCT_NAME, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { Section, StaticPage } from '../components/StaticPage';
import styles from '../components/StaticPage.module.css';
import { useSupportContact } from '../hooks/useSupportContact';

/** `/about/policy`: the Privacy Policy (spec point 2 lists its topics; point 9 the one-month response). */
export default function PolicyPage() {
  const { email } = useSupportContact();
  return (
    <StaticPage
      title="Privacy Policy"
      backTo={paths.about()}
      intro={
        <p>
          This policy explains what personal data {PRODUCT_NAME} collects when you use the interplanetary
          social network, why we collect it, who we share it with and the choices you have. By using{' '}
          {PRODUCT_NAME} you agree to the practices described here.
        </p>
      }
    >
      <Section title="1. Data we collect">
        <p>We collect the following information:</p>
        <ul>
          <li>
            <strong>Name</strong>: the username you choose, shown on your profile, posts and messages.
          </li>
          <li>
            <strong>E-mail address</strong>: used to sign you in, reset your password and contact you about
            your account. If you sign up through an identity provider, we receive the details it shares with
            us.
          </li>
          <li>
            <strong>Picture</strong>: the avatar you upload (PNG, JPEG or WebP, up to 3 MB).
          </li>
          <li>
            <strong>Birth date</strong>: used only to confirm that you meet the minimum age in our{' '}
            <Link to={paths.terms()}>Terms of Use</Link>.
          </li>
          <li>
            <strong>Location</strong>: your home planet, and the latitude and longitude your device reports
            when you sign up or post (0, 0 if you refuse location access).
          </li>
          <li>
            <strong>Usage data</strong>: the content you post, like, save and comment on, the people you
            follow, your messages, and technical records such as device type, browser and the times you use
            the service.
          </li>
          <li>
            <strong>Cookies and local storage</strong>: we keep your sign-in token and a short-lived cache of
            public data in your browser's local storage, and use strictly necessary cookies to keep the
            service secure. We do not use advertising cookies.
          </li>
        </ul>
      </Section>
      <Section title="2. How we use your data">
        <ul>
          <li>To create and secure your account and keep you signed in.</li>
          <li>To show your posts, profile and messages to the people you choose to share them with.</li>
          <li>To build the feeds of your planet, other planets and the whole galaxy, and the galaxy map.</li>
          <li>To answer your support requests and tell you about important changes to the service.</li>
          <li>To detect abuse, spam and security incidents, and to keep the network healthy.</li>
        </ul>
      </Section>
      <Section title="3. Sharing">
        <p>
          We do not sell your personal data. Your username, avatar, bio, home planet and public posts are
          visible to other users. We share data with service providers who host and operate {PRODUCT_NAME} on
          our behalf under confidentiality obligations, with an identity provider when you choose to sign in
          through it, and with authorities where the law requires it.
        </p>
      </Section>
      <Section title="4. Security">
        <p>
          Passwords are stored only as salted hashes, connections are encrypted in transit, and access to
          personal data is limited to the people who need it to run the service. No system is perfectly
          secure; if we learn of a breach affecting you, we will tell you promptly.
        </p>
      </Section>
      <Section title="5. Retention">
        <p>
          We keep your data for as long as your account exists. When you delete your account it is permanently
          removed after 30 days; until then you can contact support to undo the deletion. Some records may be
          kept longer where the law requires it, then deleted.
        </p>
      </Section>
      <Section title="6. Your rights">
        <p>
          You may ask to access, correct, export or delete your personal data, to restrict or object to its
          use, and to withdraw any consent you gave. Most of this you can do yourself in Settings. For
          anything else, write to <a href={`mailto:${email}`}>{email}</a>: we answer every request within one
          month.
        </p>
      </Section>
      <Section title="7. Changes to this policy">
        <p>
          We may update this policy as {PRODUCT_NAME} evolves. We will post the new version here and, for
          significant changes, tell you in the app or by e-mail before they take effect.
        </p>
        <p className={styles.meta}>Version 1.0</p>
      </Section>
    </StaticPage>
  );
}
