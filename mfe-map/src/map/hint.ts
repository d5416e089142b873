// The map's one-line invitation for a first visit (GalaxyMap draws it, useMarkerSelection hides it after the first
// tap on a planet, for good). Here alone, so `/home`'s inline script (../prerender/map-page.ts) can read it.

export const MAP_HINT_TEXT = 'Tap a planet to preview it';
/** On the hint: the HTML's script takes it out of `/home`'s drawing for a browser that has seen it. */
export const MAP_HINT_ATTRIBUTE = 'data-map-hint';
/** Set once a person has tapped a planet: the first-visit hint is not shown again in this browser. */
export const MAP_HINT_SEEN_KEY = 'skynet:map-hint-seen';

/** Whether this browser has seen the hint. Drawn at build time (no window: the HTML's drawing of `/home`), not yet. */
export const hintSeen = () => {
  if (typeof window === 'undefined') return false;
  try {
    return window.localStorage.getItem(MAP_HINT_SEEN_KEY) === '1';
  } catch {
    return true; // storage refused (private mode): no way to remember, so no nagging either
  }
};
