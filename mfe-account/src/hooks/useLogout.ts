import { paths } from '@skynet/kit';
import { session } from '@skynet/shared';
import { type NavigateFunction, useNavigate } from 'react-router-dom';

/** Drops the token and the live socket, and shows /login (logout, and a deleted account). */
export function signOutToLogin(navigate: NavigateFunction): void {
  session.signOut();
  navigate(paths.login(), { replace: true });
}

export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => signOutToLogin(navigate);
}
