// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry, dist/route-pages.json for the server's
// preloads) and docs/routes.md is generated from it.
import { defineRoutes, ROUTE_PATTERNS } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

// One loader for both search paths: /search -> /search/mars keeps the page mounted.
const searchPage = () => import('./pages/SearchPage');

export const routes = defineRoutes<PageModule>([
  {
    path: ROUTE_PATTERNS.feed,
    access: 'signed-in',
    page: () => import('./pages/GalaxyFeedPage'),
    // `early`: GET calls the page makes first, as the kit's typed calls ask them; the HTML starts them (the page's
    // head start). Only calls whose answer is the same for everyone who may see the page.
    early: ['/feed?page=1'],
  },
  {
    path: ROUTE_PATTERNS.planetFeed,
    access: 'signed-in',
    page: () => import('./pages/PlanetFeedPage'),
    // The planets' list names the heading: asked from the HTML too, it no longer waits for the area's code.
    early: ['/feed/:id?page=1', '/planet'],
  },
  { path: ROUTE_PATTERNS.newPost, access: 'signed-in', page: () => import('./pages/CreatePostPage') },
  { path: ROUTE_PATTERNS.post, access: 'public', page: () => import('./pages/PostPage') },
  { path: ROUTE_PATTERNS.search, access: 'signed-in', page: searchPage },
  { path: ROUTE_PATTERNS.searchText, access: 'signed-in', page: searchPage },
  { path: ROUTE_PATTERNS.profile, access: 'signed-in', page: () => import('./pages/ProfilePage') },
  { path: ROUTE_PATTERNS.user, access: 'signed-in', page: () => import('./pages/UserPage') },
  { path: ROUTE_PATTERNS.following, access: 'signed-in', page: () => import('./pages/FollowingPage') },
  { path: ROUTE_PATTERNS.followers, access: 'signed-in', page: () => import('./pages/FollowersPage') },
  { path: ROUTE_PATTERNS.liked, access: 'signed-in', page: () => import('./pages/LikedPage') },
  { path: ROUTE_PATTERNS.saved, access: 'signed-in', page: () => import('./pages/SavedPage') },
  { path: ROUTE_PATTERNS.commented, access: 'signed-in', page: () => import('./pages/CommentedPage') },
]);
