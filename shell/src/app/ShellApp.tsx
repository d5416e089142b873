import { type Registry, resolvePath } from '@skynet/contract';
import { pageComponent, paths } from '@skynet/kit';
import { onUnauthorized, session, ToastHost, useSession } from '@skynet/shared';
import { Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { safeReturnPath } from '../auth/returnPath';
import { LoadingScreen } from '../layout/LoadingScreen';
import { NotFound } from '../layout/NotFound';
import { SignedInChrome } from '../layout/SignedInChrome';
import { routes } from '../routes';
import { KeyboardShortcuts } from '../shortcuts/KeyboardShortcuts';

/**
 * Paths that never show the bottom navigation bar: the auth screens and the pages of mailed links. One pattern, not
 * a list: every cold load carries it (/feed's byte budget).
 */
const NO_NAV = /^\/(forgetpassword|login|signup|(resetpassword|verifyemail|confirmemail|undoemail)\/)/;

export function ShellApp({ registry }: { registry: Registry }) {
  return (
    <BrowserRouter>
      <ToastHost />
      <SessionEffects />
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          {/* The auth screens (src/routes.ts): the shell's own, split out of the first load. */}
          {routes.map((route) => {
            const Page = pageComponent(route);
            return (
              <Route
                key={route.path}
                path={route.path}
                element={route.access === 'signed-out' ? <SignedOutOnly element={<Page />} /> : <Page />}
              />
            );
          })}
          <Route path="*" element={<RemoteOrFallback registry={registry} />} />
        </Routes>
      </Suspense>
      <NavigationSlot />
    </BrowserRouter>
  );
}

/** Looks the user up again on each navigation (spec point 4) and handles an expired token. */
function SessionEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  // The page the visitor arrived on: session.start() has just looked the user up for it.
  const lookedUpFor = useRef(location.pathname);
  useEffect(() => {
    if (lookedUpFor.current === location.pathname) return;
    lookedUpFor.current = location.pathname;
    if (session.get().status === 'signed-in') void session.refreshUser();
  }, [location.pathname]);
  useEffect(
    () =>
      onUnauthorized(() => {
        session.expire();
        navigate(paths.login(window.location.pathname), { replace: true });
      }),
    [navigate],
  );
  return null;
}

function SignedOutOnly({ element }: { element: React.ReactElement }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  // An identity-provider code while signed in never replaces the session silently: /login asks first.
  if (
    status === 'signed-in' &&
    !(location.pathname === '/login' && new URLSearchParams(location.search).has('code'))
  ) {
    const returnTo = new URLSearchParams(location.search).get('returnTo');
    return <Navigate to={safeReturnPath(returnTo) ?? paths.home()} replace />;
  }
  return element;
}

/** For paths the shell does not draw itself: a remote's area, a redirect, or the 404 page. */
function RemoteOrFallback({ registry }: { registry: Registry }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  // An administrators' area is the 404 page for everyone else (contract's resolvePath).
  const resolution = resolvePath(registry, location.pathname, status, user?.admin === true);
  switch (resolution.kind) {
    case 'remote':
      return null; // single-spa mounts the owning remote into its area
    case 'needs-sign-in':
      // After a deliberate sign-out nobody should be sent back here at the next login.
      return (
        <Navigate
          to={
            session.get().endedBy === 'user'
              ? paths.login()
              : paths.login(location.pathname + location.search)
          }
          replace
        />
      );
    case 'needs-sign-out':
      return <Navigate to={paths.home()} replace />;
    default:
      return <NotFound />;
  }
}

function NavigationSlot() {
  const { status } = useSession();
  const location = useLocation();
  if (status !== 'signed-in' || NO_NAV.test(location.pathname)) return null;
  return (
    <>
      <SignedInChrome />
      <KeyboardShortcuts />
    </>
  );
}
