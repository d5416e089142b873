// pnpm's catalog (pnpm-workspace.yaml `catalog:`): one version for a dependency several packages declare, which their
// package.json then name as `catalog:`. What reads a package.json for versions (Module Federation's shared singletons,
// the site's record of what the shell provides) reads it through `withCatalogVersions`, so it sees real versions.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The default catalog as { name: version }. Its entries are simple `  name: "version"` lines (no yaml library). */
export function readCatalog(file = join(repoRoot, 'pnpm-workspace.yaml')) {
  /** @type {Record<string, string>} */
  const catalog = {};
  let inside = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^catalog:\s*$/.test(line)) {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (!/^\s/.test(line) || line.trim() === '') {
      if (line.trim() === '' || line.startsWith('#')) continue;
      break;
    }
    const entry = line.match(/^\s+("?)([^":]+)\1:\s*"?([^"\s#]+)"?/);
    if (entry?.[2] && entry[3]) catalog[entry[2]] = entry[3];
  }
  return catalog;
}

/** @type {Record<string, string> | undefined} */
let cached;
/**
 * The package.json object with each `catalog:` version replaced by the catalog's.
 * @param {Record<string, any>} pkg a package.json (any: its fields are whatever the file holds)
 */
export function withCatalogVersions(pkg) {
  cached ??= readCatalog();
  const catalog = cached;
  const resolved = { ...pkg };
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    if (!pkg[field]) continue;
    resolved[field] = Object.fromEntries(
      Object.entries(/** @type {Record<string, string>} */ (pkg[field])).map(([name, version]) => {
        if (version !== 'catalog:' && version !== 'catalog:default') return [name, version];
        const pinned = catalog[name];
        if (!pinned)
          throw new Error(
            `${pkg.name}: ${name} is "catalog:" but pnpm-workspace.yaml's catalog has no ${name}`,
          );
        return [name, pinned];
      }),
    );
  }
  return resolved;
}
