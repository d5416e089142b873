import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('offers the scroll-to-top arrow only once the page is scrolled', () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { value: 800, configurable: true });
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });
});
