// The contract's ROUTE_PATTERNS and the packages' route tables name the same routes: every route of every package is
// a pattern of the table (so kit's `paths`, built from the table, can link to it), and every pattern is some
// package's route (no href leads to a page nobody serves). kit/src/paths.test.ts checks the hrefs against the table.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROUTE_PATTERNS } from '@skynet/contract';
import { repoRoot } from '../site/layout.mjs';
import { PACKAGES } from './docs.mjs';
import { ROUTES_FILE, readPackageRoutes } from './read-routes.mjs';

const patterns = new Set(Object.values(ROUTE_PATTERNS));

test("every route of every package's src/routes.ts is a pattern of ROUTE_PATTERNS, named from the contract", () => {
  for (const folder of PACKAGES) {
    const routes = readPackageRoutes(join(repoRoot, folder));
    for (const route of routes)
      assert.ok(
        patterns.has(route.path),
        `${folder}: route ${route.path} is not in ROUTE_PATTERNS (@skynet/contract)`,
      );
    // Named, not spelled: a literal path would keep working after the table's pattern changed.
    const source = readFileSync(join(repoRoot, folder, ROUTES_FILE), 'utf8');
    assert.doesNotMatch(
      source,
      /path:\s*['"`]/,
      `${folder}/${ROUTES_FILE} spells a path: name its pattern from @skynet/contract (FEED_ROUTE)`,
    );
  }
});

test('every pattern of ROUTE_PATTERNS is the route of some package', () => {
  const routed = new Set(
    PACKAGES.flatMap((folder) => readPackageRoutes(join(repoRoot, folder)).map((r) => r.path)),
  );
  for (const [name, pattern] of Object.entries(ROUTE_PATTERNS))
    assert.ok(routed.has(pattern), `ROUTE_PATTERNS.${name} (${pattern}) is no package's route`);
});

test('ROUTE_PATTERNS names each pattern once', () => {
  assert.equal(patterns.size, Object.keys(ROUTE_PATTERNS).length);
});
