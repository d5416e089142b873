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
