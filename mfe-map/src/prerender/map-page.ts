// The HTML's script for `/home`'s signed-in drawing (./index.tsx): the map as it first draws, while the planets load
// (its frame, the stars, the title with the loading state, the list's link, the zoom controls and the first-visit
// hint), drawn at build time from the real components: it shows nobody's data. The page paints with the HTML, then
// its scripts start; MapPage takes the drawing's place when it renders, and draws the planets when they come.
// - No session (the probe in <head> found no token) or developer overrides (the head start started nothing then):
//   the markup goes and the page's scripts start at once, as on any page.
// - The hint is for a first visit: a browser that has seen it (MAP_HINT_SEEN_KEY) gets the drawing without it, as
//   the real map draws for it.
import { showDrawnPage } from '@skynet/contract';
import { hintSeen, MAP_HINT_ATTRIBUTE } from '../map/hint';

export function showMapTemplate(): void {
  showDrawnPage((markup) => {
    if (hintSeen()) markup.querySelector(`[${MAP_HINT_ATTRIBUTE}]`)?.remove();
  });
}
