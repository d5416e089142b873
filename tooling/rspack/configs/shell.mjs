import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { withCatalogVersions } from '../../site/catalog.mjs';
import { InlineGlobalStylesPlugin } from '../plugins/inline-global-styles.mjs';
import { PreloadBootstrapPlugin } from '../plugins/preload-bootstrap.mjs';
import { TrimFederationRuntimePlugin } from '../plugins/trim-federation-runtime.mjs';
import { baseConfig } from './base.mjs';
import { readJson } from './package.mjs';
import { sharedSingletons } from './shared-singletons.mjs';

/** The shell: the only HTML page; knows no remote URL at build time (they come from /remotes.json). */
export function shellConfig(configUrl, { port = 8081 } = {}) {
  return (_env, argv = {}) => {
    const packageDir = dirname(fileURLToPath(configUrl));
    const pkg = withCatalogVersions(readJson(join(packageDir, 'package.json')));
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const config = baseConfig(packageDir, { mode, name: 'shell', port });
    config.output.publicPath = '/';
    config.optimization.splitChunks = {
      cacheGroups: {
        react: {
          test: /[\\/]node_modules[\\/]\.pnpm[\\/](react|react-dom|scheduler)@/,
          name: 'react',
          chunks: 'async',
          enforce: true,
          priority: 20,
        },
        shared: {
          // @skynet/contract's few constants and functions ride with it: alone they made 0.2 KB chunks of their own.
          test: /[\\/]shared[\\/]src[\\/]|[\\/]contract[\\/]dist[\\/]|[\\/]node_modules[\\/]\.pnpm[\\/](react-router|react-router-dom)@/,
          name: 'skynet-shared',
          chunks: 'async',
          enforce: true,
          priority: 10,
        },
        http: {
          test: /[\\/]node_modules[\\/]\.pnpm[\\/](axios|axios-cache-interceptor|cache-parser|fast-defer|http-vary|object-code|try)@/,
          name: 'http',
          chunks: 'async',
          enforce: true,
          priority: 20,
        },
      },
    };
    config.plugins.push(
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(pkg),
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
        dev: false,
        // The shell registers each remote by its remoteEntry.js (platform/federation.ts), not its manifest: no
        // snapshot plugin (smaller runtime), and one request fewer before a remote's code. Browser-only build.
        experiments: {
          provideExternalRuntime: true,
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      new TrimFederationRuntimePlugin(),
      // main.js in <head> (deferred), ahead of every preload: it starts everything, so it must not queue behind them.
      new rspack.HtmlRspackPlugin({ template: join(packageDir, 'src', 'index.html'), inject: 'head' }),
      new InlineGlobalStylesPlugin(join(packageDir, 'src', 'styles', 'global.css')),
      ...(mode === 'production' ? [new PreloadBootstrapPlugin()] : []),
    );
    return config;
  };
}
