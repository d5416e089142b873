// The page's real-user measures (issue 33): largest paint (LCP), responsiveness (INP) and layout shift (CLS), from
// the web-vitals library, attributed to the remote that owns the page and the version actually running (after any
// fallback), sent with the next batch of events (reporting.ts). A chunk of its own, loaded once the first area is
// up and the browser idle (bootstrap.tsx): the first load does not pay for it. Its observers read the browser's
// buffered entries, so what happened before it arrived is still measured.
import type { PlatformMeasureName } from '@skynet/contract';
import { onCLS, onINP, onLCP } from 'web-vitals';
import { currentArea, firstArea } from './areas';
import { loadedVersions } from './lifecycles';
import { reportMeasure } from './reporting';

function measure(metric: PlatformMeasureName, remote: string | undefined, value: number): void {
  const version = remote ? loadedVersions.get(remote) : undefined;
  // A developer override is nobody's version; a page of the shell's own is no remote's.
  if (!remote || !version || version === 'override') return;
  reportMeasure({ metric, remote, version, value });
}

export function observeVitals(): void {
  // The largest paint belongs to the page as it loaded: the area that owned it then.
  onLCP((metric) => measure('lcp', firstArea(), metric.value));
  // The others, to the page shown when the browser reports them (the page being left, usually).
  onINP((metric) => measure('inp', currentArea(), metric.value));
  onCLS((metric) => measure('cls', currentArea(), metric.value));
}
