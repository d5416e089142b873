// The HTML's script for /search's published drawing (./static-page.ts on ./index.tsx's '/search'): with a session it
// keeps the drawing, holds the page's scripts until it has painted and never lets its box send a plain form; without
// one, or with developer overrides, the drawing goes and the scripts start at once.
import { HEAD_START_GLOBAL } from '@skynet/contract';
import { ownClockPerTest } from '@skynet/kit/testing';
import { signedIn } from './index';
import { SENT_ATTRIBUTE, showStaticTemplate } from './static-page';

const PARKED =
  '<link data-after-paint href="/remotes/mfe-feed/1.0.0/remoteEntry.js" as="script">' +
  '<script type="text/plain" data-after-paint="/main.abc.js"></script>';

function servedSearch({ session = true, headStart = true } = {}) {
  const later = jest.fn();
  document.documentElement.className = session ? 'has-session' : '';
  document.body.innerHTML = `<main id="areas"><div id="prerendered" data-signed-in="">${signedIn['/search']?.()}</div></main>${PARKED}`;
  const global = window as unknown as Record<string, unknown>;
  if (headStart) global[HEAD_START_GLOBAL] = { at: 0, answers: {}, later };
  else delete global[HEAD_START_GLOBAL];
  showStaticTemplate();
  return later;
}

const startedScripts = () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

ownClockPerTest();

test("the drawing is the real page's: the box, Posts and Users, and what to do", () => {
  servedSearch();
  const page = document.getElementById('prerendered')!;
  expect(page.querySelector('h1')?.textContent).toBe('Search');
  expect(page.querySelector('input[type="search"]')?.getAttribute('placeholder')).toBe(
    'Search for anything in the universe...',
  );
  expect([...page.querySelectorAll('fieldset button')].map((b) => b.textContent)).toEqual(['Posts', 'Users']);
  expect(page.textContent).toContain('Type something and press Enter to search posts and people.');
});

test('with a session: the scripts start once, after the paint, and the box never sends a plain form', async () => {
  const later = servedSearch();
  expect(startedScripts()).toEqual([]);
  const form = document.querySelector<HTMLFormElement>('#prerendered form')!;
  const submit = new Event('submit', { cancelable: true });
  form.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  expect(form.hasAttribute(SENT_ATTRIBUTE)).toBe(true); // the real page sends it
  await jest.advanceTimersByTimeAsync(50); // a frame, then the task after it
  expect(later).toHaveBeenCalledTimes(1);
  expect(document.querySelector('link[data-after-paint]')?.getAttribute('rel')).toBe('preload');
  expect(startedScripts()).toEqual(['/main.abc.js']);
  await jest.advanceTimersByTimeAsync(2000); // the fallback start finds it started
  expect(startedScripts()).toEqual(['/main.abc.js']);
  expect(document.getElementById('prerendered')).not.toBeNull();
});

test('no session, or developer overrides (no head start): the drawing goes and the scripts start at once', () => {
  servedSearch({ session: false });
  expect(document.getElementById('prerendered')).toBeNull();
  expect(startedScripts()).toEqual(['/main.abc.js']);
  servedSearch({ headStart: false });
  expect(document.getElementById('prerendered')).toBeNull();
  expect(startedScripts()).toEqual(['/main.abc.js']);
});
