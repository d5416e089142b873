import { useSyncExternalStore } from 'react';

/** The spec's breakpoints the shell's layout switches at (docs/decisions.md, "Desktop frame"). */
export const DESKTOP = '(min-width: 992px)';
export const WIDE_DESKTOP = '(min-width: 1200px)';

const list = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/** Whether a media query matches now, re-rendering when that changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = list(query);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    () => list(query)?.matches ?? false,
    () => false,
  );
}
