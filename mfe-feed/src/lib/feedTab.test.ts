// Issue 35: the /feed tab a person chose, and what the HTML's fill reads of it.
import { FEED_TAB_KEY, followingChosen, initialTab, rememberTab } from './feedTab';

beforeEach(() => window.localStorage.clear());

it('starts on Galaxy, keeps each person’s own choice, and lets the address choose', () => {
  expect(initialTab('ann', null)).toBe('galaxy');
  rememberTab('ann', 'following');
  rememberTab('bob', 'galaxy');
  expect(initialTab('ann', null)).toBe('following');
  expect(initialTab('bob', null)).toBe('galaxy');
  expect(initialTab('cy', null)).toBe('galaxy');
  expect(initialTab('bob', 'following')).toBe('following');
  expect(initialTab('ann', 'nonsense')).toBe('following');
  expect(initialTab(undefined, null)).toBe('galaxy');
});

it('reads a damaged stored value as no choice', () => {
  window.localStorage.setItem(FEED_TAB_KEY, '{not json');
  expect(initialTab('ann', null)).toBe('galaxy');
  rememberTab('ann', 'following');
  expect(initialTab('ann', null)).toBe('following');
});

it('tells the fill to draw nothing once anyone here chose Following, or the address asks for it', () => {
  expect(followingChosen('')).toBe(false);
  expect(followingChosen('?tab=galaxy')).toBe(false);
  expect(followingChosen('?tab=following')).toBe(true);
  expect(followingChosen('?x=1&tab=following')).toBe(true);
  rememberTab('ann', 'galaxy');
  expect(followingChosen('')).toBe(false);
  rememberTab('bob', 'following');
  expect(followingChosen('')).toBe(true);
});
