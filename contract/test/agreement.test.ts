// The contract test: for the same registry and path, the shell (its early preload and its routing), the API server
// (a page's head start) and ops (`ops route`) name the same remote, and that remote is the one react-router's own
// matchPath picks. The three used to carry three route matchers and three registry models; this keeps the one
// left honest. Run with node's test runner through tsx (the shell and the API are TypeScript).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { matchPath } from 'react-router';
import { likelyRemote } from '../../shell/src/platform/startup.ts';
import { headStartFor } from '../../site/src/head-start.ts';
import { route as opsRoute } from '../../tooling/ops/commands.mjs';
import {
  accessAllows,
  chooseVersion,
  type Registry,
  type RouteEntry,
  resolvePath,
  type SessionStatus,
} from '../src/index.ts';

const remote = (routes: RouteEntry[], extra: Partial<Registry['remotes'][string]> = {}) => ({
  routes,
  stable: '1.0.0',
  canary: null,
  versions: {
    '1.0.0': { manifest: '/remotes/NAME/1.0.0/mf-manifest.json' },
    '1.1.0': { manifest: '/remotes/NAME/1.1.0/mf-manifest.json' },
  },
  ...extra,
});

/** The product's routes (docs/routes.md), in registry order, and patterns that test the matcher's edges. */
const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    'mfe-map': remote([
      { path: '/', access: 'signed-in' },
      { path: '/home', access: 'signed-in' },
      { path: '/home-list', access: 'signed-in' },
      { path: '/planets', access: 'public' },
    ]),
    'mfe-feed': remote([
      { path: '/feed', access: 'signed-in', early: ['/feed?page=1'] },
      { path: '/feed/:planetName/:id', access: 'signed-in', early: ['/feed/:id?page=1'] },
      { path: '/post', access: 'signed-in' },
      { path: '/post/:id', access: 'public' },
      { path: '/search', access: 'signed-in' },
      { path: '/search/:text', access: 'signed-in' },
      { path: '/profile', access: 'signed-in' },
      { path: '/user/:id', access: 'signed-in' },
      { path: '/following', access: 'signed-in' },
      { path: '/followers', access: 'signed-in' },
      { path: '/liked', access: 'signed-in' },
      { path: '/saved', access: 'signed-in' },
      { path: '/commented', access: 'signed-in' },
    ]),
    'mfe-chat': remote(
      [
        { path: '/messages', access: 'signed-in' },
        { path: '/messages/:id', access: 'signed-in' },
      ],
      // A canary some people get: no early preloads from the server, the same canary named by ops.
      { canary: { version: '1.1.0', percent: 30 } },
    ),
    'mfe-account': remote([
      { path: '/settings', access: 'signed-in' },
      { path: '/settings/manageAccount', access: 'signed-in' },
      { path: '/profile/edit', access: 'signed-in' },
    ]),
    'mfe-static': remote([
      { path: '/', access: 'signed-out' },
      { path: '/about', access: 'public' },
      { path: '/about/policy', access: 'public' },
      { path: '/about/terms', access: 'public' },
      { path: '/about/about-skynet', access: 'public' },
      { path: '/faqs', access: 'public' },
      { path: '/support', access: 'public' },
      { path: '/docs/*', access: 'public' },
      { path: '/a.b', access: 'public' },
    ]),
  },
};
for (const [name, entry] of Object.entries(registry.remotes)) {
  for (const version of Object.values(entry.versions))
    version.manifest = version.manifest.replace('NAME', name);
}

