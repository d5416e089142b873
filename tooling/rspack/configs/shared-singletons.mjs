import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJson } from './package.mjs';

/**
 * Singletons: the libraries that hold state (react, react-dom, and @skynet/shared, which carries the router). One copy at run time, whichever remote asks first
 * (the shell, under `loaded-first`). Required versions come from the package's own package.json,
 * so an incompatible remote is visible in its manifest (and refused by `npm run ops -- rollout`).
 */
export function sharedSingletons(pkg) {
  const deps = { ...pkg.dependencies };
  const sharedPkg = readJson(
    join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'package.json'),
  );
  const version = (name) =>
    deps[name] ??
    deps[
      name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/')
    ];
  const lib = (name, from = name) => ({
    singleton: true,
    requiredVersion: `^${version(from)}`,
    strictVersion: false,
  });
  return {
    react: lib('react'),
    'react/jsx-runtime': lib('react/jsx-runtime', 'react'),
    'react-dom': lib('react-dom'),
    'react-dom/client': lib('react-dom/client', 'react-dom'),
    // react-router is not shared on its own: it lives inside @skynet/shared (one copy, tree-shaken).
    // A workspace range is not semver: give the shared package its real version explicitly.
    '@skynet/shared': {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    },
  };
}
