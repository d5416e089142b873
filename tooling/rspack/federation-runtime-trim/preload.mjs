// Stands in for @module-federation/runtime-core's utils/preload.js in the shell's build (see
// TrimFederationRuntimePlugin in ../index.mjs): its only callers are preloadRemote() and the snapshot plugin's asset preloading, neither of which
// exists in a shell built with `disableSnapshot`. The shell preloads a remote's files itself (platform/startup.ts).
const unavailable = () => {
  throw new Error(
    'Skynet shell: Module Federation asset preloading is disabled (platform/startup.ts preloads remotes).',
  );
};

export const defaultPreloadArgs = unavailable;
export const formatPreloadArgs = unavailable;
export const normalizePreloadExposes = unavailable;
export const preloadAssets = unavailable;
