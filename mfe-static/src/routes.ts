// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import {
  ABOUT_ROUTE,
  ABOUT_SKYNET_ROUTE,
  defineRoutes,
  FAQS_ROUTE,
  LANDING_ROUTE,
  POLICY_ROUTE,
  SUPPORT_ROUTE,
  TERMS_ROUTE,
} from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: LANDING_ROUTE, access: 'signed-out', page: () => import('./pages/LandingPage') },
  { path: ABOUT_ROUTE, access: 'public', page: () => import('./pages/AboutPage') },
  { path: POLICY_ROUTE, access: 'public', page: () => import('./pages/PolicyPage') },
  { path: TERMS_ROUTE, access: 'public', page: () => import('./pages/TermsPage') },
  { path: ABOUT_SKYNET_ROUTE, access: 'public', page: () => import('./pages/AboutSkynetPage') },
  { path: FAQS_ROUTE, access: 'public', page: () => import('./pages/FaqsPage') },
  { path: SUPPORT_ROUTE, access: 'public', page: () => import('./pages/SupportPage') },
]);
