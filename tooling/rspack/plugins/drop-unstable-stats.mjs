import { rspack } from '@rspack/core';

/**
 * Drops `mf-stats.json` from a remote's build. Module Federation's manifest plugin writes it beside mf-manifest.json,
 * but its `usedIn`/`requires` lists of shared modules vary from one build of unchanged source to the next (rspack
 * 2.3.2 with MF 2.9.2: mfe-map's `react/jsx-runtime` was used in `MapPreview` in about half the builds), which made
 * `npm start -- --publish` publish an unchanged remote as a new `-local` version. Nothing reads it: the shell, the
 * server and ops read mf-manifest.json (issue 24: reproducible builds, tooling/rspack/reproducible.test.mjs).
 */
export class DropUnstableStatsPlugin {
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
