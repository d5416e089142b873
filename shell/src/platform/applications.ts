import { AreaFallback, type AreaProps, type Lifecycles, platformApi, session } from '@skynet/shared';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { getAppStatus, registerApplication, triggerAppChange, unloadApplication } from 'single-spa';
import { type Choice, chooseVersion } from '../registry/select';
import type { Registry, RemoteEntry } from '../registry/types';
import { areaElement } from './areas';
import { loadExposedModule, setManifest } from './federation';
import { remoteActive } from './routes';

export interface LoadedRemote {
  remote: string;
  version: string;
}

/** Which version of each remote this page load used: tests and ops read it. */
export const loadedVersions = new Map<string, string>();

function report(type: 'load' | 'load-failure' | 'mount-failure', remote: string, version: string): void {
  platformApi.report([{ type, remote, version }]).catch(() => {
    // Reporting is best-effort: the page must never suffer for it.
  });
}

function isLifecycles(value: unknown): value is Lifecycles {
  const candidate = value as Partial<Lifecycles> | null;
  return typeof candidate?.mount === 'function' && typeof candidate?.unmount === 'function';
}

/** Lifecycles that show the area's fallback with Retry; used when a remote cannot load or mount. */
function fallbackLifecycles(retry: () => void): Lifecycles {
  const roots = new Map<HTMLElement, ReturnType<typeof createRoot>>();
  return {
    async bootstrap() {},
    async mount({ domElement }) {
      const root = createRoot(domElement);
      roots.set(domElement, root);
      root.render(createElement(AreaFallback, { onRetry: retry }));
    },
    async unmount({ domElement }) {
      roots.get(domElement)?.unmount();
      roots.delete(domElement);
      domElement.replaceChildren();
    },
  };
}

/**
 * Wraps a remote's lifecycles so single-spa never sees a throw: a failing mount shows the fallback in the
 * area instead of leaving the app SKIP_BECAUSE_BROKEN, and unmount always empties the area.
 */
function guard(remote: string, version: string, inner: Lifecycles, retry: () => void): Lifecycles {
  const fallback = fallbackLifecycles(retry);
  let failed = false;
  return {
    async bootstrap(props) {
      try {
        await inner.bootstrap?.(props);
      } catch (error) {
        console.warn(`[shell] ${remote}@${version} failed to bootstrap`, error);
        failed = true;
      }
    },
    async mount(props) {
      if (!failed) {
        try {
          await inner.mount(props);
          return;
        } catch (error) {
          console.warn(`[shell] ${remote}@${version} failed to mount`, error);
          report('mount-failure', remote, version);
          failed = true;
          try {
            await inner.unmount(props);
          } catch {
            props.domElement.replaceChildren();
          }
        }
      }
      await fallback.mount(props);
    },
    async unmount(props) {
      if (failed) await fallback.unmount(props);
      else {
        try {
          await inner.unmount(props);
        } catch (error) {
          console.warn(`[shell] ${remote}@${version} failed to unmount`, error);
          props.domElement.replaceChildren();
        }
      }
    },
  };
}

async function tryLoad(remote: string, choice: { version: string; manifest: string }, force: boolean) {
  setManifest(remote, choice.manifest, force);
  const module = await loadExposedModule<unknown>(remote, './app');
  const lifecycles = (module as { default?: unknown }).default ?? module;
  if (!isLifecycles(lifecycles)) throw new Error(`${remote}@${choice.version} ./app exposes no lifecycles`);
  return lifecycles;
}

/** Loads the remote's lifecycles; never rejects, so single-spa never marks the app broken. */
async function loadApplication(remote: string, choice: Choice | null, attempt: number, retry: () => void) {
  if (!choice) return fallbackLifecycles(retry);
  try {
    const lifecycles = await tryLoad(remote, choice, attempt > 0);
    loadedVersions.set(remote, choice.version);
    report('load', remote, choice.version);
    return guard(remote, choice.version, lifecycles, retry);
  } catch (error) {
    console.warn(`[shell] ${remote}@${choice.version} failed to load`, error);
    report('load-failure', remote, choice.version);
    if (choice.fallback) {
      // A failing canary falls back to stable for this person, silently when stable works.
      try {
        const lifecycles = await tryLoad(remote, choice.fallback, true);
        loadedVersions.set(remote, choice.fallback.version);
        return guard(remote, choice.fallback.version, lifecycles, retry);
      } catch (stableError) {
        console.warn(`[shell] ${remote}@${choice.fallback.version} failed to load`, stableError);
        report('load-failure', remote, choice.fallback.version);
      }
    }
    return fallbackLifecycles(retry);
  }
}

export interface RegisterOptions {
  visitor: string;
  /** Developer overrides: remote name -> manifest URL (issue 8). */
  overrides?: Record<string, string>;
}

export function chooseFor(remote: string, entry: RemoteEntry, options: RegisterOptions): Choice | null {
  const override = options.overrides?.[remote];
  if (override) return { version: 'override', manifest: override };
  return chooseVersion(remote, entry, options.visitor);
}

/** Registers every remote of the registry with single-spa, active on the routes it owns. */
export function registerRemotes(registry: Registry, options: RegisterOptions): void {
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    const choice = chooseFor(remote, entry, options);
    let attempt = 0;
    const retry = async () => {
      attempt += 1;
      // Unloading puts the app back to NOT_LOADED, so the next activation loads it afresh.
      if (getAppStatus(remote) !== 'NOT_LOADED') await unloadApplication(remote, { waitForUnmount: false });
      await triggerAppChange();
    };
    registerApplication<AreaProps>({
      name: remote,
      app: () => loadApplication(remote, choice, attempt, retry) as Promise<never>,
      activeWhen: (location) => remoteActive(entry.routes, location.pathname, session.get().status),
      customProps: () => ({ name: remote, domElement: areaElement(remote) }),
    });
  }
}
