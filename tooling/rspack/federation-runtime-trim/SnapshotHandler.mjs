// Stands in for @module-federation/runtime-core's plugins/snapshot/SnapshotHandler.js in the shell's build (see
// TrimFederationRuntimePlugin in ../index.mjs). The shell registers every remote by its remoteEntry.js and is built
// with `disableSnapshot`, so the runtime never loads a manifest and never records a snapshot: the real handler (and the
// manifest-to-snapshot code it pulls from the SDK) is only reachable through preloadRemote(), which Skynet does not
// offer. What the rest of the runtime touches is kept: `hooks` (plugins are registered on it), `manifestCache`
// (removeRemote clears it) and getGlobalRemoteInfo (removeRemote asks it for the host's snapshot: there is none).

/** The part of the runtime's PluginSystem that plugin registration uses, with no lifecycle hooks. */
class NoHooks {
  registerPlugins = {};
  lifecycle = {};
  lifecycleKeys = [];
  applyPlugin(plugin) {
    this.registerPlugins[plugin.name] = plugin;
  }
  removePlugin(name) {
    delete this.registerPlugins[name];
  }
}

export class SnapshotHandler {
  constructor() {
    this.manifestCache = new Map();
    this.hooks = new NoHooks();
  }

  loadRemoteSnapshotInfo() {
    return Promise.reject(
      new Error(
        'Skynet shell: manifest snapshots are disabled (remotes are registered by remoteEntry.js); preloadRemote is not available.',
      ),
    );
  }
}

export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined, globalSnapshot: undefined, remoteSnapshot: undefined };
}
