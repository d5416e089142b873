// The visible sign that this page runs a remote from somewhere other than the registry, and the developer override
// panel (import-map-overrides' UI, small): list the active overrides, add one (remote = manifest URL), clear one or
// all. Both sit in the page's flow above everything (they take room, they never cover a header), and tell fixed
// full-screen areas (the map, the chat) how much room through the CSS variable --sky-top-inset.
// The panel opens from the banner's "Overrides" button or with `?overrides-panel` in the address, while the site
// allows overrides at all (devOverrideOrigins not empty). See docs/operations.md, "Developer override".
import { OVERRIDES_PANEL_PARAM } from '@skynet/contract';
import {
  DEFAULT_DEV_OVERRIDE_ORIGINS,
  overrideAllowed,
  readStoredOverrides,
  writeStoredOverrides,
} from '../registry/overrides';

/** `?overrides-panel` opens the panel on load. */
export const PANEL_PARAM = OVERRIDES_PANEL_PARAM;
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

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

function button(text: string, label?: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  if (label) element.setAttribute('aria-label', label);
  Object.assign(element.style, {
    marginLeft: '0.5rem',
    padding: '0.1rem 0.5rem',
    border: '1px solid currentColor',
    borderRadius: '0.25rem',
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
  });
  return element;
}

/** Why `url` cannot override `remote` here, or null when it can. */
export function overrideProblem(
  remote: string,
  url: string,
  remotes: readonly string[],
  allowed: readonly string[],
): string | null {
  if (!remotes.includes(remote)) return `Choose one of the site's remotes (${remotes.join(', ')}).`;
  const full = 'Enter the full http(s) address of a manifest, like http://localhost:3002/mf-manifest.json.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return full;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return full;
  if (!overrideAllowed(url, allowed)) {
    return `${parsed.origin} is not allowed on this site (allowed: ${allowed.join(', ')}).`;
  }
  return null;
}

function renderBanner(
  overrides: Record<string, string>,
  actions: { clear: (remote: string) => void; toggle: () => void },
) {
  const banner = document.createElement('div');
  banner.id = 'skynet-override-banner';
  banner.setAttribute('role', 'status');
  Object.assign(banner.style, {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0.5rem 1rem',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '0.35rem 0.75rem',
    background: '#b45309',
    color: '#fff',
  });
  for (const [remote, url] of Object.entries(overrides)) {
    const line = document.createElement('span');
    line.textContent = `Developer override: ${remote} → ${originOf(url)}`;
    line.title = url;
    const clear = button('Clear override', `Clear override of ${remote}`);
    clear.addEventListener('click', () => actions.clear(remote));
    line.appendChild(clear);
    banner.appendChild(line);
  }
  const open = button('Overrides', 'Developer overrides panel');
  open.addEventListener('click', actions.toggle);
  banner.appendChild(open);
  return banner;
}

