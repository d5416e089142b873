import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import LandingPage from './LandingPage';

describe('LandingPage', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('has log in, sign up, the three features and a call to join, even without the map remote', async () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    const topBar = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(topBar.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(topBar.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const features = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(features).toEqual([
      'An interactive map of your galaxy',
      'Interplanetary messaging',
      'Feeds for every corner of space',
    ]);
    expect(screen.getByRole('link', { name: 'Join the galaxy' })).toHaveAttribute('href', '/signup');
    // No remote loader in tests: the starfield fallback stands in for the map preview.
    expect(await screen.findByRole('img', { name: 'A starfield around the sun' })).toBeInTheDocument();
    expect(document.title).toBe('Skynet');
  });

  it('has a scroll-to-top link, a plain one that works without a script', () => {
    // When it shows, and the smooth scroll, are the stylesheet's business: e2e/tests/static.spec.ts.
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Scroll to top' })).toHaveAttribute('href', '#top');
  });
});
