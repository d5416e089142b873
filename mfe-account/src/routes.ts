// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: '/settings', access: 'signed-in', page: () => import('./pages/SettingsPage') },
  { path: '/settings/manageAccount', access: 'signed-in', page: () => import('./pages/ManageAccountPage') },
  { path: '/profile/edit', access: 'signed-in', page: () => import('./pages/EditProfilePage') },
]);
