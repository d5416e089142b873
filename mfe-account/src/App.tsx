import { Loader } from '@skynet/kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const ManageAccountPage = lazy(() => import('./pages/ManageAccountPage'));
const EditProfilePage = lazy(() => import('./pages/EditProfilePage'));

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/settings/manageAccount" element={<ManageAccountPage />} />
        <Route path="/profile/edit" element={<EditProfilePage />} />
        {/* Other areas' paths: stay quiet while single-spa unmounts this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
