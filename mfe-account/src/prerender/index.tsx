// Build-time only (tooling/rspack/prerender.mjs runs it in Node): `/settings`' signed-in drawing, the real
// SettingsPage as it first draws (its menus, and its security and safety sections while they load): it shows
// nobody's data, so it is drawn whole and started by ./settings-page.ts. Never part of the browser build.
import { MemoryRouter } from '@skynet/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import SettingsPage from '../pages/SettingsPage';

/** Signed-in route path -> its drawing (prerender.json's `signedIn`). Ids are prefixed: the real page mounts beside it. */
export const signedIn: Record<string, () => string> = {
  '/settings': () =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={['/settings']}>
        <SettingsPage />
      </MemoryRouter>,
      { identifierPrefix: 'mfe-account-settings-' },
    ),
};
