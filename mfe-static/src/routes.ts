// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes, ROUTE_PATTERNS } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: ROUTE_PATTERNS.landing, access: 'signed-out', page: () => import('./pages/LandingPage') },
  { path: ROUTE_PATTERNS.about, access: 'public', page: () => import('./pages/AboutPage') },
  { path: ROUTE_PATTERNS.policy, access: 'public', page: () => import('./pages/PolicyPage') },
  { path: ROUTE_PATTERNS.terms, access: 'public', page: () => import('./pages/TermsPage') },
  { path: ROUTE_PATTERNS.aboutSkynet, access: 'public', page: () => import('./pages/AboutSkynetPage') },
  { path: ROUTE_PATTERNS.faqs, access: 'public', page: () => import('./pages/FaqsPage') },
  { path: ROUTE_PATTERNS.support, access: 'public', page: () => import('./pages/SupportPage') },
]);
