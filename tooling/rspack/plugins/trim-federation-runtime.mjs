import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { swapResource, TRIM_DIR } from './federation-runtime-files.mjs';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The shell's runtime without the manifest-snapshot and preloadRemote code (issue 9: shell entry -2.4 KB gzip).
 * The shell is built with `disableSnapshot` and registers remotes by remoteEntry.js, so upstream's switch drops the
 * snapshot plugin but still constructs its SnapshotHandler, which keeps that code alive. Each stand-in in
 * federation-runtime-trim/ says what it keeps. It replaces runtime-core's internal files by path, so the build fails
 * (rather than silently keeping them) if an upgrade moves one.
 */
export class TrimFederationRuntimePlugin {
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
