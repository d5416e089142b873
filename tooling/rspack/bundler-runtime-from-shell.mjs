// Replaces @module-federation/webpack-bundler-runtime inside every remote's build (see remoteConfig). The shell
// already carries that runtime (and the runtime core it wraps, which remotes take through experiments.externalRuntime);
// bundling it again cost each remoteEntry ~12 KB gzip. The shell publishes a factory on globalThis (its
// platform/bundlerRuntime.ts); each container gets its own federation object from it, so no container state is shared.
// Two pieces stay in the remote: initContainerEntry (the shell exposes nothing, so its build drops it), and the thin
// @module-federation/runtime wrapper, whose init() finds the container's instance by the build identifier compiled
// into it (the shell's copy would hand every remote the shell's instance).
import * as runtime from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

const create = globalThis.__SKYNET_MF_BUNDLER_RUNTIME__;
if (typeof create !== 'function') {
  throw new Error(
    'A Skynet remote runs inside the Skynet shell: it takes the Module Federation runtime from it.',
  );
}
const federation = create({ initContainerEntry, runtime });

export default federation;
export { runtime };
export const bundlerRuntime = federation.bundlerRuntime;
export const attachShareScopeMap = federation.attachShareScopeMap;
export const bundlerRuntimeOptions = federation.bundlerRuntimeOptions;
export const instance = undefined;
export const initOptions = undefined;
