// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry, dist/route-pages.json for the server's
// preloads) and docs/routes.md is generated from it.
import {
  COMMENTED_ROUTE,
  defineRoutes,
  FEED_ROUTE,
  FOLLOWERS_ROUTE,
  FOLLOWING_ROUTE,
  LIKED_ROUTE,
  NEW_POST_ROUTE,
  PLANET_FEED_ROUTE,
  POST_ROUTE,
  PROFILE_ROUTE,
  SAVED_ROUTE,
  SEARCH_ROUTE,
  SEARCH_TEXT_ROUTE,
  TAG_ROUTE,
  USER_ROUTE,
} from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

// One loader for both search paths: /search -> /search/mars keeps the page mounted.
const searchPage = () => import('./pages/SearchPage');

export const routes = defineRoutes<PageModule>([
  {
    path: FEED_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/GalaxyFeedPage'),
    // `early`: GET calls the page makes first, as the kit's typed calls ask them; the HTML starts them (the page's
    // head start). Only calls whose answer is the same for everyone who may see the page, or about the visitor
    // themself (`:me`, below).
    early: ['/feed?page=1'],
  },
  {
    path: PLANET_FEED_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/PlanetFeedPage'),
    // The planets' list names the heading: asked from the HTML too, it no longer waits for the area's code.
    early: ['/feed/:id?page=1', '/planet'],
  },
  { path: TAG_ROUTE, access: 'signed-in', page: () => import('./pages/TagFeedPage') },
  { path: NEW_POST_ROUTE, access: 'signed-in', page: () => import('./pages/CreatePostPage') },
  {
    path: POST_ROUTE,
    access: 'public',
    page: () => import('./pages/PostPage'),
    // For a signed-in visitor (calls need a token): the post (drawn from the HTML: ./prerender) and its first comments.
    early: ['/post/:id', '/post/:id/comment?page=0'],
  },
  { path: SEARCH_ROUTE, access: 'signed-in', page: searchPage },
  {
    path: SEARCH_TEXT_ROUTE,
    access: 'signed-in',
    page: searchPage,
    // The first page of posts matching the text (drawn from the HTML: ./prerender). With `?in=users` it goes unused
    // and the page asks for people itself.
    early: ['/post/search/:text?page=0'],
  },
  {
    path: PROFILE_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/ProfilePage'),
    // One's own profile: the person, the planets' list (the home planet's name) and the first page of posts, with
    // `:me` the id the visitor's saved token names (the HTML is the same for everyone). With `?view=replies` the
    // posts' answer goes unused and the page asks for the replies itself.
    early: ['/user/:me', '/planet', '/feed/:me?page=0'],
  },
  {
    path: USER_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/UserPage'),
    // The person, the planets' list, your standing with them and their first page of posts: the page shows the
    // posts once it knows that standing, and the server leaves out the posts of someone blocked whoever asks.
    early: ['/user/:id', '/planet', '/user/:id/relationship', '/feed/:id?page=0'],
  },
  {
    path: FOLLOWING_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/FollowingPage'),
    early: ['/user/following'],
  },
  {
    path: FOLLOWERS_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/FollowersPage'),
    early: ['/user/follower'],
  },
  // The visitor's own lists: the first page (history lists number from 0).
  {
    path: LIKED_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/LikedPage'),
    early: ['/user/liked?page=0'],
  },
  {
    path: SAVED_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/SavedPage'),
    early: ['/user/saved?page=0'],
  },
  {
    path: COMMENTED_ROUTE,
    access: 'signed-in',
    page: () => import('./pages/CommentedPage'),
    early: ['/user/commented?page=0'],
  },
]);
