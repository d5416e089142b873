// Route tables (src/routes.ts in every package): the build's reader, and docs/routes.md kept in step with them.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { repoRoot } from '../site/layout.mjs';
import { allRoutes, PACKAGES, ROUTES_DOC, routesMarkdown } from './docs.mjs';
import {
  RouteTableError,
  readBuiltRoutes,
  readPackageRoutes,
  readRoutes,
  registryRoutes,
  resolvePage,
} from './read-routes.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'skynet-routes-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** A routes.ts with this body, in a package folder of its own (with a page file at src/pages/A.tsx). */
function table(body) {
  files += 1;
  const dir = join(scratch, `package-${files}`);
  mkdirSync(join(dir, 'src', 'pages'), { recursive: true });
  writeFileSync(join(dir, 'src', 'pages', 'A.tsx'), 'export default function A() { return null; }\n');
  const file = join(dir, 'src', 'routes.ts');
  writeFileSync(file, `import { defineRoutes } from '@skynet/contract';\n${body}\n`);
  return { dir, file };
}

describe('the packages', () => {
  test('docs/routes.md is generated from the current route tables (run `npm run routes`)', () => {
    const current = existsSync(ROUTES_DOC) ? readFileSync(ROUTES_DOC, 'utf8') : '';
    assert.ok(current === routesMarkdown(), 'docs/routes.md is stale: run `npm run routes` and commit it');
  });

  test("every route's page is a file", () => {
    const routes = allRoutes();
    assert.ok(routes.length > 0);
    for (const route of routes)
      assert.ok(
        existsSync(route.pageFile),
        `${route.folder} ${route.path}: ${route.pageFile} does not exist`,
      );
  });

  test('every package has a table, and package.json no longer declares routes', () => {
    for (const folder of PACKAGES) {
      assert.ok(readPackageRoutes(join(repoRoot, folder)).length > 0, `${folder} has no routes`);
      const pkg = JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8'));
      assert.equal(pkg.skynet?.routes, undefined, `${folder}/package.json still has skynet.routes`);
    }
  });
});

describe('readRoutes', () => {
  test('reads path, access, early and the page specifier, inline or through a const, in order', () => {
    const { file } = table(`
const search = () => import('./pages/Search');
export const routes = defineRoutes<PageModule>([
  { path: '/feed', access: 'signed-in', page: () => import('./pages/Feed'), early: ['/feed?page=1'] },
  { path: '/search', access: 'signed-in', page: search },
  { path: '/search/:text', access: 'public' as const, page: search },
]);`);
    assert.deepEqual(readRoutes(file), [
      { path: '/feed', access: 'signed-in', early: ['/feed?page=1'], page: './pages/Feed' },
      { path: '/search', access: 'signed-in', page: './pages/Search' },
      { path: '/search/:text', access: 'public', page: './pages/Search' },
    ]);
  });

  test('what the registry carries: path, access and early, no page', () => {
    const { file } = table(`export const routes = defineRoutes([
  { path: '/a', access: 'public', page: () => import('./pages/A'), early: ['/a'] },
  { path: '/b', access: 'signed-out', page: () => import('./pages/A') },
  { path: '/c', access: 'admin', page: () => import('./pages/A') },
]);`);
    assert.deepEqual(registryRoutes(readRoutes(file)), [
      { path: '/a', access: 'public', early: ['/a'] },
      { path: '/b', access: 'signed-out' },
      { path: '/c', access: 'admin' },
    ]);
  });

  const refusals = [
    [
      'a page that is not an import()',
      `const pages = { a: () => import('./pages/A') };
export const routes = defineRoutes([{ path: '/a', access: 'public', page: pages.a }]);`,
      /routes\.ts:3: route \/a: page must be/,
    ],
    [
      'a const that is not an import()',
      `const load = () => fetchPage('./pages/A');
export const routes = defineRoutes([{ path: '/a', access: 'public', page: load }]);`,
      /route \/a: page must be/,
    ],
    [
      'a computed path',
      `const base = '/a';
export const routes = defineRoutes([{ path: \`\${base}/b\`, access: 'public', page: () => import('./pages/A') }]);`,
      /route #1: path must be a string literal/,
    ],
    [
      'an unknown access',
      `export const routes = defineRoutes([
  { path: '/a', access: 'everyone', page: () => import('./pages/A') },
]);`,
      /routes\.ts:3: route \/a: access must be one of 'public', 'signed-in', 'signed-out', 'admin'/,
    ],
    [
      'a spread route',
      `const more = [];
export const routes = defineRoutes([...more]);`,
      /route #1: each route must be an object literal/,
    ],
    [
      'a spread field',
      `const common = { access: 'public' };
export const routes = defineRoutes([{ path: '/a', ...common, page: () => import('./pages/A') }]);`,
      /only path, access, page, early can be read/,
    ],
    [
      'early calls that are not literals',
      `const call = '/a';
export const routes = defineRoutes([{ path: '/a', access: 'public', page: () => import('./pages/A'), early: [call] }]);`,
      /route \/a: early must be an array of string literals/,
    ],
    ['no table', 'export const routes = [];', /expected exactly one defineRoutes\(\[\.\.\.\]\) call/],
    [
      'a table that is not an array literal',
      `const list = [];
export const routes = defineRoutes(list);`,
      /defineRoutes takes one array literal/,
    ],
    [
      'a path declared twice',
      `export const routes = defineRoutes([
  { path: '/a', access: 'public', page: () => import('./pages/A') },
  { path: '/a', access: 'signed-in', page: () => import('./pages/A') },
]);`,
      /route \/a is declared twice/,
    ],
  ];
  for (const [what, body, message] of refusals)
    test(`refuses ${what}, naming the file and the route`, () => {
      const { file } = table(body);
      assert.throws(
        () => readRoutes(file, { label: 'mfe-x/src/routes.ts' }),
        (error) =>
          error instanceof RouteTableError &&
          error.message.startsWith('mfe-x/src/routes.ts') &&
          message.test(error.message),
      );
    });

  test('readPackageRoutes resolves each page to its file, and refuses a page that is no file', () => {
    const good = table(
      `export const routes = defineRoutes([{ path: '/a', access: 'public', page: () => import('./pages/A') }]);`,
    );
    assert.deepEqual(
      readPackageRoutes(good.dir).map((route) => route.pageFile),
      [join(good.dir, 'src', 'pages', 'A.tsx')],
    );
    assert.equal(resolvePage(good.file, './pages/Missing'), null);
    const bad = table(
      `export const routes = defineRoutes([{ path: '/b', access: 'public', page: () => import('./pages/B') }]);`,
    );
    assert.throws(() => readPackageRoutes(bad.dir), /route \/b names page \.\/pages\/B, which is no file/);
  });
});