function renderPanel(
  options: Required<Omit<OverrideUiOptions, 'openPanel' | 'allowedOrigins'>> & { allowed: readonly string[] },
) {
  const { storage, reload, remotes, allowed } = options;
  const panel = document.createElement('section');
  panel.id = 'skynet-override-panel';
  panel.setAttribute('aria-label', 'Developer overrides');
  Object.assign(panel.style, {
    padding: '0.75rem 1rem',
    background: '#1f2937',
    color: '#f9fafb',
    borderBottom: '2px solid #b45309',
  });
  const heading = document.createElement('h2');
  heading.textContent = 'Developer overrides';
  Object.assign(heading.style, { margin: '0 0 0.5rem', fontSize: '1rem' });
  panel.appendChild(heading);

  if (allowed.length === 0) {
    const off = document.createElement('p');
    off.textContent =
      'Developer overrides are off on this site: its devOverrideOrigins is empty (the server sets it from DEV_OVERRIDE_ORIGINS).';
    off.style.margin = '0';
    panel.appendChild(off);
    return panel;
  }

  const stored = readStoredOverrides(storage);
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'Active overrides');
  Object.assign(list.style, { margin: '0 0 0.5rem', paddingLeft: '1.25rem' });
  for (const [remote, url] of Object.entries(stored)) {
    const item = document.createElement('li');
    item.textContent = `${remote} → ${url}`;
    const clear = button('Clear', `Clear ${remote}'s override`);
    clear.addEventListener('click', () => {
      const next = readStoredOverrides(storage);
      delete next[remote];
      writeStoredOverrides(storage, next);
      reload();
    });
    item.appendChild(clear);
    list.appendChild(item);
  }
  if (Object.keys(stored).length === 0) {
    const none = document.createElement('li');
    none.textContent = 'No override: every remote comes from the registry.';
    list.appendChild(none);
  }
  panel.appendChild(list);

  const form = document.createElement('form');
  Object.assign(form.style, { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });
  const remoteLabel = document.createElement('label');
  remoteLabel.textContent = 'Remote ';
  const remoteSelect = document.createElement('select');
  remoteSelect.name = 'remote';
  for (const remote of remotes) {
    const option = document.createElement('option');
    option.value = remote;
    option.textContent = remote;
    remoteSelect.appendChild(option);
  }
  remoteLabel.appendChild(remoteSelect);
  const urlLabel = document.createElement('label');
  urlLabel.textContent = 'Manifest URL ';
  const urlInput = document.createElement('input');
  urlInput.name = 'url';
  urlInput.type = 'url';
  urlInput.required = true;
  urlInput.placeholder = 'http://localhost:3002/mf-manifest.json';
  urlInput.style.minWidth = '22rem';
  urlLabel.appendChild(urlInput);
  const add = document.createElement('button');
  add.type = 'submit';
  add.textContent = 'Add override';
  const problem = document.createElement('p');
  problem.setAttribute('role', 'alert');
  Object.assign(problem.style, { margin: '0.25rem 0 0', width: '100%', color: '#fca5a5' });
  form.append(remoteLabel, urlLabel, add, problem);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const remote = remoteSelect.value;
    const url = urlInput.value.trim();
    const why = overrideProblem(remote, url, remotes, allowed);
    if (why) {
      problem.textContent = why;
      return;
    }
    // Typed here by the person: no confirmation needed (a link's override still asks, resolveOverrides).
    writeStoredOverrides(storage, { ...readStoredOverrides(storage), [remote]: url });
    reload();
  });
  panel.appendChild(form);

  const footer = document.createElement('p');
  Object.assign(footer.style, { margin: '0.5rem 0 0', fontSize: '0.8rem', opacity: '0.85' });
  footer.textContent = `Allowed origins: ${allowed.join(', ')}. Overrides are kept in this browser until cleared.`;
  if (Object.keys(stored).length > 0) {
    const clearAll = button('Clear all overrides');
    clearAll.addEventListener('click', () => {
      writeStoredOverrides(storage, {});
      reload();
    });
    footer.appendChild(clearAll);
  }
  panel.appendChild(footer);
  return panel;
}

/**
 * Shows the banner (while an override is active) and the panel (when opened), at the top of the page, in its flow.
 * Answers the container, or null when there is nothing to show.
 */
export function showOverrideUi(options: OverrideUiOptions): HTMLElement | null {
  const storage = options.storage ?? window.localStorage;
  const reload = options.reload ?? (() => window.location.reload());
  const allowed = options.allowedOrigins ?? DEFAULT_DEV_OVERRIDE_ORIGINS;
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
  let panel: HTMLElement | null = null;
  const toggle = () => {
    if (panel) {
      panel.remove();
      panel = null;
    } else {
      panel = renderPanel({
        storage,
        reload,
        remotes: options.remotes,
        overrides: options.overrides,
        allowed,
      });
      container.appendChild(panel);
      panel.querySelector<HTMLElement>('select, input, button')?.focus();
    }
    syncInset(container);
  };
  if (active) {
    container.appendChild(
      renderBanner(options.overrides, {
        clear: (remote) => {
          const next = readStoredOverrides(storage);
          delete next[remote];
          writeStoredOverrides(storage, next);
          reload();
        },
        toggle,
      }),
    );
  }
  document.body.prepend(container);
  if (options.openPanel) toggle();
  syncInset(container);
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => syncInset(container)).observe(container);
  return container;
}

/** --sky-top-inset: the room the banner and panel take, for areas fixed to the top of the window. */
function syncInset(container: HTMLElement) {
  const height = container.isConnected ? container.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty('--sky-top-inset', `${Math.round(height)}px`);
}
