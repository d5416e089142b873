// A planet feed's drawing (./index.tsx) and its fill (./planet-fill.ts): the planet's name from the planets' list
// the HTML asked for, the first page of posts from its call for that planet; hidden until both are there.

import { makePost, ownClockPerTest, servePage } from '@skynet/kit/testing';
import { signedIn } from './index';
import { fillPlanetTemplate, planetSlots } from './planet-fill';

const MARS = '5d2f0c5e-0000-4000-8000-000000000004';
const planets = { value: [{ _id: MARS, name: 'Mars' }] };
const post = (id: string) => makePost({ _id: id, content: `Red dust ${id}` });

function served(address: string, answers: Record<string, Promise<unknown>>) {
  servePage(address, signedIn['/feed/:planetName/:id']?.() ?? '', answers);
  fillPlanetTemplate();
  return () => document.getElementById('prerendered');
}

ownClockPerTest();

test("names the planet from the planets' list and draws its first page, shown only once both are there", async () => {
  let answerPlanets: (body: unknown) => void = () => {};
  const page = served(`/feed/mars/${MARS}`, {
    [`/feed/${MARS}?page=1`]: Promise.resolve({ value: [post('m1'), post('m2')] }),
    '/planet': new Promise((resolve) => {
      answerPlanets = resolve;
    }),
  });
  await jest.advanceTimersByTimeAsync(0);
  expect(page()!.firstElementChild!.hasAttribute('hidden')).toBe(true);
  answerPlanets(planets);
  await jest.advanceTimersByTimeAsync(0);
  expect(page()!.querySelector('[hidden]')).toBeNull();
  expect(page()!.querySelector('h1')!.textContent).toBe('Mars');
  expect(page()!.querySelector('[role="feed"]')!.getAttribute('aria-label')).toBe('Mars feed');
  expect([...page()!.querySelectorAll('[data-posts] > article p')].map((p) => p.textContent)).toEqual([
    'Red dust m1',
    'Red dust m2',
  ]);
});

test('a planet the list does not name, or no list: the markup goes', async () => {
  const posts = { [`/feed/${MARS}?page=1`]: Promise.resolve({ value: [post('x1')] }) };
  const unnamed = served(`/feed/mars/${MARS}`, { ...posts, '/planet': Promise.resolve({ value: [] }) });
  await jest.advanceTimersByTimeAsync(0);
  expect(unnamed()).toBeNull();
  const noList = served(`/feed/mars/${MARS}`, posts);
  await jest.advanceTimersByTimeAsync(0);
  expect(noList()).toBeNull();
});

test('its slots: the name the list gives the planet', () => {
  expect(planetSlots(planets, MARS)).toEqual({ P: 'Mars' });
  expect(planetSlots(planets, 'other')).toBeNull();
  expect(planetSlots(null, MARS)).toBeNull();
});
