import { feedApi, Loader } from '@skynet/kit';
import { type ComponentType, lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { startFirstPage } from './lib/firstPage';

type PageModule = { default: ComponentType };

const searchPage = () => import('./pages/SearchPage');

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const ROUTES: ReadonlyArray<readonly [path: string, load: () => Promise<PageModule>]> = [
  ['/feed', () => import('./pages/GalaxyFeedPage')],
  ['/feed/:planetName/:id', () => import('./pages/PlanetFeedPage')],
  ['/post', () => import('./pages/CreatePostPage')],
  ['/post/:id', () => import('./pages/PostPage')],
  ['/search', searchPage],
  ['/search/:text', searchPage],
  ['/profile', () => import('./pages/ProfilePage')],
  ['/user/:id', () => import('./pages/UserPage')],
  ['/following', () => import('./pages/FollowingPage')],
  ['/followers', () => import('./pages/FollowersPage')],
  ['/liked', () => import('./pages/LikedPage')],
  ['/saved', () => import('./pages/SavedPage')],
  ['/commented', () => import('./pages/CommentedPage')],
];

// The shell evaluates this module while it is still confirming the session (shell/src/platform/warmUp.ts): the page
// for the address starts downloading now, alongside that check, instead of after the area's first render.
const arrivedOn = ROUTES.find(([path]) => matchPath(path, window.location.pathname));
arrivedOn?.[1]().catch(() => {
  // The render imports it again and shows the failure; a failed head start says nothing.
});
// And the Galactic Feed's first page with it (lib/firstPage.ts).
if (arrivedOn?.[0] === '/feed') startFirstPage(feedApi.galaxy, 1);

// One component per module, so moving between two paths of the same page (/search -> /search/mars) keeps it mounted.
const components = new Map<() => Promise<PageModule>, ComponentType>();
const PAGES = ROUTES.map(([path, load]) => {
  const Page = components.get(load) ?? lazy(load);
  components.set(load, Page);
  return { path, Page };
});

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        {PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* Other areas' paths: stay quiet while single-spa unmounts this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
