import { Loader } from '@skynet/kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const LandingPage = lazy(() => import('./pages/LandingPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const PolicyPage = lazy(() => import('./pages/PolicyPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const AboutSkynetPage = lazy(() => import('./pages/AboutSkynetPage'));
const FaqsPage = lazy(() => import('./pages/FaqsPage'));
const SupportPage = lazy(() => import('./pages/SupportPage'));

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/about/policy" element={<PolicyPage />} />
        <Route path="/about/terms" element={<TermsPage />} />
        <Route path="/about/about-skynet" element={<AboutSkynetPage />} />
        <Route path="/faqs" element={<FaqsPage />} />
        <Route path="/support" element={<SupportPage />} />
        {/* Other areas' paths: stay quiet while single-spa unmounts this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
