import { type Registry, resolvePath } from '@skynet/contract';
import { readToken } from '@skynet/shared';
import { loadExposedModule } from './federation';

/**
 * Starts fetching the code of the remote that will most likely show this path (its manifest, entry and
 * `./app` chunk) while the session is still being looked up, instead of after. A saved token means the
 * person is probably signed in. A wrong guess costs one remote's entry; the real load reuses what arrived.
 */
export function warmUp(registry: Registry, pathname: string): string | null {
  const resolution = resolvePath(registry, pathname, readToken() ? 'signed-in' : 'signed-out');
  if (resolution.kind !== 'remote') return null;
  loadExposedModule(resolution.remote, './app').catch(() => {
    // The real load reports and shows the area's fallback; a failed warm-up says nothing.
  });
  return resolution.remote;
}
