// The one place that knows how Skynet front-end packages are built with rspack 2 + Module Federation 2.
// A remote's rspack.config.mjs is a few lines: `export default remoteConfig(import.meta.url, { exposes })`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import {
  ROUTES_FILE,
  ROUTES_JSON,
  RouteTableError,
  readPackageRoutes,
  registryRoutes,
} from '../routes/read-routes.mjs';
import { prerenderConfig } from './prerender.mjs';

/** `mfe-feed` -> `mfe_feed`: Module Federation container names must be valid identifiers. */
export const federationName = (folder) => folder.replace(/-/g, '_');

const ROUTER_SHIM = join(dirname(fileURLToPath(import.meta.url)), '..', 'router', 'react-router-dom.mjs');
const BUNDLER_RUNTIME_FROM_SHELL = join(
  dirname(fileURLToPath(import.meta.url)),
  'bundler-runtime-from-shell.mjs',
);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Singletons: the libraries that hold state (react, react-dom, and @skynet/shared, which carries the router). One copy at run time, whichever remote asks first
 * (the shell, under `loaded-first`). Required versions come from the package's own package.json,
 * so an incompatible remote is visible in its manifest (and refused by `npm run ops -- rollout`).
 */
export function sharedSingletons(pkg) {
  const deps = { ...pkg.dependencies };
  const sharedPkg = readJson(
    join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'package.json'),
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

/**
 * Writes `.build/chunk-report.json`: for each emitted JS file, what it holds (our own code, libraries, the MF
 * runtime). The byte benchmark (e2e/bench/bytes.mjs) labels what a browser downloaded with it.
 */
class ChunkReportPlugin {
  constructor(packageDir) {
    this.packageDir = packageDir;
  }
  apply(compiler) {
    compiler.hooks.done.tap('ChunkReportPlugin', (stats) => {
      const json = stats.toJson({ all: false, chunks: true, chunkModules: true });
      const report = {};
      for (const chunk of json.chunks ?? []) {
        const names = (chunk.modules ?? []).flatMap((m) =>
          (m.modules ?? [m]).map((inner) => inner.name ?? ''),
        );
        const own = names.filter((n) => n.includes('./src/') && !n.includes('node_modules')).length;
        const runtime = names.some((n) => n.includes('@module-federation/'));
        const kind = runtime
          ? 'mf-runtime'
          : own > 0 && !names.some((n) => n.includes('shared/src'))
            ? 'own'
            : 'libraries';
        for (const file of chunk.files ?? []) if (file.endsWith('.js')) report[file] = kind;
      }
      mkdirSync(join(this.packageDir, '.build'), { recursive: true });
      writeFileSync(
        join(this.packageDir, '.build', 'chunk-report.json'),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    });
  }
}

/**
 * Puts the product's global styles into index.html's `<style data-inline="styles/global.css">`: the first paint (a
 * prerendered page, the loading screen) is styled with no stylesheet request before it.
 */
class InlineGlobalStylesPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineGlobalStylesPlugin', (compilation) => {
      compilation.fileDependencies.add(this.file);
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(
        'InlineGlobalStylesPlugin',
        (data) => {
          const marker = '<style data-inline="styles/global.css"></style>';
          if (!data.html.includes(marker)) throw new Error(`index.html has no ${marker}`);
          data.html = data.html.replace(
            marker,
            () => `<style>${readFileSync(this.file, 'utf8').trim()}</style>`,
          );
          return data;
        },
      );
    });
  }
}

/**
 * Preloads, from index.html, the files every page's bootstrap needs: the chunks of `import('./bootstrap')` and of
 * the shared modules the shell provides (react, react-dom, @skynet/shared...). Without it they are requested in two
 * waves once main.js has run and Module Federation has resolved the share scope: two round trips on the critical
 * path of every cold load (issue 9: `/feed` LCP 3.2 s -> 2.7 s under Lighthouse's simulated mobile). The preloads
 * are low priority so main.js, which starts everything, is not slowed down by them. On a standalone prerendered page
 * the server parks them with the scripts (api/src/site/prerendered-page.ts).
 */
class PreloadBootstrapPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadBootstrapPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(
        'PreloadBootstrapPlugin',
        (data) => {
          const { chunks = [] } = compilation
            .getStats()
            .toJson({ all: false, chunks: true, chunkOrigins: true });
          const needed = chunks.filter((chunk) =>
            (chunk.origins ?? []).some(
              (origin) =>
                origin.request === './bootstrap' ||
                (origin.moduleName ?? '').startsWith('provide shared module '),
            ),
          );
          // Largest first: on HTTP/1.1's six connections the longest download (react-dom) starts in the first wave.
          const size = (file) => compilation.getAsset(file)?.source.size() ?? 0;
          const files = [...new Set(needed.flatMap((chunk) => chunk.files ?? []))].sort(
            (a, b) => size(b) - size(a),
          );
          if (!files.some((file) => file.endsWith('.js')))
            throw new Error(
              'PreloadBootstrapPlugin: no bootstrap chunk (does src/index.ts import ./bootstrap?)',
            );
          const { publicPath } = compilation.outputOptions;
          if (typeof publicPath !== 'string' || publicPath === 'auto')
            throw new Error('PreloadBootstrapPlugin: needs a fixed publicPath');
          const tags = files
            .filter((file) => /\.(js|css)$/.test(file))
            .map(
              (file) =>
                `<link rel="preload" href="${publicPath}${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" fetchpriority="low">`,
            )
            .join('');
          data.html = data.html.replace('</head>', () => `${tags}</head>`);
          return data;
        },
      );
    });
  }
}

/** A module's absolute path without its extension (`/x/src/pages/Feed.tsx` -> `/x/src/pages/Feed`). */
const withoutExtension = (file) => file.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * Routes as RoutePagesPlugin takes them, from a route table read by tooling/routes (each route with its `pageFile`):
 * path, the page's absolute path, and the modules whose chunks to list (the page, after `alsoModules`).
 * @param {{ path: string, pageFile: string }[]} routes @param {string[]} [alsoModules]
 */
export function routePages(routes, alsoModules = []) {
  return routes.map((route) => ({
    path: route.path,
    page: route.pageFile,
    modules: [...alsoModules, route.pageFile],
  }));
}

/**
 * For each route, the files of the chunks its modules are loaded in (by `import()`), as route-pages.json holds
 * them; a route whose page no `import()` loads is a compilation error (a typo would otherwise preload nothing,
 * silently). Only the routes `listed` says are written.
 */
function routePageFiles(compiler, compilation, routes, listed = () => true) {
  const { chunks = [] } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
  const context = compiler.options.context ?? process.cwd();
  /** The absolute module an `import()` origin loads, without its extension. */
  const loaded = (origin) => {
    const request = origin.request ?? '';
    if (isAbsolute(request)) return withoutExtension(request);
    if (!request.startsWith('.')) return null;
    return withoutExtension(resolve(context, dirname(origin.moduleName ?? ''), request));
  };
  const filesOf = (module) =>
    chunks
      .filter((chunk) => (chunk.origins ?? []).some((origin) => loaded(origin) === withoutExtension(module)))
      .flatMap((chunk) => chunk.files ?? [])
      .filter((file) => /\.(js|css)$/.test(file));
  const pages = {};
  for (const route of routes) {
    if (filesOf(route.page).length === 0) {
      compilation.errors.push(
        new rspack.WebpackError(
          `RoutePagesPlugin: route ${route.path} names page ${route.page}, which no import() loads.`,
        ),
      );
      continue;
    }
    if (listed(route)) pages[route.path] = [...new Set(route.modules.flatMap(filesOf))];
  }
  return pages;
}

const jsonSource = (value) => new rspack.sources.RawSource(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Writes `route-pages.json`: for each route, the files of the chunks its page (and `modules`) are loaded in. The
 * server preloads them with a page navigation to the route (api/src/site/head-start.ts), so a cold load does not
 * wait for the remote's code to run before asking for them. The monolithic build (monolith.mjs) uses it as is; a
 * remote's build writes its file through RouteTablePlugin.
 */
class RoutePagesPlugin {
  constructor(routes) {
    this.routes = routes;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RoutePagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RoutePagesPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.emitAsset(
            'route-pages.json',
            jsonSource(routePageFiles(compiler, compilation, this.routes)),
          );
        },
      );
    });
  }
}

