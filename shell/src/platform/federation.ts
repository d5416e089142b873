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
 * Each exposed module of each version, loaded and evaluated once per page (by manifest and request): the first
 * caller (the warm-up, often) and the area's real load share one outcome. A module that threw while evaluating
 * is never evaluated again (the bundler keeps it half-run, so a second evaluation would answer its partial
 * exports as if it had worked): the real load gets the same, real error (issue 33).
 */
const modules = new Map<string, Promise<unknown>>();

const forget = (manifest: string | undefined) => {
  for (const key of modules.keys()) if (key.startsWith(`${manifest}\u0000`)) modules.delete(key);
};

/** An error a remote's module threw while it evaluated (its files had loaded): `cause` is what it threw. */
export class EvaluationError extends Error {
  constructor(request: string, cause: unknown) {
    super(`${request} threw while evaluating: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'EvaluationError';
  }
}

/**
 * Points the Module Federation runtime at a remote's version (named by its manifest); `force` drops what it cached
 * before. Registering the same manifest again is a no-op; another manifest always replaces the old one.
 */
export function setManifest(remote: string, manifest: string, force = false): void {
  const previous = registered.get(remote);
  if (previous === manifest && !force) return;
  forget(previous);
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
  forget(registered.get(remote));
  forget(failedManifest);
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

/**
 * Loads a module a remote exposes ('./app', './MapPreview'), rejecting when it is missing, and with an
 * EvaluationError when its code threw while it evaluated. Once per version and module (see `modules`).
 */
export async function loadExposedModule<T>(remote: string, module: string): Promise<T> {
  const request = `${federationName(remote)}/${module.replace(/^\.\//, '')}`;
  const key = `${registered.get(remote)}\u0000${request}`;
  let loading = modules.get(key);
  if (!loading) {
    // The files first (entry, chunks), then the evaluation, apart: each failure is named for what broke.
    loading = loadRemote<() => unknown>(request, { loadFactory: false, from: 'runtime' }).then(
      async (factory) => {
        if (typeof factory !== 'function') return factory;
        try {
          return await factory();
        } catch (error) {
          throw new EvaluationError(request, error);
        }
      },
    );
    modules.set(key, loading);
  }
  const loaded = await loading;
  if (loaded === null || loaded === undefined) throw new Error(`Could not load ${request}`);
  return loaded as T;
}
