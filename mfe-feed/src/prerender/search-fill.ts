// The fill of `/search/:text`'s signed-in template (./index.tsx): the first page of posts as `/feed`'s fill draws
// its page (./fill.ts), the searched text from the address into the box and the results' name (./route-fill.ts). The
// Users choice (`?in=users`) and a blank text are not drawn: the markup goes and the page starts at once. A search
// sent from the drawn box before the page is up is kept for the page to send (./static-page.ts).
import type { RouteParams } from '@skynet/contract';
import { fillRouteTemplate } from './route-fill';
import { holdForms } from './static-page';

/** The frame's slots for the address's text, or null when the drawing does not show that page. */
export function searchSlots(params: RouteParams, search: string): Record<string, string> | null {
  if (new URLSearchParams(search).get('in') === 'users') return null;
  let text: string;
  try {
    text = decodeURIComponent(params.text ?? '');
  } catch {
    return null;
  }
  return text.trim() ? { q: text, Q: text.trim() } : null;
}

export function fillSearchTemplate(): void {
  const markup = document.getElementById('prerendered');
  if (markup) holdForms(markup);
  fillRouteTemplate((params) => searchSlots(params, location.search));
}
