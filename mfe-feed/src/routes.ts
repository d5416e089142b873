// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry, dist/route-pages.json for the server's
// preloads) and docs/routes.md is generated from it.
import { defineRoutes } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

// One loader for both search paths: /search -> /search/mars keeps the page mounted.
const searchPage = () => import('./pages/SearchPage');

export const routes = defineRoutes<PageModule>([
  {
    path: '/feed',
    access: 'signed-in',
    page: () => import('./pages/GalaxyFeedPage'),
    // `early`: GET calls the page makes first, as the kit's typed calls ask them; the HTML starts them (the page's
    // head start). Only calls whose answer is the same for everyone who may see the page.
    early: ['/feed?page=1'],
  },
  {
    path: '/feed/:planetName/:id',
    access: 'signed-in',
    page: () => import('./pages/PlanetFeedPage'),
    // The planets' list names the heading: asked from the HTML too, it no longer waits for the area's code.
    early: ['/feed/:id?page=1', '/planet'],
  },
  { path: '/post', access: 'signed-in', page: () => import('./pages/CreatePostPage') },
  { path: '/post/:id', access: 'public', page: () => import('./pages/PostPage') },
  { path: '/search', access: 'signed-in', page: searchPage },
  { path: '/search/:text', access: 'signed-in', page: searchPage },
  { path: '/profile', access: 'signed-in', page: () => import('./pages/ProfilePage') },
  { path: '/user/:id', access: 'signed-in', page: () => import('./pages/UserPage') },
  { path: '/following', access: 'signed-in', page: () => import('./pages/FollowingPage') },
  { path: '/followers', access: 'signed-in', page: () => import('./pages/FollowersPage') },
  { path: '/liked', access: 'signed-in', page: () => import('./pages/LikedPage') },
  { path: '/saved', access: 'signed-in', page: () => import('./pages/SavedPage') },
  { path: '/commented', access: 'signed-in', page: () => import('./pages/CommentedPage') },
]);
