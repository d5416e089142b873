import { PRODUCT_NAME, paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import { Section, StaticPage } from '../components/StaticPage';

/** `/about/about-skynet`. */
export default function AboutSkynetPage() {
  return (
    <StaticPage
      title={`About ${PRODUCT_NAME}`}
      backTo={paths.about()}
      intro={
        <p>
          {PRODUCT_NAME} is a social network for a species that has spread across the solar system. Wherever
          you live, from a research dome on Mercury to an ice station on Pluto, you belong to a home planet,
          and {PRODUCT_NAME} keeps you close to the people on it and to everyone else out there.
        </p>
      }
    >
      <Section title="Why we built it">
        <p>
          Distance changes conversation. When a message to a friend takes minutes to cross the void, the tools
          made for one crowded planet stop fitting. We wanted a place that starts from where you are: your
          planet first, then your neighbours, then the whole galaxy.
        </p>
      </Section>
      <Section title="What you can do">
        <ul>
          <li>
            Explore the interactive galaxy map: drag and zoom across the solar system, see your home orbit
            highlighted and open any planet's feed.
          </li>
          <li>Post short messages of up to 324 characters, and like, save and comment on others'.</li>
          <li>Read the feed of your planet, of any other planet, or the Galactic Feed of everyone.</li>
          <li>Follow people, search posts and users, and chat one to one in real time.</li>
        </ul>
      </Section>
      <Section title="How we think about your data">
        <p>
          We collect only what the service needs to work, never sell it, and let you delete your account
          whenever you wish. The details are in our <Link to={paths.policy()}>Privacy Policy</Link> and our{' '}
          <Link to={paths.terms()}>Terms of Use</Link>.
        </p>
      </Section>
      <Section title="Get in touch">
        <p>
          Questions? Start with the <Link to={paths.faqs()}>FAQs</Link>; if the answer is not there, our{' '}
          <Link to={paths.support()}>support team</Link> is happy to help.
        </p>
      </Section>
    </StaticPage>
  );
}
