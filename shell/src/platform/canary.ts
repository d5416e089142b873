// A canary's lifecycles (issue 8, issue 33): whatever breaks in the canary for this person puts its stable version
// in the area at once, with no blank and no error shown. A chunk of its own (applications.ts loads it with a canary's
// code): a visitor on stable versions only never downloads it.
import type { AreaProps, Lifecycles } from '@skynet/shared';
import { rememberFailedCanary } from '../registry/canaryFallback';
import { replaceFailedVersion } from './federation';
import {
  type CanaryChoice,
  fallbackLifecycles,
  guard,
  markLoaded,
  quietUnmount,
  report,
  reportLoadFailure,
  tryLoad,
} from './lifecycles';
import { holdPicture, unmountBehind, watchArea } from './seamless';

/**
 * After a canary failed for this person: remembered (the next page load goes straight to stable), and the stable
 * version loaded in a clean federation state (replaceFailedVersion: nothing of the canary is reused). Resolves to
 * the stable version's guarded lifecycles, or the fallback with Retry when stable fails too; never rejects.
 */
export async function stableAfterCanary(
  remote: string,
  choice: CanaryChoice,
  retry: () => void,
): Promise<Lifecycles> {
  const stable = choice.fallback;
  rememberFailedCanary(remote, choice.version);
  try {
    replaceFailedVersion(remote, choice.manifest, stable.manifest);
    const lifecycles = await tryLoad(remote, stable, false);
    markLoaded(remote, stable.version);
    report('load', remote, stable.version);
    return guard(remote, stable.version, lifecycles, retry);
  } catch (error) {
    console.warn(`[shell] ${remote}@${stable.version} failed to load`, error);
    reportLoadFailure(remote, stable.version, error);
    return fallbackLifecycles(retry);
  }
}

/**
 * A canary's lifecycles: any failure of the canary for this person (its mount throws, or its area's error boundary
 * catches a render error) puts the stable version in the area at once, without an error shown if stable works, and
 * reports the failure against the canary's version. Never throws to single-spa.
 */
export function canaryGuard(
  remote: string,
  choice: CanaryChoice,
  canary: Lifecycles,
  retry: () => void,
): Lifecycles {
  const { version } = choice;
  let active: Lifecycles = canary;
  let broken = false; // the canary failed to bootstrap
  let stable: Promise<Lifecycles> | null = null;
  let mounted: AreaProps | null = null;
  let swapping: Promise<void> | null = null;
  let watch: ReturnType<typeof watchArea> | null = null;
  const toStable = () => {
    stable ??= stableAfterCanary(remote, choice, retry);
    return stable;
  };

  // The canary's page threw while rendering; its boundary renders nothing and tells us.
  // Called while React commits the boundary's empty render, before that frame: the area gets the canary's last
  // picture back, and keeps it until stable shows something (seamless.ts): no frame with an empty area.
  const onRenderError = (error: Error) => {
    console.warn(`[shell] ${remote}@${version} failed to render; falling back to stable`, error);
    report('render-failure', remote, version, error);
    if (active !== canary || swapping) return;
    const picture = watch?.restore() ?? [];
    swapping = (async () => {
      const next = await toStable();
      const props = mounted;
      if (!props || active !== canary) return;
      watch?.stop();
      await unmountBehind(props.domElement, picture, () => canary.unmount(props));
      holdPicture(props.domElement, picture);
      active = next;
      await next.bootstrap(props);
      await next.mount(props);
    })().finally(() => {
      swapping = null;
    });
  };

  return {
    async bootstrap(props) {
      try {
        await canary.bootstrap?.(props);
      } catch (error) {
        console.warn(`[shell] ${remote}@${version} failed to bootstrap`, error);
        report('mount-failure', remote, version, error, 'bootstrap');
        broken = true;
      }
    },
    async mount(props) {
      mounted = props;
      if (active === canary && !broken) {
        watch ??= watchArea(props.domElement);
        try {
          await canary.mount({ ...props, onRenderError });
          return;
        } catch (error) {
          console.warn(`[shell] ${remote}@${version} failed to mount; falling back to stable`, error);
          report('mount-failure', remote, version, error);
          await quietUnmount(canary, props);
        }
      }
      if (active === canary) {
        const next = await toStable();
        active = next;
        await next.bootstrap(props);
      }
      await active.mount(props);
    },
    async unmount(props) {
      mounted = null;
      watch?.stop();
      watch = null;
      await swapping;
      if (active === canary) await quietUnmount(canary, props);
      else await active.unmount(props);
    },
  };
}
