// Remotes are built without the Module Federation bundler runtime (tooling/rspack/bundler-runtime-from-shell.mjs):
// they take it from here. Each container gets a fresh federation object around the shell's stateless functions, with
// the pieces the remote brings itself (its runtime wrapper and initContainerEntry).

interface FederationObject {
  bundlerRuntime: Record<string, unknown>;
  attachShareScopeMap?: unknown;
}

// __webpack_require__ is the bundler's module API (rspack), present in every built module.
declare const __webpack_require__: { federation?: FederationObject };

declare global {
  var __SKYNET_MF_BUNDLER_RUNTIME__:
    | ((own: { initContainerEntry: unknown; runtime: unknown }) => unknown)
    | undefined;
}

export function provideBundlerRuntime(): void {
  const shell = __webpack_require__.federation;
  if (!shell) return; // the monolithic comparison build (tooling/rspack/monolith.mjs) has no federation
  globalThis.__SKYNET_MF_BUNDLER_RUNTIME__ = ({ initContainerEntry, runtime }) => ({
    runtime,
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...shell.bundlerRuntime, S: {}, initContainerEntry },
    attachShareScopeMap: shell.attachShareScopeMap,
    bundlerRuntimeOptions: {},
  });
}
