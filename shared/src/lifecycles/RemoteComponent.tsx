import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

type RemoteLoader = (remote: string, module: string) => Promise<unknown>;

let loader: RemoteLoader | null = null;

/** The shell installs how to load a module another remote exposes (Module Federation at run time). */
export function setRemoteLoader(next: RemoteLoader): void {
  loader = next;
}

export async function loadExposed<T>(remote: string, module: string): Promise<T> {
  if (!loader) throw new Error('No remote loader: the shell has not started.');
  return (await loader(remote, module)) as T;
}

interface RemoteComponentProps {
  remote: string;
  module: string;
  /** Shown while loading and when the remote is unavailable: the page still renders without it. */
  fallback: ReactNode;
  props?: Record<string, unknown>;
}

/** Shows a component another remote exposes on purpose, and survives that remote being down. */
export function RemoteComponent(input: RemoteComponentProps) {
  return typeof window === 'undefined' ? <PrerenderSlot {...input} /> : <LoadedRemoteComponent {...input} />;
}

/**
 * Build-time rendering (tooling/rspack/prerender.mjs) cannot load another remote: it marks the place instead, with
 * the fallback inside, and the server puts the markup that remote's stable version published for `module` there
 * (site/src/prerendered-page.ts, SLOT). No wrapper box: the slot takes no part in the layout. Only for a
 * component used without props: the published markup was rendered without any.
 */
function PrerenderSlot({ remote, module, fallback, props }: RemoteComponentProps) {
  if (props && Object.keys(props).length > 0) return <>{fallback}</>;
  return (
    <div data-slot={`${remote} ${module}`} style={{ display: 'contents' }}>
      {fallback}
      <template data-slot-end="" />
    </div>
  );
}

function LoadedRemoteComponent({ remote, module, fallback, props }: RemoteComponentProps) {
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const exposed = await loadExposed<{ default?: ComponentType<Record<string, unknown>> }>(
          remote,
          module,
        );
        if (!exposed?.default) throw new Error(`${remote}/${module} has no default export`);
        return { default: exposed.default };
      }),
    [remote, module],
  );
  return (
    <ErrorBoundary area={`${remote}${module}`} fallback={() => fallback}>
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
