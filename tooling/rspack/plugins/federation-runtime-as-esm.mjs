import { rspack } from '@rspack/core';
import { MF_RUNTIME_CJS, swapResource } from './federation-runtime-files.mjs';

/**
 * Bundles the Module Federation runtime from its ES module files. rspack's MF plugin finds the runtime with
 * require.resolve, i.e. the packages' CommonJS builds, which cannot be tree-shaken: the shell's entry carried the code
 * of features it turns off (`disableSnapshot`, `target: 'web'`) and every remoteEntry the unused half of the error
 * tables (issue 9: shell entry 33.4 -> 26.5 KB gzip, each remoteEntry -0.6 KB). Each package ships the same modules
 * as `.js` (ESM) beside `.cjs`: the rule in baseConfig parses them as ESM, and this swaps the file after resolution.
 */
export class FederationRuntimeAsEsmPlugin {
  apply(compiler) {
    new rspack.NormalModuleReplacementPlugin(MF_RUNTIME_CJS, (data) => {
      swapResource(data, /\.cjs$/, '.js');
    }).apply(compiler);
  }
}
