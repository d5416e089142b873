// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes, EDIT_PROFILE_ROUTE, MANAGE_ACCOUNT_ROUTE, SETTINGS_ROUTE } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: SETTINGS_ROUTE, access: 'signed-in', page: () => import('./pages/SettingsPage') },
  {
    path: MANAGE_ACCOUNT_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/ManageAccountPage'),
  },
  { path: EDIT_PROFILE_ROUTE, access: 'signed-in', page: () => import('./pages/EditProfilePage') },
]);
