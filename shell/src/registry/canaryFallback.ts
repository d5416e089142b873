// A canary version that failed for this person (to load, evaluate, mount or render) is remembered in this browser,
// so the next page load goes straight to the stable version of that remote while that canary lasts. A new canary
// version of the remote (another version number) is tried again.
import type { VersionChoice } from '@skynet/contract';

/** localStorage: `{ "<remote>": "<canary version that failed here>" }`. Read and written only by the shell. */
export const CANARY_FALLBACK_KEY = 'skynet:canary-fallback';

function read(storage: Storage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CANARY_FALLBACK_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Remembers that `version` (a canary) of `remote` failed for this person. Best-effort. */
export function rememberFailedCanary(
  remote: string,
  version: string,
  storage: Storage = window.localStorage,
): void {
  try {
    storage.setItem(CANARY_FALLBACK_KEY, JSON.stringify({ ...read(storage), [remote]: version }));
  } catch {
    // Storage full or refused: this page load still falls back; the next one tries the canary again.
  }
}

/**
 * The choice to load: a canary choice whose version already failed for this person becomes its stable fallback.
 * Anything else is returned as it is.
 */
export function applyRememberedFailure(
  remote: string,
  choice: VersionChoice | null,
  storage: Storage = window.localStorage,
): VersionChoice | null {
  if (!choice?.fallback) return choice;
  return read(storage)[remote] === choice.version ? { ...choice.fallback } : choice;
}
