import { setRuntimeConfig } from '@skynet/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import AboutPage from './AboutPage';
import AboutSkynetPage from './AboutSkynetPage';
import PolicyPage from './PolicyPage';
import SupportPage from './SupportPage';
import TermsPage from './TermsPage';

const show = (page: React.ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);

describe('static pages', () => {
  it('/about links to the three pages', () => {
    show(<AboutPage />);
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/about/policy');
    expect(screen.getByRole('link', { name: /Terms of Use/ })).toHaveAttribute('href', '/about/terms');
    expect(screen.getByRole('link', { name: /About Skynet/ })).toHaveAttribute('href', '/about/about-skynet');
    expect(document.title).toBe('About · Skynet');
  });

  it('the privacy policy covers every topic of the spec', () => {
    show(<PolicyPage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    for (const topic of [
      /data we collect/i,
      /use/i,
      /sharing/i,
      /security/i,
      /retention/i,
      /rights/i,
      /changes/i,
    ]) {
      expect(headings.some((h) => topic.test(h ?? ''))).toBe(true);
    }
    for (const item of ['Name', 'E-mail address', 'Picture', 'Birth date', 'Location', 'Usage data']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByText(/cookies/i, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/within one month/)).toBeInTheDocument();
    expect(document.title).toBe('Privacy Policy · Skynet');
  });

  it('the terms cover every topic of the spec, with the minimum age of 13 on the home planet', () => {
    show(<TermsPage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    const topics = [
      /acceptance/i,
      /eligibility/i,
      /account/i,
      /conduct/i,
      /licence/i,
      /privacy/i,
      /data transfer delays/i,
      /prohibited uses/i,
      /termination/i,
      /disclaimers/i,
      /liability/i,
      /governing law/i,
      /changes/i,
    ];
    for (const topic of topics) expect(headings.some((h) => topic.test(h))).toBe(true);
    expect(
      screen.getByText(/at least 13 years old to use Skynet, counted in years of your home planet/),
    ).toBeInTheDocument();
  });

  it('about Skynet has real content', () => {
    show(<AboutSkynetPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Skynet' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
  });

  it('support points to the FAQs first, then e-mail and phone (Canada only), with defaults', () => {
    show(<SupportPage />);
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/faqs');
    expect(screen.getByRole('link', { name: 'support@skynet.example' })).toHaveAttribute(
      'href',
      'mailto:support@skynet.example',
    );
    expect(screen.getByRole('link', { name: '+1 604 555 0199' })).toHaveAttribute('href', 'tel:+16045550199');
    expect(screen.getByText('Phone support is available in Canada only.')).toBeInTheDocument();
  });

  it('support uses the e-mail and phone of the runtime configuration', () => {
    setRuntimeConfig({ supportEmail: 'help@skynet.test', supportPhone: '+1 (250) 555-0100' });
    show(<SupportPage />);
    expect(screen.getByRole('link', { name: 'help@skynet.test' })).toHaveAttribute(
      'href',
      'mailto:help@skynet.test',
    );
    expect(screen.getByRole('link', { name: '+1 (250) 555-0100' })).toHaveAttribute(
      'href',
      'tel:+12505550100',
    );
    setRuntimeConfig({});
  });
});
