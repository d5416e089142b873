// What every fill script of this remote's signed-in templates does once: start the page's parked scripts and
// preloads, and the head start's later calls (the session refresh), once its template has painted.
import { HEAD_START_GLOBAL, type HeadStartGlobal, startParkedFiles } from '@skynet/contract';

/** How long a fill waits for its paint before it starts the page anyway (a tab in the background paints no frame). */
export const WAIT_MS = 1000;

/** The head start's global, absent without a saved token or with developer overrides (then nothing was started). */
export function headStartGlobal(): HeadStartGlobal | undefined {
  return (window as unknown as Record<string, HeadStartGlobal | undefined>)[HEAD_START_GLOBAL];
}

/** A function that starts the page the first time it is called, and does nothing after. */
export function pageStarter(headStart: HeadStartGlobal | undefined): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    headStart?.later?.();
    startParkedFiles();
  };
}

/** Starts the page after the next paint, or after WAIT_MS whatever happened. */
export function startAfterPaint(startPage: () => void): void {
  setTimeout(startPage, WAIT_MS);
  requestAnimationFrame(() => setTimeout(startPage));
}
