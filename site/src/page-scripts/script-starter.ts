// At the end of a prerendered page's body: starts the page's scripts (parked by withPrerendered in
// ../prerendered-page.ts), so nothing is fetched or run before the first paint:
// - at once for a visitor with a session (the markup is hidden: the signed-in page is wanted) or with developer
//   overrides (`?override=` or saved ones: the shell must apply them, shell/src/registry/overrides.ts), or asking for
//   the override panel (`?overrides-panel`);
// - never on a standalone page (`data-standalone`): the markup is the whole page, links lead on as plain links;
// - else once the markup has painted (the first-contentful-paint entry); at once in a background tab (it does not
//   paint); after the next frame in browsers without paint timing; the timer is the fallback.
import { OVERRIDE_PARAM, OVERRIDES_KEY, OVERRIDES_PANEL_PARAM, startParkedFiles } from '@skynet/contract';

const FALLBACK_MS = 1000;

function overridesSaved(): boolean {
  try {
    return Boolean(localStorage.getItem(OVERRIDES_KEY));
  } catch {
    return false;
  }
}

function startAfterPaint() {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startParkedFiles();
  };
  const overridesAsked = new RegExp(`[?&](${OVERRIDE_PARAM}=|${OVERRIDES_PANEL_PARAM}([&=]|$))`);
  if (document.documentElement.classList.contains('has-session') || overridesAsked.test(location.search))
    return start();
  if (overridesSaved()) return start();
  if (document.getElementById('prerendered')?.hasAttribute('data-standalone')) return;
  if (document.hidden) return start();
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint'))
    return requestAnimationFrame(() => setTimeout(start));
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, FALLBACK_MS);
}

startAfterPaint();
