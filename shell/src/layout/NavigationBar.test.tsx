import { renderAt } from '@skynet/kit/testing';
import { screen } from '@testing-library/react';
import { HeaderNotificationsLink, NavigationBar } from './NavigationBar';

function currentLinks() {
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

test('the Post tab is lit on /post, where a post is written', () => {
  renderAt(<NavigationBar />, { url: '/post' });
  expect(currentLinks()).toEqual(['Post']);
});

test('reading a post at /post/{id} lights no tab', () => {
  renderAt(<NavigationBar />, { url: '/post/42' });
  expect(currentLinks()).toEqual([]);
});

test('the Profile tab is lit on /profile only, not on /profile/edit', () => {
  const { unmount } = renderAt(<NavigationBar />, { url: '/profile' });
  expect(currentLinks()).toEqual(['Profile']);
  unmount();
  renderAt(<NavigationBar />, { url: '/profile/edit' });
  expect(currentLinks()).toEqual([]);
});

const names = () =>
  screen.getAllByRole('link').map((link) => link.getAttribute('aria-label') ?? link.textContent);

test("the bottom bar has the spec's six links; the rail adds Notifications", () => {
  const { unmount } = renderAt(<NavigationBar />, { url: '/feed' });
  expect(names()).toEqual(['Home', 'Profile', 'Following', 'Search', 'Post', 'Messages']);
  unmount();
  renderAt(<NavigationBar rail />, { url: '/feed' });
  expect(names()).toEqual(['Home', 'Profile', 'Following', 'Search', 'Post', 'Messages', 'Notifications']);
});

test('Messages and Notifications carry their unread counts in their names, badges out of the names', () => {
  renderAt(<NavigationBar rail counts={{ notifications: 3, messages: 120 }} />, { url: '/feed' });
  const messages = screen.getByRole('link', { name: 'Messages, 120 unread' });
  // The badge shows 99+ (drawn from data-count), and the link's text is its visible label alone.
  expect(messages.querySelector('[data-count]')).toHaveAttribute('data-count', '99+');
  expect(messages).toHaveTextContent(/^Messages$/);
  expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
    'href',
    '/notifications',
  );
  expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
});

test("a phone's Notifications link (in the page header's row) names its count", () => {
  const { unmount } = renderAt(<HeaderNotificationsLink />, { url: '/feed' });
  expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  unmount();
  renderAt(<HeaderNotificationsLink counts={{ notifications: 1, messages: 0 }} />, { url: '/feed' });
  expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
});
