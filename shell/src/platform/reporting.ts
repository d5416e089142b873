// Which version of each remote a page load used, and what failed: batched into few POST /api/platform/events,
// each distinct event once per page load. Best-effort: the page never suffers for it.
import type { PlatformEvent } from '@skynet/contract';
import { platformApi } from '@skynet/kit';
import { getRuntimeConfig } from '@skynet/shared';

const FLUSH_AFTER_MS = 1000;
const seen = new Set<string>();
let queue: PlatformEvent[] = [];
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
  platformApi.report(events).catch(() => {
    // Reporting is best-effort.
  });
}

export function reportEvent(type: PlatformEvent['type'], remote: string, version: string): void {
  const key = `${type}\u0000${remote}\u0000${version}`;
  if (seen.has(key)) return;
  seen.add(key);
  queue.push({ type, remote, version, at: new Date().toISOString() });
  timer ??= setTimeout(() => flushReports(), FLUSH_AFTER_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flushReports(true));
}
