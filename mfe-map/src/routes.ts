// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes, HOME_LIST_ROUTE, HOME_ROUTE, LANDING_ROUTE, PLANETS_ROUTE } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

// One loader for / and /home: moving between them keeps the map mounted.
const mapPage = () => import('./pages/MapPage');

export const routes = defineRoutes<PageModule>([
  { path: LANDING_ROUTE, access: 'signed-in', page: mapPage },
  {
    path: HOME_ROUTE,
    access: 'signed-in',
    page: mapPage,
    // The planets, asked from the HTML: the map draws them as soon as its code is up (its first view, the map while
    // they load, is drawn at build time: ./prerender).
    early: ['/planet'],
  },
  {
    path: HOME_LIST_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/HomeListPage'),
    // The planets' list, asked from the HTML: its template draws the rows from the answer (./prerender).
    early: ['/planet'],
  },
  { path: PLANETS_ROUTE, access: 'public', page: () => import('./pages/PlanetsPage') },
]);
