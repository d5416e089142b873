// What the tests of the remotes' template fill scripts share (mfe-feed's, mfe-map's ./prerender): a page as the
// server sends it, and a clock of each test's own.
import { HEAD_START_GLOBAL } from '@skynet/contract';

/** The page at `address` with `markup` as the server draws it for a visitor with a saved token, the head start's answers. */
export function servePage(address: string, markup: string, answers: Record<string, Promise<unknown>>): void {
  window.history.pushState({}, '', address);
  document.documentElement.className = 'has-session';
  document.body.innerHTML = `<main id="areas"><div id="prerendered" data-signed-in="">${markup}</div></main>`;
  (window as unknown as Record<string, unknown>)[HEAD_START_GLOBAL] = { at: Date.now(), answers };
}

/** A parked script file, as the server parks a page's scripts until its paint. */
const PARKED = '<script type="text/plain" data-after-paint="/main.abc.js"></script>';

/**
 * A page drawn whole at build time (`markup`) as the server sends it, with one parked script, after `show` (the
 * page's drawing script) ran: with a saved token unless `session` is false. Returns the head start's `later`.
 */
export function serveDrawnPage(markup: string, show: () => void, { session = true } = {}): jest.Mock {
  const later = jest.fn();
  document.documentElement.className = session ? 'has-session' : '';
  document.body.innerHTML = `<main id="areas"><div id="prerendered" data-signed-in="">${markup}</div></main>${PARKED}`;
  (window as unknown as Record<string, unknown>)[HEAD_START_GLOBAL] = { at: 0, answers: {}, later };
  show();
  return later;
}

/** The script files the page has started (the parked ones once started). */
export const startedScripts = () =>
  [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

/**
 * Each fill arms a 1-s fallback start (WAIT_MS). Left running, an earlier test's fallback starts the parked scripts
 * in a later test's page on a slow machine, so every test gets its own clock, cleared after it, and no head start.
 */
export function ownClockPerTest(): void {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
    delete (window as unknown as Record<string, unknown>)[HEAD_START_GLOBAL];
    window.history.pushState({}, '', '/');
  });
}
