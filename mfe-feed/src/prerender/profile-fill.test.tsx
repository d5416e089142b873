// A profile's drawing (./index.tsx) and its fill (./profile-fill.ts): the person's card, their planet and their first
// page of posts from the answers the HTML asked for; not drawn whenever the real page would show something else.

import { makePost, ownClockPerTest, servePage } from '@skynet/kit/testing';
import { signedIn } from './index';
import { fillProfileTemplate, profileSlots } from './profile-fill';

const ME = 'me-0000-4000-8000-000000000001';
const THEM = 'them-000-4000-8000-000000000002';
const MARS = '5d2f0c5e-0000-4000-8000-000000000004';
const planets = { value: [{ _id: MARS, name: 'Mars' }] };
const person = (id: string, overrides: Record<string, unknown> = {}) => ({
  value: {
    _id: id,
    userName: id === ME ? 'ada' : 'grace',
    avatarUrl: null,
    bio: 'Orbit watcher',
    createdAt: '2026-03-04T12:00:00.000Z',
    deleted: false,
    followerCount: 1,
    followingCount: 3,
    postCount: 2,
    location: { planetId: MARS, latitude: 0, longitude: 0 },
    ...overrides,
  },
});
const posts = {
  value: [makePost({ _id: 'p1', content: 'First light' }), makePost({ _id: 'p2', content: 'Dust' })],
};
const standing = (overrides: Record<string, boolean> = {}) => ({
  value: { blocking: false, blockedBy: false, muting: false, ...overrides },
});

function serve(address: string, route: string, answers: Record<string, unknown>) {
  servePage(
    address,
    signedIn[route]?.() ?? '',
    Object.fromEntries(Object.entries(answers).map(([call, body]) => [call, Promise.resolve(body)])),
  );
  fillProfileTemplate();
  return () => document.getElementById('prerendered');
}

const mine = (overrides: Record<string, unknown> = {}) => ({
  '/user': { value: { _id: ME } },
  [`/user/${ME}`]: person(ME, overrides),
  '/planet': planets,
  [`/feed/${ME}?page=0`]: posts,
});

const theirs = (relationship = standing()) => ({
  '/user': { value: { _id: ME } },
  [`/user/${THEM}`]: person(THEM),
  '/planet': planets,
  [`/user/${THEM}/relationship`]: relationship,
  [`/feed/${THEM}?page=0`]: posts,
});

const texts = (page: HTMLElement, selector: string) =>
  [...page.querySelectorAll(selector)].map((element) => element.textContent);

ownClockPerTest();

test('/profile: your card, titled by your name, your planet and your first posts, with no press to lose', async () => {
  const page = serve('/profile', '/profile', mine());
  await jest.advanceTimersByTimeAsync(0);
  const drawn = page()!;
  expect(drawn.querySelector('[hidden]')).toBeNull();
  expect(drawn.querySelector('h1')!.textContent).toBe('ada');
  expect(drawn.querySelector('h2')!.textContent).toBe('@ada');
  expect(drawn.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe("ada's avatar");
  expect(drawn.textContent).toContain('Orbit watcher');
  expect(drawn.textContent).toContain('Joined from Mars on March 4, 2026');
  expect(texts(drawn, '[aria-label="Counts"] li')).toEqual(['1 follower', '3 following', '2 posts']);
  expect(drawn.querySelector('[role="feed"]')!.getAttribute('aria-label')).toBe('Posts by ada');
  expect(texts(drawn, '[data-posts] > article p')).toEqual(['First light', 'Dust']);
  expect(texts(drawn, 'a[href="/settings"]')).toEqual(['Settings']);
  expect([...drawn.querySelectorAll('fieldset button')].every((b) => (b as HTMLButtonElement).disabled)).toBe(
    true,
  );
});

test("/profile: no bio, no bio paragraph; a long name is titled 'My Profile'", async () => {
  const page = serve('/profile', '/profile', mine({ bio: '', userName: 'a_very_long_name' }));
  await jest.advanceTimersByTimeAsync(0);
  expect(page()!.querySelector('[data-bio]')).toBeNull();
  expect(page()!.querySelector('h1')!.textContent).toBe('My Profile');
});

test('/user/:id: their card with Follow, Message and the safety buttons, and their first posts', async () => {
  const page = serve(`/user/${THEM}`, '/user/:id', theirs());
  await jest.advanceTimersByTimeAsync(0);
  const drawn = page()!;
  expect(drawn.querySelector('h1')!.textContent).toBe('Profile');
  expect(drawn.querySelector('h2')!.textContent).toBe('@grace');
  expect(drawn.querySelector('a[href^="/messages/"]')!.getAttribute('href')).toBe(`/messages/${THEM}`);
  expect(texts(drawn, '[aria-labelledby="profile-name"] button')).toEqual([
    'Follow',
    'Block',
    'Mute',
    'Report',
  ]);
  expect(texts(drawn, '[data-posts] > article p')).toEqual(['First light', 'Dust']);
});

test.each([
  ['you block them', standing({ blocking: true })],
  ['they block you', standing({ blockedBy: true })],
  ['you mute them', standing({ muting: true })],
  ['your standing failed', null],
])('/user/:id is not drawn when %s: the markup goes', async (_, relationship) => {
  const page = serve(`/user/${THEM}`, '/user/:id', theirs(relationship as ReturnType<typeof standing>));
  await jest.advanceTimersByTimeAsync(0);
  expect(page()).toBeNull();
});

test('not drawn: yourself at /user/:id, the Replies view, a person with a picture, suspended, or without posts', async () => {
  const self = serve(`/user/${ME}`, '/user/:id', {
    ...mine(),
    [`/user/${ME}/relationship`]: standing(),
  });
  await jest.advanceTimersByTimeAsync(0);
  expect(self()).toBeNull();
  const replies = serve('/profile?view=replies', '/profile', mine());
  await jest.advanceTimersByTimeAsync(0);
  expect(replies()).toBeNull();
  const pictured = serve('/profile', '/profile', mine({ avatarUrl: '/media/a.webp' }));
  await jest.advanceTimersByTimeAsync(0);
  expect(pictured()).toBeNull();
  const suspended = serve('/profile', '/profile', mine({ suspended: true }));
  await jest.advanceTimersByTimeAsync(0);
  expect(suspended()).toBeNull();
  const empty = serve('/profile', '/profile', { ...mine(), [`/feed/${ME}?page=0`]: { value: [] } });
  await jest.advanceTimersByTimeAsync(0);
  expect(empty()).toBeNull();
});

test("its slots: a planet the list does not name is 'a distant planet'; a deleted person has none", () => {
  const user = person(ME).value as Parameters<typeof profileSlots>[0];
  expect(profileSlots(user, [], 'ada')?.P).toBe('a distant planet');
  expect(profileSlots({ ...user!, deleted: true }, [], 'ada')).toBeNull();
  expect(profileSlots(undefined, [], 'ada')).toBeNull();
});
