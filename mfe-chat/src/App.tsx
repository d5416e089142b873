import { Loader } from '@skynet/kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const ConversationsPage = lazy(() => import('./pages/ConversationsPage'));
const ChatPage = lazy(() => import('./pages/ChatPage'));

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/messages" element={<ConversationsPage />} />
        <Route path="/messages/:id" element={<ChatPage />} />
        {/* Other areas' paths: stay quiet while single-spa unmounts this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
