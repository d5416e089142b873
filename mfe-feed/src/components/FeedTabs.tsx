import type { KeyboardEvent } from 'react';
import { FEED_TAB_PARAM, type FeedTab } from '../lib/feedTab';
import styles from './FeedTabs.module.css';

export const FEED_TABS: readonly (readonly [FeedTab, string])[] = [
  ['following', 'Following'],
  ['galaxy', 'Galaxy'],
];

export const tabId = (tab: FeedTab) => `feed-tab-${tab}`;
export const FEED_PANEL_ID = 'feed-tab-panel';

/**
 * The tabs of /feed (issue 35): Following first, then Galaxy. The WAI-ARIA tabs pattern with automatic activation:
 * one tab in the page's tab order, arrow keys (and Home, End) move to the other and show it. Each is also a link to
 * `?tab=`, so a click on the HTML's drawing, before the page's scripts run, still opens it.
 */
export function FeedTabs({ value, onChange }: { value: FeedTab; onChange: (tab: FeedTab) => void }) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = FEED_TABS.findIndex(([tab]) => tab === value);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % FEED_TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + FEED_TABS.length) % FEED_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? FEED_TABS.length - 1
              : -1;
    const tab = FEED_TABS[next]?.[0];
    if (!tab) return;
    event.preventDefault();
    onChange(tab);
    document.getElementById(tabId(tab))?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label="Feeds" onKeyDown={move}>
      {FEED_TABS.map(([tab, text]) => (
        // A link as well as a tab: the HTML's drawing of /feed (no script yet) opens the tab by address.
        <a
          key={tab}
          id={tabId(tab)}
          href={`?${FEED_TAB_PARAM}=${tab}`}
          role="tab"
          className={styles.tab}
          aria-selected={tab === value}
          aria-controls={FEED_PANEL_ID}
          tabIndex={tab === value ? 0 : -1}
          onClick={(event) => {
            event.preventDefault();
            onChange(tab);
          }}
        >
          {text}
        </a>
      ))}
    </div>
  );
}
