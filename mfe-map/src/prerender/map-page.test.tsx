// `/home`'s drawing (./index.tsx) and its script (./map-page.ts): the map as it first draws, while the planets load,
// with the first-visit hint unless this browser has seen it; without a session the drawing goes at once.
import { ownClockPerTest, serveDrawnPage, startedScripts } from '@skynet/kit/testing';
import { MAP_HINT_SEEN_KEY, MAP_HINT_TEXT } from '../map/hint';
import { signedIn } from './index';
import { showMapTemplate } from './map-page';

const servedHome = ({ session = true } = {}) =>
  serveDrawnPage(signedIn['/home']?.() ?? '', showMapTemplate, { session });

const drawing = () => document.getElementById('prerendered');

ownClockPerTest();
afterEach(() => window.localStorage.clear());

test("the drawing is the map's first view: title, loading, the list's link, the controls and the hint", async () => {
  const later = servedHome();
  const page = drawing()!;
  expect(page.querySelector('h1')?.textContent).toBe('Your galaxy');
  expect(page.querySelector('[role="status"]')?.textContent).toContain('Loading the planets');
  expect(page.querySelector('a[href="/home-list"]')?.textContent).toContain('Planet list');
  expect(page.querySelector('[role="application"]')?.getAttribute('aria-label')).toBe('Galaxy map');
  expect(page.textContent).toContain(MAP_HINT_TEXT);
  // The page's scripts start after the paint, once.
  expect(startedScripts()).toEqual([]);
  await jest.advanceTimersByTimeAsync(50);
  expect(later).toHaveBeenCalledTimes(1);
  expect(startedScripts()).toEqual(['/main.abc.js']);
  expect(drawing()).not.toBeNull();
});

test('a browser that has seen the hint gets the drawing without it, as the real map draws for it', () => {
  window.localStorage.setItem(MAP_HINT_SEEN_KEY, '1');
  servedHome();
  expect(drawing()!.textContent).not.toContain(MAP_HINT_TEXT);
  expect(drawing()!.querySelector('h1')?.textContent).toBe('Your galaxy');
});

test('no session: the drawing goes and the scripts start at once', () => {
  servedHome({ session: false });
  expect(drawing()).toBeNull();
  expect(startedScripts()).toEqual(['/main.abc.js']);
});

test('where the browser has paint timing, the scripts start once the first paint is on screen, not at the next frame', async () => {
  let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  class PaintObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe() {}
  }
  const real = window.PerformanceObserver;
  window.PerformanceObserver = PaintObserver as unknown as typeof PerformanceObserver;
  try {
    const later = servedHome();
    await jest.advanceTimersByTimeAsync(50); // painted, not yet presented
    expect(startedScripts()).toEqual([]);
    report?.({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) });
    expect(startedScripts()).toEqual([]);
    report?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    expect(later).toHaveBeenCalledTimes(1);
    expect(startedScripts()).toEqual(['/main.abc.js']);
  } finally {
    window.PerformanceObserver = real;
  }
});
