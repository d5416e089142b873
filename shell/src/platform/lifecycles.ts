// The pieces of an area's lifecycles that applications.ts (every remote) and canary.ts (a canary's guard) share:
// what a page load used and reports, the fallback with Retry, the guard that never lets single-spa see a throw.
import type { VersionChoice as Choice, PlatformEvent } from '@skynet/contract';
import { AreaFallback, type AreaProps, type Lifecycles } from '@skynet/shared';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { areaElement } from './areas';
import { EvaluationError, loadExposedModule, setManifest } from './federation';
import { reportEvent } from './reporting';

export type CanaryChoice = Choice & { fallback: NonNullable<Choice['fallback']> };

export interface LoadedRemote {
  remote: string;
  version: string;
}

/** Which version of each remote this page load used: tests and ops read it. */
export const loadedVersions = new Map<string, string>();

/**
 * Batched, once per page load per event (see reporting.ts), a failure with its error text and where it broke
 * (`phase` when its stack names no file); a developer override is nobody's version.
 */
export function report(
  type: PlatformEvent['type'],
  remote: string,
  version: string,
  error?: unknown,
  phase = type.replace('-failure', ''),
): void {
  if (version !== 'override')
    reportEvent(type, remote, version, error === undefined ? undefined : { error, phase });
}

/** Records which version an area runs: in loadedVersions and on the area element (data-version). */
export function markLoaded(remote: string, version: string): void {
  loadedVersions.set(remote, version);
  areaElement(remote).dataset.version = version;
}

function isLifecycles(value: unknown): value is Lifecycles {
  const candidate = value as Partial<Lifecycles> | null;
  return typeof candidate?.mount === 'function' && typeof candidate?.unmount === 'function';
}

/** What the area says instead of the usual fallback text (a developer override that did not load). */
interface FallbackText {
  title: string;
  detail: string;
}

/**
 * A developer override that cannot load or mount says so, naming where it looked, instead of the generic "not
 * responding": the developer's dev server is down, or the URL is not a build of this remote.
 */
export function overrideFailureText(remote: string, manifest: string, stage: 'load' | 'mount'): FallbackText {
  return {
    title: `Developer override: ${remote} did not ${stage} from ${manifest}.`,
    detail:
      stage === 'load'
        ? `Is its dev server running (npm run dev -- ${remote})? Retry once it is, or clear the override in the banner above to get the site's version.`
        : `The code there loaded but its mount() failed: see the browser console. Retry after a fix, or clear the override in the banner above.`,
  };
}

/** Lifecycles that show the area's fallback with Retry; used when a remote cannot load or mount. */
export function fallbackLifecycles(retry: () => void, text?: FallbackText): Lifecycles {
  const roots = new Map<HTMLElement, ReturnType<typeof createRoot>>();
  return {
    async bootstrap() {},
    async mount({ domElement }) {
      const root = createRoot(domElement);
      roots.set(domElement, root);
      root.render(createElement(AreaFallback, { onRetry: retry, ...text }));
    },
    async unmount({ domElement }) {
      roots.get(domElement)?.unmount();
      roots.delete(domElement);
      domElement.replaceChildren();
    },
  };
}

export async function quietUnmount(lifecycles: Lifecycles, props: AreaProps): Promise<void> {
  try {
    await lifecycles.unmount(props);
  } catch {
    // Whatever it left goes below.
  }
  props.domElement.replaceChildren();
}

/**
 * Wraps a remote's lifecycles so single-spa never sees a throw: a failing mount shows the fallback in the
 * area instead of leaving the app SKIP_BECAUSE_BROKEN, and unmount always empties the area.
 */
export function guard(
  remote: string,
  version: string,
  inner: Lifecycles,
  retry: () => void,
  text?: FallbackText,
): Lifecycles {
  const fallback = fallbackLifecycles(retry, text);
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
          report('mount-failure', remote, version, error);
          failed = true;
          await quietUnmount(inner, props);
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

export async function tryLoad(remote: string, choice: { version: string; manifest: string }, force: boolean) {
  setManifest(remote, choice.manifest, force);
  const module = await loadExposedModule<unknown>(remote, './app');
  const lifecycles = (module as { default?: unknown }).default ?? module;
  if (!isLifecycles(lifecycles)) throw new Error(`${remote}@${choice.version} ./app exposes no lifecycles`);
  return lifecycles;
}

/** A version's files did not load ('load-failure'), or its module threw while evaluating ('evaluate-failure'). */
export function reportLoadFailure(remote: string, version: string, error: unknown): void {
  if (error instanceof EvaluationError) report('evaluate-failure', remote, version, error.cause, 'evaluate');
  else report('load-failure', remote, version, error);
}
