// The visible sign that this page runs a remote from somewhere other than the registry.
import { clearOverrides } from '../registry/overrides';

export function showOverrideBanner(
  overrides: Record<string, string>,
  storage: Storage = window.localStorage,
): void {
  const entries = Object.entries(overrides);
  if (entries.length === 0) return;
  const banner = document.createElement('div');
  banner.id = 'skynet-override-banner';
  banner.setAttribute('role', 'status');
  Object.assign(banner.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    right: '0',
    zIndex: '10000',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0.5rem 1rem',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '0.35rem 0.75rem',
    background: '#b45309',
    color: '#fff',
    font: '600 0.85rem/1.3 system-ui, sans-serif',
  });
  for (const [remote, url] of entries) {
    const line = document.createElement('span');
    let origin = url;
    try {
      origin = new URL(url).origin;
    } catch {
      // keep the text as given
    }
    line.textContent = `Developer override: ${remote} → ${origin}`;
    line.title = url;
    const clear = document.createElement('button');
    clear.type = 'button';
    clear.textContent = 'Clear override';
    clear.setAttribute('aria-label', `Clear override of ${remote}`);
    Object.assign(clear.style, {
      marginLeft: '0.5rem',
      padding: '0.1rem 0.5rem',
      border: '1px solid #fff',
      borderRadius: '0.25rem',
      background: 'transparent',
      color: 'inherit',
      font: 'inherit',
      cursor: 'pointer',
    });
    clear.addEventListener('click', () => {
      clearOverrides(storage, remote);
      window.location.reload();
    });
    line.appendChild(clear);
    banner.appendChild(line);
  }
  document.body.prepend(banner);
}
