// Access 'admin' (issue 31, mfe-admin): only a signed-in administrator gets the area; anyone else at /admin gets the
// shell's 404 page, and the area is neither active in single-spa (so never loaded) nor preloaded from the page.
import type { CurrentUser, Registry } from '@skynet/contract';
import { aUser } from '@skynet/kit/testing';
import { type SessionState, session, useSession } from '@skynet/shared';
import { render, screen } from '@testing-library/react';
import { registerApplication } from 'single-spa';
import { registerRemotes } from '../platform/applications';
import { loadExposedModule } from '../platform/federation';
import { likelyRemote } from '../platform/startup';
import { warmUp } from '../platform/warmUp';
import { ShellApp } from './ShellApp';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { ...jest.requireActual('@skynet/shared').session, get: jest.fn(), refreshUser: jest.fn() },
  useSession: jest.fn(),
}));
jest.mock('single-spa', () => ({
  registerApplication: jest.fn(),
  getAppStatus: jest.fn(() => 'NOT_LOADED'),
  triggerAppChange: jest.fn(),
  unloadApplication: jest.fn(),
}));
jest.mock('../platform/federation', () => ({
  setManifest: jest.fn(),
  replaceFailedVersion: jest.fn(),
  loadExposedModule: jest.fn(),
}));
jest.mock('../platform/reporting', () => ({ reportEvent: jest.fn() }));
// The signed-in chrome (navigation, unread counts) is not what this test is about.
jest.mock('../layout/SignedInChrome', () => ({ SignedInChrome: () => null }));
jest.mock('../shortcuts/KeyboardShortcuts', () => ({ KeyboardShortcuts: () => null }));

const versions = (name: string) => ({ '1.0.0': { manifest: `/remotes/${name}/1.0.0/mf-manifest.json` } });
const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    'mfe-feed': {
      stable: '1.0.0',
      versions: versions('mfe-feed'),
      routes: [{ path: '/feed', access: 'signed-in' }],
    },
    'mfe-admin': {
      stable: '1.0.0',
      versions: versions('mfe-admin'),
      routes: [
        { path: '/admin', access: 'admin' },
        { path: '/admin/audit', access: 'admin' },
      ],
    },
  },
} as Registry;

function signIn(state: Partial<SessionState>) {
  const full: SessionState = { status: 'signed-in', token: 't', user: null, endedBy: null, ...state };
  jest.mocked(useSession).mockReturnValue(full);
  jest.mocked(session.get).mockReturnValue(full);
}
const admin = (yes: boolean): CurrentUser => ({ ...aUser({ userName: yes ? 'root' : 'ada' }), admin: yes });

/** Whether single-spa would activate mfe-admin at `pathname` for the current session. */
function adminAreaActive(pathname: string): boolean {
  jest.mocked(registerApplication).mockClear();
  registerRemotes(registry, { visitor: 'v' });
  const call = jest
    .mocked(registerApplication)
    .mock.calls.find(([config]) => (config as { name: string }).name === 'mfe-admin');
  const config = call?.[0] as { activeWhen: (location: Location) => boolean };
  return config.activeWhen({ pathname } as Location);
}

beforeEach(() => {
  jest.clearAllMocks();
  window.history.pushState({}, '', '/admin');
});

test.each([
  ['a signed-in person who is not an administrator', { user: admin(false) }],
  ['a visitor', { status: 'signed-out', token: null, user: null }],
] as const)('%s at /admin gets the 404 page, and the area is never loaded', (_who, state) => {
  signIn(state as Partial<SessionState>);
  render(<ShellApp registry={registry} />);
  expect(screen.getByRole('heading', { name: 'Suspect page not found' })).toBeInTheDocument();
  expect(adminAreaActive('/admin')).toBe(false);
  expect(adminAreaActive('/admin/audit')).toBe(false);
  // Nor does the shell preload or warm up its code from a saved token (which says nothing of being an administrator).
  window.localStorage.setItem('jwt', 'saved-token');
  expect(likelyRemote(registry, '/admin', true)).toBeNull();
  expect(warmUp(registry, '/admin')).toBeNull();
  window.localStorage.removeItem('jwt');
  expect(loadExposedModule).not.toHaveBeenCalled();
});

test('an administrator at /admin gets the area: no 404 page, and single-spa mounts mfe-admin', () => {
  signIn({ user: admin(true) });
  render(<ShellApp registry={registry} />);
  expect(screen.queryByRole('heading', { name: 'Suspect page not found' })).not.toBeInTheDocument();
  expect(adminAreaActive('/admin')).toBe(true);
  expect(adminAreaActive('/admin/audit')).toBe(true);
  expect(adminAreaActive('/feed')).toBe(false);
});

test('an administrator still gets the 404 page on a path nobody owns', () => {
  window.history.pushState({}, '', '/admin/nowhere');
  signIn({ user: admin(true) });
  render(<ShellApp registry={registry} />);
  expect(screen.getByRole('heading', { name: 'Suspect page not found' })).toBeInTheDocument();
});
