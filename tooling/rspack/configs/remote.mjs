import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { withCatalogVersions } from '../../site/catalog.mjs';
import { BuiltWithPlugin } from '../plugins/built-with.mjs';
import { DropUnstableStatsPlugin } from '../plugins/drop-unstable-stats.mjs';
import { RouteTablePlugin } from '../plugins/route-table.mjs';
import { prerenderConfig } from '../prerender.mjs';
import { baseConfig } from './base.mjs';
import { federationName, readJson } from './package.mjs';
import { sharedSingletons } from './shared-singletons.mjs';

const BUNDLER_RUNTIME_FROM_SHELL = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'bundler-runtime-from-shell.mjs',
);

/**
 * A remote: exposes `./app` (single-spa lifecycles) and whatever else it shares on purpose; its routes come from
 * src/routes.ts (RouteTablePlugin). `prerender` names a build-time module whose `pages` render data-free pages to
 * markup for the server (prerender.mjs), and `signedInScripts` (route path -> a browser module) the scripts that fill
 * its signed-in templates; production builds only. `port`: the dev server's, else package.json's `skynet.devPort`. `preloadPages`: list each route's page files in
 * route-pages.json, so the server's head start preloads them.
 */
export function remoteConfig(
  configUrl,
  { exposes, port, prerender, signedInScripts = {}, preloadPages = false },
) {
  return (_env, argv = {}) => {
    const packageDir = dirname(fileURLToPath(configUrl));
    const pkg = withCatalogVersions(readJson(join(packageDir, 'package.json')));
    const folder = pkg.name.replace('@skynet/', '');
    const name = federationName(folder);
    // The dev server's port: the package's `"skynet": { "devPort": N }` (tooling/site/layout.mjs reads the same).
    const devPort = port ?? Number(pkg.skynet?.devPort ?? 0);
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const config = baseConfig(packageDir, { mode, name, port: devPort });
    config.entry = {};
    config.plugins.push(
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './app': './src/lifecycles.tsx', ...exposes },
        shared: sharedSingletons(pkg),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        dev: false,
        // The shell provides the MF runtime: each remoteEntry halves (34 -> 17 KB gzip). The price: a remote
        // runs only inside a shell, which is how `npm run dev -- <remote>` runs it anyway.
        experiments: { externalRuntime: true },
      }),
      new RouteTablePlugin(packageDir, { preloadPages }),
      new DropUnstableStatsPlugin(),
      // built.json: the remote's version and the kit and contract it was built with (ops publish reads it).
      new BuiltWithPlugin(packageDir, pkg),
      // ...and its bundler runtime too (remoteEntry 16.5 -> ~4 KB gzip): see bundler-runtime-from-shell.mjs.
      new rspack.NormalModuleReplacementPlugin(
        /@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/,
        BUNDLER_RUNTIME_FROM_SHELL,
      ),
    );
    if (!prerender || mode !== 'production') return config;
    config.name = folder;
    const node = prerenderConfig(baseConfig(packageDir, { mode, name, port: devPort }), {
      entry: prerender,
      signedInScripts,
      after: folder,
      rspack,
    });
    return [config, node];
  };
}
