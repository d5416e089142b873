// `/home-list`'s drawing (./index.tsx) and its fill (./home-list-fill.ts): the frame at once, then one row per planet
// of the planets' list the HTML asked for, nearest the sun first, the home planet (from the session's answer) marked;
// no list, a refused one or a planet the row cannot draw leave the page to the real one.
import { type Planet, SESSION_CALLS } from '@skynet/contract';
import { ownClockPerTest, servePage } from '@skynet/kit/testing';
import { fillHomeList, homeIdOf, PLANETS_CALL, planetRows } from './home-list-fill';
import { signedIn } from './index';

const planet = (id: string, name: string, orbitRadius: number): Planet => ({
  _id: id,
  name,
  visual: { radius: 10, orbitRadius, orbitDuration: 300, imageUrl: `/api/planets/images/${id}.svg` },
});
const PLANETS = { value: [planet('mars', 'Mars', 220), planet('earth', 'Earth', 175)] };
const ME = { value: { _id: 'u1', userName: 'ada', location: { planetId: 'mars' } } };

function served(answers: Record<string, Promise<unknown>>) {
  servePage('/home-list', signedIn['/home-list']?.() ?? '', answers);
  fillHomeList();
  return () => document.getElementById('prerendered');
}

const rows = (page: HTMLElement) =>
  [...page.querySelectorAll('[data-planets] a')].map((link) => ({
    text: link.textContent,
    href: link.getAttribute('href'),
    image: link.querySelector('img')?.getAttribute('src') ?? null,
    house: link.querySelector('svg[role="img"]')?.getAttribute('aria-label') ?? null,
  }));

ownClockPerTest();

test('the frame shows at once; the rows come with the answers, by orbit, the home planet marked', async () => {
  let answerPlanets: (body: unknown) => void = () => {};
  const page = served({
    [PLANETS_CALL]: new Promise((resolve) => {
      answerPlanets = resolve;
    }),
    [SESSION_CALLS.lookup]: Promise.resolve(ME),
  });
  expect(page()!.querySelector('h1')!.textContent).toBe('Choose your planet');
  expect(rows(page()!).map((r) => r.text)).toEqual(['Galactic Feed›']);
  answerPlanets(PLANETS);
  await jest.advanceTimersByTimeAsync(0);
  expect(rows(page()!)).toEqual([
    { text: 'Galactic Feed›', href: '/feed', image: null, house: null },
    { text: 'Earth›', href: '/feed/earth/earth', image: '/api/planets/images/earth.svg', house: null },
    { text: ' MarsHome›', href: '/feed/mars/mars', image: '/api/planets/images/mars.svg', house: 'House' },
  ]);
});

test('a name is text, never markup; without the session answer no row is marked home', async () => {
  const odd = { value: [planet('x', '<img src=y onerror=alert(1)>', 1)] };
  const page = served({ [PLANETS_CALL]: Promise.resolve(odd) });
  await jest.advanceTimersByTimeAsync(0);
  expect(rows(page()!)[1]).toMatchObject({ text: '<img src=y onerror=alert(1)>›', house: null });
  expect(page()!.querySelector('img[src="y"]')).toBeNull();
});

test('no list, a refused one, or a planet without a picture: the markup goes', async () => {
  const none = served({});
  expect(none()).toBeNull();
  const refused = served({ [PLANETS_CALL]: Promise.resolve(null) });
  await jest.advanceTimersByTimeAsync(0);
  expect(refused()).toBeNull();
  const bare = served({ [PLANETS_CALL]: Promise.resolve({ value: [{ _id: 'p', name: 'P' }] }) });
  await jest.advanceTimersByTimeAsync(0);
  expect(bare()).toBeNull();
});

test('its rows and the home planet, from the answers', () => {
  expect(planetRows(PLANETS, 'earth')).toEqual([
    { slots: { f: '/feed/earth/earth', u: '/api/planets/images/earth.svg', n: 'Earth' }, home: true },
    { slots: { f: '/feed/mars/mars', u: '/api/planets/images/mars.svg', n: 'Mars' }, home: false },
  ]);
  expect(planetRows({ value: [] }, undefined)).toBeNull();
  expect(homeIdOf(ME)).toBe('mars');
  expect(homeIdOf(null)).toBeUndefined();
});
