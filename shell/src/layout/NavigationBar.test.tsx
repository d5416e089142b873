import { renderAt } from '@skynet/kit/testing';
import { screen } from '@testing-library/react';
import { NavigationBar } from './NavigationBar';

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
