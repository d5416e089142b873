// The workspace's pnpm catalog: a `catalog:` dependency must still give Module Federation and the site real versions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readCatalog, withCatalogVersions } from '../site/catalog.mjs';
import { REMOTES, readPackage, repoRoot } from '../site/layout.mjs';
import { sharedSingletons } from './configs/shared-singletons.mjs';

/** The workspace root and every package pnpm-workspace.yaml lists (its `mfe-*`: every remote, layout.mjs). */
const PACKAGES = [
  '.',
  ...[...readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+(\S+)\s*$/gm)].flatMap(
    (match) => (match[1] === 'mfe-*' ? REMOTES : [match[1]]),
  ),
];
const raw = (folder) => JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8'));

describe('the pnpm catalog', () => {
  it('holds an exact version for every dependency a package names as catalog:', () => {
    const catalog = readCatalog();
    for (const folder of PACKAGES) {
      const pkg = raw(folder);
      for (const field of ['dependencies', 'devDependencies']) {
        for (const [name, version] of Object.entries(pkg[field] ?? {})) {
          if (version !== 'catalog:') continue;
          assert.match(catalog[name] ?? '', /^\d+\.\d+\.\d+$/, `${folder}: ${name}`);
        }
      }
    }
  });

  it('leaves no version two packages declare outside it (one version of each)', () => {
    const seen = new Map();
    for (const folder of PACKAGES) {
      const pkg = raw(folder);
      for (const field of ['dependencies', 'devDependencies'])
        for (const [name, version] of Object.entries(pkg[field] ?? {}))
          if (!version.startsWith('workspace:') && version !== 'catalog:')
            seen.set(name, [...(seen.get(name) ?? []), folder]);
    }
    const repeated = [...seen].filter(([, folders]) => folders.length > 1);
    assert.deepEqual(repeated, [], 'declare these once, in pnpm-workspace.yaml catalog:');
  });

  it("resolves catalog: versions where the builds read them (shared singletons, the shell's package)", () => {
    const react = readCatalog().react;
    assert.equal(readPackage('shell').dependencies.react, react);
    const shared = sharedSingletons(withCatalogVersions(raw('mfe-feed')));
    assert.equal(shared.react.requiredVersion, `^${react}`);
    assert.equal(shared['react-dom'].requiredVersion, `^${readCatalog()['react-dom']}`);
  });
});
