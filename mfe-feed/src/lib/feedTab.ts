// Which tab of /feed a person reads (issue 35): Following or Galaxy, remembered per person on this browser. One key
// holds each person's choice by their id; the HTML's fill of /feed (../prerender/fill-script.ts) reads the same key
// and draws nothing when anyone here chose Following, since it holds the galaxy's first page.

export type FeedTab = 'following' | 'galaxy';

export const FEED_TAB_KEY = 'skynet:feedTab';
/** `?tab=following` opens that tab (the home list links to it) and remembers it. */
export const FEED_TAB_PARAM = 'tab';

const isTab = (value: unknown): value is FeedTab => value === 'following' || value === 'galaxy';

function choices(): Record<string, FeedTab> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(FEED_TAB_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, FeedTab>) : {};
  } catch {
    return {};
  }
}

/** The tab the address names, else the one the person chose last, else Galaxy (the spec's /feed). */
export function initialTab(userId: string | undefined, fromAddress: string | null): FeedTab {
  if (isTab(fromAddress)) return fromAddress;
  const chosen = userId ? choices()[userId] : undefined;
  return isTab(chosen) ? chosen : 'galaxy';
}

export function rememberTab(userId: string | undefined, tab: FeedTab): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(FEED_TAB_KEY, JSON.stringify({ ...choices(), [userId]: tab }));
  } catch {
    // Storage full or refused (private mode): the choice lasts for this page only.
  }
}

/**
 * For the HTML's fill of /feed (../prerender/fill-script.ts): whether the page opens on Following, so the template
 * (the galaxy's first page) draws nothing. Anyone on this browser having chosen Following is enough (the fill does
 * not read whose token it is): the cost is a first screen drawn by the page's scripts, never a wrong one.
 */
export function followingChosen(search: string): boolean {
  try {
    return /[?&]tab=following\b/.test(search) || /"following"/.test(localStorage.getItem(FEED_TAB_KEY) ?? '');
  } catch {
    return false;
  }
}