/**
 * A remote's route table (src/routes.ts), read without running it (tooling/routes/read-routes.mjs) at every
 * compilation, so an edit reaches the dev server too. Writes `routes.json` (path, access, early: what publishing
 * copies into /remotes.json) and `route-pages.json` (RoutePagesPlugin's list; only with `preloadPages`, else `{}`:
 * which remotes' pages the server preloads is a performance choice, measured per remote). Every route's page must
 * be loaded by an `import()` either way. A table that cannot be read statically fails the build, naming the file,
 * line and route.
 */
class RouteTablePlugin {
  constructor(packageDir, { preloadPages = false } = {}) {
    this.packageDir = packageDir;
    this.preloadPages = preloadPages;
  }
  apply(compiler) {
    const file = join(this.packageDir, ROUTES_FILE);
    const label = relative(join(this.packageDir, '..'), file);
    compiler.hooks.thisCompilation.tap('RouteTablePlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      let routes;
      try {
        routes = readPackageRoutes(this.packageDir, { label });
      } catch (error) {
        if (!(error instanceof RouteTableError)) throw error;
        compilation.errors.push(new rspack.WebpackError(`RouteTablePlugin: ${error.message}`));
        return;
      }
      compilation.hooks.processAssets.tap(
        { name: 'RouteTablePlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.emitAsset(ROUTES_JSON, jsonSource(registryRoutes(routes)));
          const pages = routePageFiles(compiler, compilation, routePages(routes), () => this.preloadPages);
          compilation.emitAsset('route-pages.json', jsonSource(pages));
        },
      );
    });
  }
}

const brotli = promisify(brotliCompress);

/**
 * Emits `<file>.br` beside each script and stylesheet of 1 KB or more, at Brotli's best quality: the server sends it
 * as is (@fastify/static `preCompressed`, api/src/site/plugin.ts), where compressing on the fly uses a quality fast
 * enough for every request. react-dom's chunk: 68.5 KB at quality 4, 58.4 KB at 11 (issue 9: bytes on a slow
 * network). Compressed on the thread pool, in parallel, once per build.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const files = compilation
            .getAssets()
            .filter(({ name, source }) => /\.(js|css)$/.test(name) && source.size() >= 1024);
          await Promise.all(
            files.map(async ({ name, source }) => {
              const compressed = await brotli(source.buffer(), {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.size(),
                },
              });
              compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(compressed));
            }),
          );
        },
      );
    });
  }
}

/**
 * Drops `mf-stats.json` from a remote's build. Module Federation's manifest plugin writes it beside mf-manifest.json,
 * but its `usedIn`/`requires` lists of shared modules vary from one build of unchanged source to the next (rspack
 * 2.3.2 with MF 2.9.2: mfe-map's `react/jsx-runtime` was used in `MapPreview` in about half the builds), which made
 * `npm start -- --publish` publish an unchanged remote as a new `-local` version. Nothing reads it: the shell, the
 * server and ops read mf-manifest.json (issue 24: reproducible builds, tooling/rspack/reproducible.test.mjs).
 */
class DropUnstableStatsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DropUnstableStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'DropUnstableStatsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          if (compilation.getAsset('mf-stats.json')) compilation.deleteAsset('mf-stats.json');
        },
      );
    });
  }
}

/** Files of the Module Federation runtime's packages as their CommonJS builds. */
const MF_RUNTIME_CJS =
  /[\\/]@module-federation[\\/](runtime|runtime-core|runtime-tools|sdk|error-codes|webpack-bundler-runtime|inject-external-runtime-core-plugin)[\\/]dist[\\/].*\.cjs$/;

/** Points a resolved module at another file, keeping its identity (request) in step so it is bundled once. */
function swapResource(data, from, to) {
  const created = data.createData;
  if (!created?.resource) return false;
  for (const key of ['resource', 'request', 'userRequest']) {
    if (typeof created[key] === 'string') created[key] = created[key].replace(from, to);
  }
  return true;
}

