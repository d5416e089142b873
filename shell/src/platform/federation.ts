import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { remoteEntryUrl } from './remoteEntryUrl';

/** `mfe-feed` -> `mfe_feed`: the container name the remote was built with. */
export const federationName = (remote: string) => remote.replace(/-/g, '_');

const registered = new Map<string, string>();

/**
 * Points the Module Federation runtime at a remote's version (named by its manifest); `force` drops what it cached
 * before. Registering the same manifest again is a no-op; another manifest always replaces the old one.
 */
export function setManifest(remote: string, manifest: string, force = false): void {
  const previous = registered.get(remote);
  if (previous === manifest && !force) return;
  registerRemotes([{ name: federationName(remote), entry: remoteEntryUrl(manifest) }], {
    force: force || previous !== undefined,
  });
  registered.set(remote, manifest);
}

/** Adds runtime plugins (the integrity checks) to the shell's federation instance. */
export function addRuntimePlugins(plugins: ModuleFederationRuntimePlugin[]): void {
  registerPlugins(plugins);
}

/** Loads a module a remote exposes ('./app', './MapPreview'), rejecting when it is missing. */
export async function loadExposedModule<T>(remote: string, module: string): Promise<T> {
  const request = `${federationName(remote)}/${module.replace(/^\.\//, '')}`;
  const loaded = await loadRemote<T>(request);
  if (loaded === null || loaded === undefined) throw new Error(`Could not load ${request}`);
  return loaded;
}
