// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
// 'admin': the shell mounts this area only for a signed-in administrator; anyone else gets the 404 page.
import { ADMIN_AUDIT_ROUTE, ADMIN_RELEASES_ROUTE, ADMIN_ROUTE, defineRoutes } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: ADMIN_ROUTE, access: 'admin', page: () => import('./pages/ReportsPage') },
  { path: ADMIN_AUDIT_ROUTE, access: 'admin', page: () => import('./pages/AuditPage') },
  // Spelled until the contract names it (ADMIN_RELEASES_ROUTE in contract/src/paths.ts and ROUTE_PATTERNS).
  { path: ADMIN_RELEASES_ROUTE, access: 'admin', page: () => import('./pages/ReleasesPage') },
]);
