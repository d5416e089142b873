import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { jsonSource } from './route-pages.mjs';

/** The file a remote's build records what it is and what it was built with; `ops publish` reads it. */
export const BUILT_FILE = 'built.json';

/**
 * The version of a workspace package as the remote's build resolves it (its node_modules link), or undefined.
 * @param {string} packageDir @param {string} name
 */
function versionOf(packageDir, name) {
  const file = join(packageDir, 'node_modules', ...name.split('/'), 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

/**
 * Writes `built.json` into a remote's build (issue 33): its name and version (package.json), and the versions of
 * @skynet/kit (bundled into the remote, so each published version carries the kit it was built with) and
 * @skynet/contract. `npm run ops -- publish <remote>` takes the version from it and records `built: { kit, contract }`
 * in the registry. Nothing in it varies between builds of unchanged source (reproducible builds).
 */
export class BuiltWithPlugin {
  /** @param {string} packageDir @param {{ name: string, version: string }} pkg */
  constructor(packageDir, pkg) {
    this.packageDir = packageDir;
    this.pkg = pkg;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuiltWithPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuiltWithPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const kit = versionOf(this.packageDir, '@skynet/kit');
          const contract = versionOf(this.packageDir, '@skynet/contract');
          compilation.emitAsset(
            BUILT_FILE,
            jsonSource({
              remote: this.pkg.name.replace('@skynet/', ''),
              version: this.pkg.version,
              built: { ...(kit ? { kit } : {}), ...(contract ? { contract } : {}) },
            }),
          );
        },
      );
    });
  }
}
