import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** `mfe-feed` -> `mfe_feed`: the container name the remote was built with. */
export const federationName = (remote: string) => remote.replace(/-/g, '_');

/** Points the Module Federation runtime at a remote's manifest; `force` drops what it cached before. */
export function setManifest(remote: string, manifest: string, force = false): void {
  registerRemotes([{ name: federationName(remote), entry: manifest }], { force });
}

/** Loads a module a remote exposes ('./app', './MapPreview'), rejecting when it is missing. */
export async function loadExposedModule<T>(remote: string, module: string): Promise<T> {
  const request = `${federationName(remote)}/${module.replace(/^\.\//, '')}`;
  const loaded = await loadRemote<T>(request);
  if (loaded === null || loaded === undefined) throw new Error(`Could not load ${request}`);
  return loaded;
}
