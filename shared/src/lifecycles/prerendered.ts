// The server's prerendered markup of a signed-out page (site/src/prerendered-page.ts): it paints with the HTML and
// stays until the real page, or an error in its place, can be shown. Whoever shows that removes it, in the same frame.
import { useLayoutEffect } from 'react';

const PRERENDERED_ID = 'prerendered';

/** Removes the prerendered markup, if any is left. */
export function dropPrerendered(): void {
  document.getElementById(PRERENDERED_ID)?.remove();
}

/** The remote whose markup is on the page, or null. */
export function prerenderedRemote(): string | null {
  return document.getElementById(PRERENDERED_ID)?.dataset.remote ?? null;
}

/**
 * For a page a remote prerenders: once it has rendered, the markup goes before the browser paints again, so the
 * visitor never sees both or neither.
 */
export function useReplacesPrerendered(): void {
  useLayoutEffect(dropPrerendered, []);
}