/** Every pattern with sample parameters, plus the shapes a matcher gets wrong: case, slashes, extra segments. */
function samplePaths(): string[] {
  const paths = new Set<string>(['/', '//', '/nowhere', '/feedback', '/post/a/b', '/axb', '/docs', '/HOME']);
  for (const entry of Object.values(registry.remotes)) {
    for (const { path } of entry.routes) {
      const filled = path.replace(/:[A-Za-z]+/g, 'x-1').replace('*', 'deep/er');
      for (const variant of [filled, `${filled}/`, `${filled}//`, filled.toUpperCase(), `${filled}/extra`]) {
        paths.add(variant.replace(/^\/\//, '/') || '/');
      }
      paths.add(path.replace(/:[A-Za-z]+/g, '%E2%9C%93'));
    }
  }
  return [...paths];
}

/** What react-router itself says: the first route, in registry order, that matches and that the session may see. */
function reactRouterOwner(pathname: string, status: SessionStatus): string | null {
  for (const [name, entry] of Object.entries(registry.remotes)) {
    for (const route of entry.routes) {
      if (accessAllows(route.access, status) && matchPath({ path: route.path, end: true }, pathname))
        return name;
    }
  }
  return null;
}

let site = '';
// The three read this site folder's remotes.json: a DATABASE_URL in the environment would send ops to PostgreSQL's
// registry instead (tooling/ops/registry-store.mjs, @skynet/site's store).
delete process.env.DATABASE_URL;
before(() => {
  site = mkdtempSync(join(tmpdir(), 'skynet-agreement-'));
  writeFileSync(join(site, 'remotes.json'), JSON.stringify(registry));
  writeFileSync(join(site, 'config.json'), JSON.stringify({ apiBaseUrl: '/api' }));
  for (const name of Object.keys(registry.remotes)) {
    for (const version of ['1.0.0', '1.1.0'])
      mkdirSync(join(site, 'remotes', name, version), { recursive: true });
  }
});
after(() => rmSync(site, { recursive: true, force: true }));

describe('shell, API server and ops agree with react-router on who owns a path', () => {
  const paths = samplePaths();

  test(`${paths.length} paths x signed in and out: contract, shell and ops name react-router's remote`, async () => {
    for (const pathname of paths) {
      for (const status of ['signed-in', 'signed-out'] as const) {
        const expected = reactRouterOwner(pathname, status);
        const resolved = resolvePath(registry, pathname, status);
        const where = `${pathname} (${status})`;
        assert.equal(resolved.kind === 'remote' ? resolved.remote : null, expected, `contract, ${where}`);
        assert.equal(likelyRemote(registry, pathname, status === 'signed-in'), expected, `shell, ${where}`);
        assert.equal(
          (await opsRoute({ site, path: pathname, signedIn: status === 'signed-in' })).remote,
          expected,
          `ops, ${where}`,
        );
      }
    }
  });

  test('the head start preloads the files of the remote react-router picks for a signed-in visitor', () => {
    const headStart = headStartFor(site, { apiBaseUrl: '/api' });
    let checked = 0;
    for (const pathname of paths) {
      const expected = reactRouterOwner(pathname, 'signed-in');
      const start = headStart(pathname, false);
      const preloaded = start.preload[0]?.href.match(/^\/remotes\/([^/]+)\//)?.[1] ?? null;
      if (expected && registry.remotes[expected]?.canary) {
        // Only the shell knows which visitor gets a canary: the server preloads nothing for that remote.
        assert.equal(preloaded, null, `${pathname}: no preload while ${expected} runs a canary`);
      } else {
        assert.equal(preloaded, expected, `${pathname}: head start preloads ${expected}`);
        checked += 1;
      }
    }
    assert.ok(checked > 20, `compared ${checked} paths`);
  });

  test("the route's early calls carry its parameters the same way in the head start", () => {
    const start = headStartFor(site, { apiBaseUrl: '/api' })('/feed/mars/p%C3%A9-1', false);
    assert.deepEqual(start.calls, ['/user', '/feed/p%C3%A9-1?page=1', '/user/login?token=refresh']);
    assert.equal(start.routeCalls, true);
  });
});

describe('the canary choice is one decision', () => {
  test('ops names the canary the shell hands to its share of visitors', async () => {
    const answer = await opsRoute({ site, path: '/messages/u1' });
    assert.deepEqual(answer.canary, { version: '1.1.0', percent: 30 });
    const entry = registry.remotes['mfe-chat']!;
    const visitors = Array.from({ length: 2000 }, (_, i) => `visitor-${i}`);
    const onCanary = visitors.filter((v) => chooseVersion('mfe-chat', entry, v)?.version === '1.1.0').length;
    assert.ok(Math.abs(onCanary / visitors.length - 0.3) < 0.04, `${onCanary} of 2000 on the 30% canary`);
  });
});
