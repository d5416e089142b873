// The contract's ROUTE_PATTERNS and the packages' route tables name the same routes: every route of every package is
// a pattern of the table (so kit's `paths`, built from the table, can link to it), and every pattern is some
// package's route (no href leads to a page nobody serves). kit/src/paths.test.ts checks the hrefs against the table.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROUTE_PATTERNS } from '@skynet/contract';
import { repoRoot } from '../site/layout.mjs';
import { PACKAGES } from './docs.mjs';
import { ROUTES_FILE, readPackageRoutes } from './read-routes.mjs';

const patterns = new Set(Object.values(ROUTE_PATTERNS));

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether a package other than `owner` names `path` in its sources (a link or a navigation to it).
 * @param {string} owner @param {string} path
 */
function linkedFromElsewhere(owner, path) {
  const quoted = new RegExp(`['"\`]${escapeRegExp(path)}['"\`/?#]`);
  return PACKAGES.filter((folder) => folder !== owner).some((folder) =>
    sourceFiles(join(repoRoot, folder, 'src')).some((file) => quoted.test(readFileSync(file, 'utf8'))),
  );
}

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.(ts|tsx|mjs)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

test("every route of every package's src/routes.ts is a pattern of ROUTE_PATTERNS named from the contract, or a remote's own", () => {
  for (const folder of PACKAGES) {
    const routes = readPackageRoutes(join(repoRoot, folder));
    const source = readFileSync(join(repoRoot, folder, ROUTES_FILE), 'utf8');
    for (const route of routes) {
      // A remote's own route (issue 33: `npm run new-remote` touches no file outside the remote's folder) may stay out
      // of the table while no other package links to it (kit's paths link only to the table's patterns).
      if (!patterns.has(route.path)) {
        assert.ok(
          !linkedFromElsewhere(folder, route.path),
          `${folder}: route ${route.path} is linked from another package: add it to ROUTE_PATTERNS (@skynet/contract)`,
        );
        continue;
      }
      // Named, not spelled: a literal path would keep working after the table's pattern changed.
      assert.ok(
        !new RegExp(`path:\\s*['"\`]${escapeRegExp(route.path)}['"\`]`).test(source),
        `${folder}/${ROUTES_FILE} spells the path ${route.path}: name its pattern from @skynet/contract (FEED_ROUTE)`,
      );
    }
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
