// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes, ROUTE_PATTERNS } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

// One loader for / and /home: moving between them keeps the map mounted.
const mapPage = () => import('./pages/MapPage');

export const routes = defineRoutes<PageModule>([
  { path: ROUTE_PATTERNS.landing, access: 'signed-in', page: mapPage },
  { path: ROUTE_PATTERNS.home, access: 'signed-in', page: mapPage },
  { path: ROUTE_PATTERNS.homeList, access: 'signed-in', page: () => import('./pages/HomeListPage') },
  { path: ROUTE_PATTERNS.planets, access: 'public', page: () => import('./pages/PlanetsPage') },
]);
