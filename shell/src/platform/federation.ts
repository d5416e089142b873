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

/**
 * Forgets everything a failed version of a remote left in this page, then points the runtime at `manifest` (its
 * stable version) so that version loads as if it were the first: nothing of the failed one is reused.
 * - The runtime's record of the remote (registerRemotes with `force`: its module cache, its container's global, the
 *   pending entry load, the remote's own federation instance and the share-scope entries it provided).
 * - The container's global (`mfe_static`), in case the runtime kept it: the runtime reuses a container it finds there
 *   instead of loading the new entry.
 * - The remote's chunk registry (`globalThis.rspackChunk<uniqueName>`, uniqueName being the container name, see
 *   tooling/rspack): a newly loaded entry takes every chunk already pushed there as its own, so without this the
 *   stable entry would run the canary's cached `./app` chunk again (same chunk ids when the builds are alike).
 * - The failed version's script and stylesheet elements: rspack's loaders reuse an element by its `data-rspack`
 *   key (`<container>:chunk-<id>`), which two versions share.
 */
export function replaceFailedVersion(remote: string, failedManifest: string, manifest: string): void {
  const name = federationName(remote);
  registerRemotes([{ name, entry: remoteEntryUrl(manifest) }], { force: true });
  registered.set(remote, manifest);
  const scope = globalThis as Record<string, unknown>;
  for (const key of [name, `rspackChunk${name}`, `webpackChunk${name}`]) {
    try {
      delete scope[key];
    } catch {
      scope[key] = undefined;
    }
  }
  if (typeof document === 'undefined') return;
  const failedBase = new URL('./', new URL(failedManifest, window.location.href)).href;
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    'script[src], link[href]',
  )) {
    const url = element instanceof HTMLScriptElement ? element.src : element.href;
    if (url.startsWith(failedBase)) element.remove();
  }
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
