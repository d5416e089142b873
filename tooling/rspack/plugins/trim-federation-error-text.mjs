import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { swapResource, TRIM_DIR } from './federation-runtime-files.mjs';

/**
 * Production builds without the MF runtime's English error descriptions (federation-runtime-trim/desc.mjs says what
 * the messages keep): -0.45 KB gzip in the shell's entry and in each remoteEntry, which /feed's JS budget needed for
 * the signed-in template's fill script (issue 23). Fails the build if the package stops having the file.
 */
export class TrimFederationErrorTextPlugin {
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
