import { Loader } from '@skynet/kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const loadMapPage = () => import('./pages/MapPage');
const loadHomeListPage = () => import('./pages/HomeListPage');
const loadPlanetsPage = () => import('./pages/PlanetsPage');
const MapPage = lazy(loadMapPage);
const HomeListPage = lazy(loadHomeListPage);
const PlanetsPage = lazy(loadPlanetsPage);

const PAGE_OF_PATH: Record<string, () => Promise<unknown>> = {
  '/': loadMapPage,
  '/home': loadMapPage,
  '/home-list': loadHomeListPage,
  '/planets': loadPlanetsPage,
};

// The shell evaluates this module while it is still confirming the session (shell/src/platform/warmUp.ts): the page
// for the address starts downloading now, alongside that check, instead of after the area's first render.
PAGE_OF_PATH[window.location.pathname]?.().catch(() => {
  // The render imports it again and shows the failure; a failed head start says nothing.
});

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/" element={<MapPage />} />
        <Route path="/home" element={<MapPage />} />
        <Route path="/home-list" element={<HomeListPage />} />
        <Route path="/planets" element={<PlanetsPage />} />
        {/* Other areas' paths: stay quiet while single-spa unmounts this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
