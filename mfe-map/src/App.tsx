import { Loader } from '@skynet/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const MapPage = lazy(() => import('./pages/MapPage'));
const HomeListPage = lazy(() => import('./pages/HomeListPage'));
const PlanetsPage = lazy(() => import('./pages/PlanetsPage'));

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
