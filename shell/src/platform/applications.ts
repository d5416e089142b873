import {
  type VersionChoice as Choice,
  chooseVersion,
  type Registry,
  type RemoteEntry,
  remoteActive,
} from '@skynet/contract';
import { type AreaProps, type Lifecycles, session } from '@skynet/shared';
import { getAppStatus, registerApplication, triggerAppChange, unloadApplication } from 'single-spa';
import { applyRememberedFailure } from '../registry/canaryFallback';
import { areaElement, areaShown } from './areas';
import { setManifest } from './federation';
import {
  type CanaryChoice,
  fallbackLifecycles,
  guard,
  markLoaded,
  overrideFailureText,
  report,
  reportLoadFailure,
  tryLoad,
} from './lifecycles';

export { type LoadedRemote, loadedVersions, overrideFailureText } from './lifecycles';

/** The lifecycles of a route's area: while it is mounted, it is the current area (areas.ts). */
function named(remote: string, inner: Lifecycles): Lifecycles {
  return {
    bootstrap: (props) => inner.bootstrap(props),
    async mount(props) {
      areaShown(remote, true);
      await inner.mount(props);
    },
    async unmount(props) {
      areaShown(remote, false);
      await inner.unmount(props);
    },
  };
}

/** Loads the remote's lifecycles; never rejects, so single-spa never marks the app broken. */
async function loadApplication(remote: string, choice: Choice | null, attempt: number, retry: () => void) {
  if (!choice) return fallbackLifecycles(retry);
  // A canary's guard is code only canary visitors need (canary.ts): fetched alongside the canary's own.
  const canaryCode = choice.fallback ? import(/* webpackChunkName: "canary" */ './canary') : null;
  try {
    const lifecycles = await tryLoad(remote, choice, attempt > 0);
    markLoaded(remote, choice.version);
    report('load', remote, choice.version);
    if (canaryCode) return (await canaryCode).canaryGuard(remote, choice as CanaryChoice, lifecycles, retry);
    const overridden = choice.version === 'override';
    return guard(
      remote,
      choice.version,
      lifecycles,
      retry,
      overridden ? overrideFailureText(remote, choice.manifest, 'mount') : undefined,
    );
  } catch (error) {
    // Entry, chunk or module evaluation: counted against the version that failed, named for what broke.
    console.warn(`[shell] ${remote}@${choice.version} failed to load`, error);
    reportLoadFailure(remote, choice.version, error);
    // A failing canary falls back to stable for this person, silently when stable works.
    if (canaryCode) return (await canaryCode).stableAfterCanary(remote, choice as CanaryChoice, retry);
    if (choice.version === 'override') {
      return fallbackLifecycles(retry, overrideFailureText(remote, choice.manifest, 'load'));
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
  return applyRememberedFailure(remote, chooseVersion(remote, entry, options.visitor));
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
      // Again at each load: a canary that failed on this page since (remembered) is not tried again on Retry.
      app: () =>
        loadApplication(remote, applyRememberedFailure(remote, choice), attempt, retry).then((lifecycles) =>
          named(remote, lifecycles),
        ) as Promise<never>,
      // An administrators' route ('admin' access) is active only for a signed-in administrator: nobody else
      // loads the area's files.
      activeWhen: (location) => {
        const { status, user } = session.get();
        return remoteActive(entry.routes, location.pathname, status, user?.admin === true);
      },
      customProps: () => ({ name: remote, domElement: areaElement(remote) }),
    });
  }
}
