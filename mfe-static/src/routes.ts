// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: '/', access: 'signed-out', page: () => import('./pages/LandingPage') },
  { path: '/about', access: 'public', page: () => import('./pages/AboutPage') },
  { path: '/about/policy', access: 'public', page: () => import('./pages/PolicyPage') },
  { path: '/about/terms', access: 'public', page: () => import('./pages/TermsPage') },
  { path: '/about/about-skynet', access: 'public', page: () => import('./pages/AboutSkynetPage') },
  { path: '/faqs', access: 'public', page: () => import('./pages/FaqsPage') },
  { path: '/support', access: 'public', page: () => import('./pages/SupportPage') },
]);
