import { closeSocket, paths, session } from '@skynet/shared';
import { type NavigateFunction, useNavigate } from 'react-router-dom';

/**
 * Drops the token, closes the live socket and shows /login (logout, and a deleted account).
 *
 * The shell reacts to the sign-out first (its router updates in a transition, the session at once): it sees
 * a signed-out visitor on this signed-in route and sends them to /login?returnTo=<this page>. After a
 * deliberate sign-out nobody should be sent back here at the next login, so the returnTo is dropped
 * once the shell has redirected.
 */
export function signOutToLogin(navigate: NavigateFunction): void {
  session.signOut();
  void closeSocket();
  navigate(paths.login(), { replace: true });
  let tries = 0;
  const tidy = () => {
    const { pathname, search } = window.location;
    if (pathname === paths.login() && search.includes('returnTo=')) {
      window.history.replaceState(window.history.state, '', paths.login());
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      return;
    }
    if (++tries < 20) setTimeout(tidy, 50);
  };
  setTimeout(tidy, 0);
}

export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => signOutToLogin(navigate);
}
