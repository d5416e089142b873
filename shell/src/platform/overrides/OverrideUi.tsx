// The visible sign that this page runs a remote from somewhere other than the registry (OverrideBanner), and the
// developer override panel (OverridePanel). Both sit in the page's flow above everything (they take room, they never
// cover a header), and tell fixed full-screen areas (the map, the chat) how much room through the CSS variable
// --sky-top-inset. The panel opens from the banner's "Overrides" button or with `?overrides-panel` in the address,
// while the site allows overrides at all (devOverrideOrigins not empty). See docs/operations.md, "Developer override".
import { useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  DEFAULT_DEV_OVERRIDE_ORIGINS,
  readStoredOverrides,
  writeStoredOverrides,
} from '../../registry/overrides';
import { OverrideBanner } from './OverrideBanner';
import { OverridePanel } from './OverridePanel';

export const OVERRIDE_UI_ID = 'skynet-dev-overrides';

export interface OverrideUiOptions {
  /** The overrides in effect on this page load. */
  overrides: Record<string, string>;
  /** config.devOverrideOrigins (undefined: the loopback default). */
  allowedOrigins?: readonly string[];
  /** The remotes the registry lists: the only ones that can be overridden. */
  remotes: readonly string[];
  /** Open the panel now (`?overrides-panel`). */
  openPanel?: boolean;
  storage?: Storage;
  /** Overrides apply at page load: after a change the page reloads. */
  reload?: () => void;
}

/**
 * Shows the banner (while an override is active) and the panel (when opened), at the top of the page, in its flow.
 * Answers the container, or null when there is nothing to show.
 */
export function showOverrideUi(options: OverrideUiOptions): HTMLElement | null {
  const active = Object.keys(options.overrides).length > 0;
  if (!active && !options.openPanel) return null;
  document.getElementById(OVERRIDE_UI_ID)?.remove();
  const container = document.createElement('div');
  container.id = OVERRIDE_UI_ID;
  // In the flow (not fixed): the page's header starts below it. Above fixed areas, which leave it room.
  Object.assign(container.style, {
    position: 'relative',
    zIndex: '10000',
    font: '600 0.85rem/1.3 system-ui, sans-serif',
  });
  document.body.prepend(container);
  const root = createRoot(container);
  // Drawn at once: the page's header moves down by the banner's height before anything else paints.
  flushSync(() =>
    root.render(
      <OverrideUi
        container={container}
        overrides={options.overrides}
        remotes={options.remotes}
        allowed={options.allowedOrigins ?? DEFAULT_DEV_OVERRIDE_ORIGINS}
        openPanel={options.openPanel ?? false}
        storage={options.storage ?? window.localStorage}
        reload={options.reload ?? (() => window.location.reload())}
      />,
    ),
  );
  return container;
}

interface OverrideUiProps {
  container: HTMLElement;
  overrides: Record<string, string>;
  remotes: readonly string[];
  allowed: readonly string[];
  openPanel: boolean;
  storage: Storage;
  reload: () => void;
}

function OverrideUi({ container, overrides, remotes, allowed, openPanel, storage, reload }: OverrideUiProps) {
  const [panelOpen, setPanelOpen] = useState(openPanel);
  // After every render (the first, and each time the panel opens or closes): the room they take now.
  useLayoutEffect(() => {
    syncInset(container);
  });
  useEffect(() => {
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => syncInset(container));
    observer.observe(container);
    return () => observer.disconnect();
  }, [container]);
  const clear = (remote: string) => {
    const next = readStoredOverrides(storage);
    delete next[remote];
    writeStoredOverrides(storage, next);
    reload();
  };
  return (
    <>
      {Object.keys(overrides).length > 0 && (
        <OverrideBanner
          overrides={overrides}
          onClear={clear}
          onTogglePanel={() => setPanelOpen((open) => !open)}
        />
      )}
      {panelOpen && <OverridePanel remotes={remotes} allowed={allowed} storage={storage} reload={reload} />}
    </>
  );
}

/** --sky-top-inset: the room the banner and panel take, for areas fixed to the top of the window. */
function syncInset(container: HTMLElement) {
  const height = container.isConnected ? container.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty('--sky-top-inset', `${Math.round(height)}px`);
}
