import { dropPrerendered } from '@skynet/shared';
import { useLayoutEffect } from 'react';

/**
 * For a page whose first view the HTML drew (a remote's ./prerender template, filled from the head start): the
 * drawing stays until the page has something of its own to show (`shown`: its data, or an error), then goes before
 * the browser paints again, so the visitor never sees both or neither. Shared's useReplacesPrerendered is the
 * unconditional form, for pages that show themselves on their first render.
 */
export function useReplacesPrerenderedWhen(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) dropPrerendered();
  }, [shown]);
}
