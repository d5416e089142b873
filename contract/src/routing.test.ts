import type { Registry, RemoteEntry } from './registry.js';
import {
  accessAllows,
  activeCanary,
  canaryBucket,
  chooseVersion,
  matchRoute,
  placementOf,
  remoteActive,
  resolvePath,
} from './routing.js';

const matches = (pattern: string, pathname: string) => matchRoute(pattern, pathname) !== null;

test('route patterns match like the router for the shapes remotes declare', () => {
  expect(matches('/feed', '/feed')).toBe(true);
  expect(matches('/feed', '/feed/')).toBe(true);
  expect(matches('/feed', '/feedback')).toBe(false);
  expect(matches('/post/:id', '/post/42')).toBe(true);
  expect(matches('/post/:id', '/post')).toBe(false);
  expect(matches('/post/:id', '/post/42/comments')).toBe(false);
  expect(matches('/about/*', '/about')).toBe(true);
  expect(matches('/about/*', '/about/privacy')).toBe(true);
  expect(matches('/', '/')).toBe(true);
  expect(matches('/', '/feed')).toBe(false);
  expect(matches('/a.b', '/axb')).toBe(false);
});

const version = { '1.0.0': { manifest: '/m.json' } };
const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    'mfe-map': {
      stable: '1.0.0',
      versions: version,
      routes: [
        { path: '/', access: 'signed-in' },
        { path: '/home', access: 'signed-in' },
        { path: '/planets', access: 'public' },
      ],
    },
    'mfe-static': {
      stable: '1.0.0',
      versions: version,
      routes: [
        { path: '/', access: 'signed-out' },
        { path: '/about/*', access: 'public' },
      ],
    },
    'mfe-feed': {
      stable: '1.0.0',
      versions: version,
      routes: [
        { path: '/post/:id', access: 'public' },
        { path: '/feed/:planetName/:id', access: 'signed-in' },
      ],
    },
    'mfe-admin': {
      stable: '1.0.0',
      versions: version,
      routes: [
        { path: '/admin', access: 'admin' },
        { path: '/admin/audit', access: 'admin' },
      ],
    },
  },
};

test('"/" is the landing page signed out and the map signed in', () => {
  expect(resolvePath(registry, '/', 'signed-out')).toEqual({ kind: 'remote', remote: 'mfe-static' });
  expect(resolvePath(registry, '/', 'signed-in')).toEqual({ kind: 'remote', remote: 'mfe-map' });
});

test('a signed-in route asks a signed-out visitor to sign in', () => {
  expect(resolvePath(registry, '/home', 'signed-out')).toEqual({ kind: 'needs-sign-in' });
  expect(resolvePath(registry, '/feed/earth/p3', 'signed-out')).toEqual({ kind: 'needs-sign-in' });
});

test('public routes open to everyone', () => {
  for (const status of ['signed-in', 'signed-out'] as const) {
    expect(resolvePath(registry, '/planets', status).kind).toBe('remote');
    expect(resolvePath(registry, '/post/abc', status).kind).toBe('remote');
    expect(resolvePath(registry, '/about/terms', status).kind).toBe('remote');
  }
});

test('unknown paths are unknown, whoever asks', () => {
  expect(resolvePath(registry, '/nowhere', 'signed-in')).toEqual({ kind: 'unknown' });
  expect(resolvePath(registry, '/post/a/b', 'signed-out')).toEqual({ kind: 'unknown' });
});

test('nothing is active while the session is still loading', () => {
  expect(accessAllows('public', 'loading')).toBe(false);
  expect(remoteActive(registry.remotes['mfe-map']!.routes, '/planets', 'loading')).toBe(false);
  expect(remoteActive(registry.remotes['mfe-map']!.routes, '/planets', 'signed-out')).toBe(true);
});

test("an administrators' route is the area for an administrator and the 404 page for everyone else", () => {
  expect(resolvePath(registry, '/admin', 'signed-in', true)).toEqual({ kind: 'remote', remote: 'mfe-admin' });
  expect(resolvePath(registry, '/admin/audit', 'signed-in', true)).toEqual({
    kind: 'remote',
    remote: 'mfe-admin',
  });
  // Not 'needs-sign-in': the 404 page does not tell a visitor that the area exists.
  for (const status of ['signed-in', 'signed-out', 'loading'] as const) {
    expect(resolvePath(registry, '/admin', status).kind).not.toBe('remote');
    expect(remoteActive(registry.remotes['mfe-admin']!.routes, '/admin', status)).toBe(false);
  }
  expect(resolvePath(registry, '/admin', 'signed-in')).toEqual({ kind: 'unknown' });
  expect(resolvePath(registry, '/admin', 'signed-out')).toEqual({ kind: 'unknown' });
  expect(resolvePath(registry, '/admin', 'signed-out', true)).toEqual({ kind: 'unknown' });
  expect(remoteActive(registry.remotes['mfe-admin']!.routes, '/admin', 'signed-in', true)).toBe(true);
  expect(accessAllows('admin', 'loading', true)).toBe(false);
  // An administrator sees every other route as anyone signed in does.
  expect(resolvePath(registry, '/', 'signed-in', true)).toEqual({ kind: 'remote', remote: 'mfe-map' });
});

describe('placementOf: one rule for stable and canary, whoever asks', () => {
  const entry = (canary: unknown): RemoteEntry => ({
    routes: [{ path: '/about', access: 'public' }],
    stable: '1.0.0',
    canary: canary as RemoteEntry['canary'],
    versions: {
      '1.0.0': { manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' },
      '1.1.0': { manifest: '/remotes/mfe-static/1.1.0/mf-manifest.json' },
    },
  });
  const stable = { version: '1.0.0', manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' };

  test('a canary with a share above 0 runs beside stable', () => {
    expect(placementOf(entry({ version: '1.1.0', percent: 50 }))).toEqual({
      stable,
      canary: { version: '1.1.0', manifest: '/remotes/mfe-static/1.1.0/mf-manifest.json', percent: 50 },
    });
  });

  test('no canary: none named, share 0, stable itself, unpublished, or a share that is not 0..100', () => {
    for (const canary of [
      null,
      { version: '1.1.0', percent: 0 },
      { version: '1.0.0', percent: 50 },
      { version: '9.9.9', percent: 50 },
      { version: '1.1.0', percent: '50' },
      { version: '1.1.0', percent: 150 },
      { version: '1.1.0', percent: -1 },
      { version: '1.1.0', percent: Number.NaN },
    ]) {
      expect(placementOf(entry(canary))).toEqual({ stable, canary: null });
      expect(activeCanary(entry(canary))).toBeNull();
      expect(chooseVersion('mfe-static', entry(canary), 'anyone')).toEqual(stable);
    }
  });

  test("a canary visitor gets the canary with stable to fall back to; the others stable, by the visitor's bucket", () => {
    const visitors = Array.from({ length: 200 }, (_, i) => `visitor-${i}`);
    for (const visitor of visitors) {
      const choice = chooseVersion('mfe-static', entry({ version: '1.1.0', percent: 50 }), visitor);
      if (canaryBucket(visitor, 'mfe-static') < 50) {
        expect(choice).toEqual({
          version: '1.1.0',
          manifest: '/remotes/mfe-static/1.1.0/mf-manifest.json',
          fallback: stable,
        });
      } else {
        expect(choice).toEqual(stable);
      }
    }
  });
});
