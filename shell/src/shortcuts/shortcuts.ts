// The product-wide keyboard shortcuts (issue 22): one document keydown listener, mounted by the shell on signed-in
// pages. The feed's own keys (j, k, l, s, Enter) live with the feed lists in mfe-feed. Kept tiny: the list of
// shortcuts and its dialog load only when `?` is pressed (ShortcutsDialog.tsx).
import { ignoreShortcutKey, paths } from '@skynet/kit';

export interface ShortcutActions {
  navigate(path: string): void;
  /** `/`: the search page with its box focused. */
  search(): void;
  /** `?`: the dialog listing every shortcut. */
  help(): void;
}

/** How long `g` waits for its second key. */
export const SEQUENCE_MS = 1500;

const AFTER_G: Record<string, () => string> = { h: paths.home, n: paths.notifications, m: paths.messages };

/**
 * A keydown handler for the document; `g` then h, n or m within SEQUENCE_MS makes a sequence. The keys are timed by
 * when they were pressed (the event's timeStamp), not when the handler got to them: on a busy page (an area
 * mounting after `g n`) the second key of `g m` waited past SEQUENCE_MS in the queue and the sequence lapsed
 * (caught by a CI run of keyboard.spec).
 */
export function shortcutHandler(
  actions: ShortcutActions,
  timeOf: (event: KeyboardEvent) => number = (event) => event.timeStamp,
) {
  let gAt = Number.NEGATIVE_INFINITY;
  return (event: KeyboardEvent) => {
    if (ignoreShortcutKey(event)) return;
    const { key } = event;
    const now = () => timeOf(event);
    const sequence = now() - gAt <= SEQUENCE_MS;
    gAt = Number.NEGATIVE_INFINITY;
    let act: (() => void) | undefined;
    if (sequence && AFTER_G[key]) act = () => actions.navigate(AFTER_G[key]!());
    else if (key === 'g') gAt = now();
    else if (key === 'n') act = () => actions.navigate(paths.newPost());
    else if (key === '/') act = actions.search;
    else if (key === '?') act = actions.help;
    if (!act) return;
    event.preventDefault();
    act();
  };
}

/** Focuses the search box once the search page shows it (the page belongs to a remote that may still load). */
export function focusSearchBox(timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  const attempt = () => {
    // The page's own box, in the areas (not the desktop side column's, which is there before the page).
    const box = document.querySelector<HTMLInputElement>(
      '#areas [role="search"] input, #areas input[type="search"]',
    );
    if (box) box.focus();
    else if (Date.now() < until) setTimeout(attempt, 50);
  };
  attempt();
}
