// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes, ROUTE_PATTERNS } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: ROUTE_PATTERNS.settings, access: 'signed-in', page: () => import('./pages/SettingsPage') },
  {
    path: ROUTE_PATTERNS.manageAccount,
    access: 'signed-in',
    page: () => import('./pages/ManageAccountPage'),
  },
  { path: ROUTE_PATTERNS.editProfile, access: 'signed-in', page: () => import('./pages/EditProfilePage') },
]);