/**
 * Bundles the Module Federation runtime from its ES module files. rspack's MF plugin finds the runtime with
 * require.resolve, i.e. the packages' CommonJS builds, which cannot be tree-shaken: the shell's entry carried the code
 * of features it turns off (`disableSnapshot`, `target: 'web'`) and every remoteEntry the unused half of the error
 * tables (issue 9: shell entry 33.4 -> 26.5 KB gzip, each remoteEntry -0.6 KB). Each package ships the same modules
 * as `.js` (ESM) beside `.cjs`: the rule in baseConfig parses them as ESM, and this swaps the file after resolution.
 */
class FederationRuntimeAsEsmPlugin {
  apply(compiler) {
    new rspack.NormalModuleReplacementPlugin(MF_RUNTIME_CJS, (data) => {
      swapResource(data, /\.cjs$/, '.js');
    }).apply(compiler);
  }
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TRIM_DIR = join(dirname(fileURLToPath(import.meta.url)), 'federation-runtime-trim');

/**
 * The shell's runtime without the manifest-snapshot and preloadRemote code (issue 9: shell entry -2.4 KB gzip).
 * The shell is built with `disableSnapshot` and registers remotes by remoteEntry.js, so upstream's switch drops the
 * snapshot plugin but still constructs its SnapshotHandler, which keeps that code alive. Each stand-in in
 * federation-runtime-trim/ says what it keeps. It replaces runtime-core's internal files by path, so the build fails
 * (rather than silently keeping them) if an upgrade moves one.
 */
class TrimFederationRuntimePlugin {
  static files = {
    'plugins/snapshot/SnapshotHandler.js': join(TRIM_DIR, 'SnapshotHandler.mjs'),
    'utils/preload.js': join(TRIM_DIR, 'preload.mjs'),
  };
  apply(compiler) {
    const replaced = new Set();
    for (const [file, standIn] of Object.entries(TrimFederationRuntimePlugin.files)) {
      const path = new RegExp(
        `^.*[\\\\/]@module-federation[\\\\/]runtime-core[\\\\/]dist[\\\\/]${file.split('/').map(escapeRegExp).join('[\\\\/]')}$`,
      );
      new rspack.NormalModuleReplacementPlugin(path, (data) => {
        if (swapResource(data, path, standIn)) replaced.add(file);
      }).apply(compiler);
    }
    compiler.hooks.thisCompilation.tap('TrimFederationRuntimePlugin', (compilation) => {
      compilation.hooks.finishModules.tap('TrimFederationRuntimePlugin', () => {
        const missing = Object.keys(TrimFederationRuntimePlugin.files).filter((f) => !replaced.has(f));
        if (missing.length > 0)
          compilation.errors.push(
            new rspack.WebpackError(
              `TrimFederationRuntimePlugin: runtime-core has no ${missing.join(', ')} any more; review federation-runtime-trim/ for this version.`,
            ),
          );
      });
    });
  }
}

/**
 * Production builds without the MF runtime's English error descriptions (federation-runtime-trim/desc.mjs says what
 * the messages keep): -0.45 KB gzip in the shell's entry and in each remoteEntry, which /feed's JS budget needed for
 * the signed-in template's fill script (issue 23). Fails the build if the package stops having the file.
 */
class TrimFederationErrorTextPlugin {
  static path = /^.*[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.mjs$/;
  apply(compiler) {
    let replaced = false;
    new rspack.NormalModuleReplacementPlugin(TrimFederationErrorTextPlugin.path, (data) => {
      if (swapResource(data, TrimFederationErrorTextPlugin.path, join(TRIM_DIR, 'desc.mjs'))) replaced = true;
    }).apply(compiler);
    compiler.hooks.thisCompilation.tap('TrimFederationErrorTextPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('TrimFederationErrorTextPlugin', () => {
        if (!replaced)
          compilation.errors.push(
            new rspack.WebpackError(
              'TrimFederationErrorTextPlugin: @module-federation/error-codes has no dist/desc.mjs any more; review federation-runtime-trim/desc.mjs.',
            ),
          );
      });
    });
  }
}

