import {
  type VersionChoice as Choice,
  chooseVersion,
  type Registry,
  type RemoteEntry,
  remoteActive,
} from '@skynet/contract';
import { AreaFallback, type AreaProps, type Lifecycles, session } from '@skynet/shared';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { getAppStatus, registerApplication, triggerAppChange, unloadApplication } from 'single-spa';
import { areaElement } from './areas';
import { loadExposedModule, setManifest } from './federation';
import { reportEvent } from './reporting';

export interface LoadedRemote {
  remote: string;
  version: string;
}

/** Which version of each remote this page load used: tests and ops read it. */
export const loadedVersions = new Map<string, string>();

/** Batched, once per page load per event (see reporting.ts); a developer override is nobody's version. */
function report(type: 'load' | 'load-failure' | 'mount-failure', remote: string, version: string): void {
  if (version !== 'override') reportEvent(type, remote, version);
}

/** Records which version an area runs: in loadedVersions and on the area element (data-version). */
function markLoaded(remote: string, version: string): void {
  loadedVersions.set(remote, version);
  areaElement(remote).dataset.version = version;
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
function guard(
  remote: string,
  version: string,
  inner: Lifecycles,
  retry: () => void,
  /** For a canary: loads the stable version's lifecycles, used when the canary's mount throws. */
  loadStable?: () => Promise<{ version: string; lifecycles: Lifecycles }>,
): Lifecycles {
  const fallback = fallbackLifecycles(retry);
  let failed = false;
  let stable: Lifecycles | null = null;
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
      if (stable) {
        await stable.mount(props);
        return;
      }
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
          props.domElement.replaceChildren();
          if (loadStable) {
            // A failing canary: this person gets the stable version at once, without an error if it works.
            try {
              const loaded = await loadStable();
              await loaded.lifecycles.bootstrap?.(props);
              await loaded.lifecycles.mount(props);
              stable = loaded.lifecycles;
              markLoaded(remote, loaded.version);
              return;
            } catch (stableError) {
              console.warn(`[shell] ${remote} stable fallback failed to mount`, stableError);
              props.domElement.replaceChildren();
            }
          }
        }
      }
      await fallback.mount(props);
    },
    async unmount(props) {
      if (stable) {
        try {
          await stable.unmount(props);
        } catch {
          props.domElement.replaceChildren();
        }
      } else if (failed) await fallback.unmount(props);
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
    markLoaded(remote, choice.version);
    report('load', remote, choice.version);
    const { fallback: stableChoice } = choice;
    const loadStable = stableChoice
      ? async () => {
          const stable = await tryLoad(remote, stableChoice, true);
          report('load', remote, stableChoice.version);
          return { version: stableChoice.version, lifecycles: stable };
        }
      : undefined;
    return guard(remote, choice.version, lifecycles, retry, loadStable);
  } catch (error) {
    console.warn(`[shell] ${remote}@${choice.version} failed to load`, error);
    report('load-failure', remote, choice.version);
    if (choice.fallback) {
      // A failing canary falls back to stable for this person, silently when stable works.
      try {
        const lifecycles = await tryLoad(remote, choice.fallback, true);
        markLoaded(remote, choice.fallback.version);
        report('load', remote, choice.fallback.version);
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
    // Registered up front, so a piece another remote shows (RemoteComponent) comes from the same version.
    if (choice) setManifest(remote, choice.manifest);
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