describe('readBuiltRoutes', () => {
  test("returns a build's routes.json", () => {
    const dir = mkdtempSync(join(scratch, 'dist-'));
    const routes = [
      { path: '/a', access: 'public', early: ['/a'] },
      { path: '/b', access: 'signed-in' },
    ];
    writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes));
    assert.deepEqual(readBuiltRoutes(dir), routes);
  });

  test('refuses a build without routes.json, or with a wrong one', () => {
    const dir = mkdtempSync(join(scratch, 'dist-'));
    assert.throws(() => readBuiltRoutes(dir), /routes\.json is missing: .*rebuild the remote/);
    writeFileSync(join(dir, 'routes.json'), JSON.stringify([{ path: '/a', access: 'anyone' }]));
    assert.throws(() => readBuiltRoutes(dir), /is not a list of routes/);
  });
});

describe('paths from the contract’s ROUTE_PATTERNS', () => {
  test("reads a pattern's constant or ROUTE_PATTERNS.<name> (under any local name) as the contract's pattern", () => {
    const { file } =
      table(`import { FEED_ROUTE, PLANET_FEED_ROUTE as PLANET, ROUTE_PATTERNS as P } from '@skynet/contract';
export const routes = defineRoutes([
  { path: FEED_ROUTE, access: 'signed-in', page: () => import('./pages/A') },
  { path: PLANET, access: 'signed-in', page: () => import('./pages/A') },
  { path: P.about, access: 'public', page: () => import('./pages/A') },
]);`);
    assert.deepEqual(
      readRoutes(file).map((route) => route.path),
      ['/feed', '/feed/:planetName/:id', '/about'],
    );
  });

  test('a name the contract has no pattern for, or a table not from the contract, is refused', () => {
    const notPattern = table(`import { OVERRIDES_KEY } from '@skynet/contract';
export const routes = defineRoutes([{ path: OVERRIDES_KEY, access: 'public', page: () => import('./pages/A') }]);`);
    assert.throws(
      () => readRoutes(notPattern.file),
      (error) =>
        error instanceof RouteTableError &&
        /route #1: @skynet\/contract has no route pattern OVERRIDES_KEY/.test(error.message),
    );
    const unknown = table(`import { ROUTE_PATTERNS } from '@skynet/contract';
export const routes = defineRoutes([{ path: ROUTE_PATTERNS.nowhere, access: 'public', page: () => import('./pages/A') }]);`);
    assert.throws(
      () => readRoutes(unknown.file),
      (error) =>
        error instanceof RouteTableError &&
        /route #1: @skynet\/contract has no route pattern ROUTE_PATTERNS\.nowhere/.test(error.message),
    );
    const local = table(`const ROUTE_PATTERNS = { a: '/a' };
export const routes = defineRoutes([{ path: ROUTE_PATTERNS.a, access: 'public', page: () => import('./pages/A') }]);`);
    assert.throws(
      () => readRoutes(local.file),
      (error) =>
        error instanceof RouteTableError && /route #1: path must be a string literal/.test(error.message),
    );
  });
});