function baseConfig(packageDir, { mode, name, port }) {
  const production = mode === 'production';
  return {
    mode,
    context: packageDir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    target: ['web', 'es2022'],
    output: {
      // BUILD_OUTPUT_DIR builds elsewhere than dist/ (the reproducibility test builds twice and compares).
      path: process.env.BUILD_OUTPUT_DIR ? resolve(process.env.BUILD_OUTPUT_DIR) : join(packageDir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: { 'react-router-dom$': ROUTER_SHIM },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              // The production JSX runtime in every mode: a remote renders with the page's React, the shell's
              // production build (a singleton), whose dispatcher has no getOwner for jsxDEV (issue 24: a remote's own
              // dev server failed against a served site with "dispatcher.getOwner is not a function").
              transform: { react: { runtime: 'automatic', development: false, refresh: false } },
            },
            env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4, edge >= 111' },
          },
          type: 'javascript/auto',
        },
        // The MF runtime's CommonJS files are bundled from their ES module twins (FederationRuntimeAsEsmPlugin).
        { test: MF_RUNTIME_CJS, type: 'javascript/esm' },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/, type: 'asset/resource' },
      ],
      parser: { 'css/auto': { namedExports: false } },
      // Class names carry the package's name: one remote's CSS can never match another's markup.
      generator: {
        'css/auto': {
          localIdentName: production ? `${name}-[hash:8]` : `${name}-[name]-[local]`,
          exportsConvention: 'as-is',
        },
      },
    },
    optimization: { minimize: production },
    performance: { hints: false },
    devServer: {
      port,
      // A developer override loads this dev server's manifest, entry and chunks into a page of another origin
      // (a deployed site, or the local product): readable cross-origin (fetch of the manifest; CORP for pages that
      // isolate), and reachable from a public https site to localhost (Chrome's Private Network Access preflight).
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Private-Network': 'true',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      },
      allowedHosts: 'all',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new ChunkReportPlugin(packageDir),
      new FederationRuntimeAsEsmPlugin(),
      ...(production ? [new TrimFederationErrorTextPlugin(), new PrecompressPlugin()] : []),
    ],
    stats: 'errors-warnings',
  };
}

/**
 * A remote: exposes `./app` (single-spa lifecycles) and whatever else it shares on purpose; its routes come from
 * src/routes.ts (RouteTablePlugin). `prerender` names a build-time module whose `pages` render data-free pages to
 * markup for the server (prerender.mjs); production builds only. `preloadPages`: list each route's page files in
 * route-pages.json, so the server's head start preloads them.
 */
export function remoteConfig(configUrl, { exposes, port = 0, prerender, preloadPages = false }) {
  return (_env, argv = {}) => {
    const packageDir = dirname(fileURLToPath(configUrl));
    const pkg = readJson(join(packageDir, 'package.json'));
    const folder = pkg.name.replace('@skynet/', '');
    const name = federationName(folder);
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const config = baseConfig(packageDir, { mode, name, port });
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
      // ...and its bundler runtime too (remoteEntry 16.5 -> ~4 KB gzip): see bundler-runtime-from-shell.mjs.
      new rspack.NormalModuleReplacementPlugin(
        /@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/,
        BUNDLER_RUNTIME_FROM_SHELL,
      ),
    );
    if (!prerender || mode !== 'production') return config;
    config.name = folder;
    const node = prerenderConfig(baseConfig(packageDir, { mode, name, port }), {
      entry: prerender,
      after: folder,
      rspack,
    });
    return [config, node];
  };
}

/** The shell: the only HTML page; knows no remote URL at build time (they come from /remotes.json). */
export { RoutePagesPlugin, RouteTablePlugin };

export function shellConfig(configUrl, { port = 8081 } = {}) {
  return (_env, argv = {}) => {
    const packageDir = dirname(fileURLToPath(configUrl));
    const pkg = readJson(join(packageDir, 'package.json'));
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
