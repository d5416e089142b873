// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes, ROUTE_PATTERNS } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: ROUTE_PATTERNS.messages, access: 'signed-in', page: () => import('./pages/ConversationsPage') },
  { path: ROUTE_PATTERNS.chat, access: 'signed-in', page: () => import('./pages/ChatPage') },
  {
    path: ROUTE_PATTERNS.notifications,
    access: 'signed-in',
    page: () => import('./pages/NotificationsPage'),
  },
]);
