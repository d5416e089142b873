import { Loader } from '@skynet/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Every screen of this area, one lazily loaded module per route: find a screen's code from its path here.
const GalaxyFeedPage = lazy(() => import('./pages/GalaxyFeedPage'));
const PlanetFeedPage = lazy(() => import('./pages/PlanetFeedPage'));
const CreatePostPage = lazy(() => import('./pages/CreatePostPage'));
const PostPage = lazy(() => import('./pages/PostPage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const UserPage = lazy(() => import('./pages/UserPage'));
const FollowingPage = lazy(() => import('./pages/FollowingPage'));
const FollowersPage = lazy(() => import('./pages/FollowersPage'));
const LikedPage = lazy(() => import('./pages/LikedPage'));
const SavedPage = lazy(() => import('./pages/SavedPage'));
const CommentedPage = lazy(() => import('./pages/CommentedPage'));

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/feed" element={<GalaxyFeedPage />} />
        <Route path="/feed/:planetName/:id" element={<PlanetFeedPage />} />
        <Route path="/post" element={<CreatePostPage />} />
        <Route path="/post/:id" element={<PostPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="/search/:text" element={<SearchPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/user/:id" element={<UserPage />} />
        <Route path="/following" element={<FollowingPage />} />
        <Route path="/followers" element={<FollowersPage />} />
        <Route path="/liked" element={<LikedPage />} />
        <Route path="/saved" element={<SavedPage />} />
        <Route path="/commented" element={<CommentedPage />} />
        {/* Other areas' paths: stay quiet while single-spa unmounts this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
