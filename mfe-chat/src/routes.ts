// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { CHAT_ROUTE, defineRoutes, MESSAGES_ROUTE, NOTIFICATIONS_ROUTE } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  {
    path: MESSAGES_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/ConversationsPage'),
    // The list, started by the page's HTML (drawn from it: ./prerender) and taken by the page's first call.
    early: ['/user/conversations'],
  },
  {
    path: CHAT_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/ChatPage'),
    // The person, your standing with them (Block or Unblock, the form or why not) and the conversation, each as the
    // page's first calls ask them: started by the page's HTML, which draws the conversation from them (./prerender).
    early: ['/user/:id', '/user/:id/relationship', '/user/conversations/:id'],
  },
  {
    path: NOTIFICATIONS_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/NotificationsPage'),
  },
]);
