import type { SessionStatus } from '@skynet/shared';
import { matchPath } from 'react-router-dom';
import type { Access, Registry, RouteEntry } from '../registry/types';

export function accessAllows(access: Access, status: SessionStatus): boolean {
  if (status === 'loading') return false;
  if (access === 'public') return true;
  return access === 'signed-in' ? status === 'signed-in' : status === 'signed-out';
}

export const matches = (route: RouteEntry, pathname: string) =>
  matchPath({ path: route.path, end: true }, pathname) !== null;

/** Is this remote's area active for this path and session? */
export function remoteActive(routes: RouteEntry[], pathname: string, status: SessionStatus): boolean {
  return routes.some((route) => matches(route, pathname) && accessAllows(route.access, status));
}

export type Resolution =
  | { kind: 'remote'; remote: string }
  | { kind: 'needs-sign-in' }
  | { kind: 'needs-sign-out' }
  | { kind: 'unknown' };

/** What the shell should do with a path: let a remote show it, redirect, or say 404. */
export function resolvePath(registry: Registry, pathname: string, status: SessionStatus): Resolution {
  let owned: Access | null = null;
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    for (const route of entry.routes) {
      if (!matches(route, pathname)) continue;
      if (accessAllows(route.access, status)) return { kind: 'remote', remote };
      owned = owned ?? route.access;
    }
  }
  if (owned === 'signed-in') return { kind: 'needs-sign-in' };
  if (owned === 'signed-out') return { kind: 'needs-sign-out' };
  return { kind: 'unknown' };
}
