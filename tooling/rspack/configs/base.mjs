// What every front-end build shares (the shell's and each remote's): output, loaders, CSS naming, dev server, and the
// plugins every build runs.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ChunkReportPlugin } from '../plugins/chunk-report.mjs';
import { FederationRuntimeAsEsmPlugin } from '../plugins/federation-runtime-as-esm.mjs';
import { MF_RUNTIME_CJS } from '../plugins/federation-runtime-files.mjs';
import { PrecompressPlugin } from '../plugins/precompress.mjs';
import { TrimFederationErrorTextPlugin } from '../plugins/trim-federation-error-text.mjs';

const ROUTER_SHIM = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'router',
  'react-router-dom.mjs',
);

export function baseConfig(packageDir, { mode, name, port }) {
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
