// Which version of each remote a page load used, and what failed: batched into few POST /api/platform/events,
// each distinct event once per page load. Best-effort: the page never suffers for it.
import { type PlatformEvent, platformApi } from '@skynet/kit';
import { getRuntimeConfig } from '@skynet/shared';

/**
 * What the shell reports. A `render-failure` is an error thrown while a canary's page rendered, caught by its area's
 * boundary (kit's PlatformEvent type does not list it yet; the API accepts it: api/src/routes/api/misc.ts).
 */
export type ReportedEvent = Omit<PlatformEvent, 'type'> & {
  type: PlatformEvent['type'] | 'render-failure';
};

const FLUSH_AFTER_MS = 1000;
const seen = new Set<string>();
let queue: ReportedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

export function flushReports(useBeacon = false): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (queue.length === 0) return;
  const events = queue;
  queue = [];
  if (useBeacon && typeof navigator.sendBeacon === 'function') {
    const body = new Blob([JSON.stringify({ events })], { type: 'application/json' });
    if (navigator.sendBeacon(`${getRuntimeConfig().apiBaseUrl}/platform/events`, body)) return;
  }
  platformApi.report(events as PlatformEvent[]).catch(() => {
    // Reporting is best-effort.
  });
}

export function reportEvent(type: ReportedEvent['type'], remote: string, version: string): void {
  const key = `${type}\u0000${remote}\u0000${version}`;
  if (seen.has(key)) return;
  seen.add(key);
  queue.push({ type, remote, version, at: new Date().toISOString() });
  timer ??= setTimeout(() => flushReports(), FLUSH_AFTER_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flushReports(true));
}
