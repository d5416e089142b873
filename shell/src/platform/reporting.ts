// Which version of each remote a page load used, what failed (with its error text and where) and how the page felt
// (LCP, INP, CLS): batched into few POST /api/platform/events, each carrying the page token the server counts them
// by (issue 33), each distinct event once per page load. Best-effort: the page never suffers for it.
import type { PlatformEvent, PlatformMeasure } from '@skynet/contract';
import { platformApi } from '@skynet/kit';
import { getRuntimeConfig } from '@skynet/shared';
import { pageToken } from './page';

const FLUSH_AFTER_MS = 1000;
/** The contract's limit on an event's `message` and `source`. */
const TEXT_MAX = 300;
const seen = new Set<string>();
let queue: PlatformEvent[] = [];
/** The latest value of each measure (per metric, remote and version) not sent yet. */
let measures = new Map<string, PlatformMeasure>();
let timer: ReturnType<typeof setTimeout> | null = null;

export function flushReports(useBeacon = false): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (queue.length === 0 && measures.size === 0) return;
  const body = { token: pageToken(), events: queue, measures: [...measures.values()] };
  queue = [];
  measures = new Map();
  if (useBeacon && typeof navigator.sendBeacon === 'function') {
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    if (navigator.sendBeacon(`${getRuntimeConfig().apiBaseUrl}/platform/events`, blob)) return;
  }
  platformApi.report(body).catch(() => {
    // Reporting is best-effort.
  });
}

const schedule = () => {
  // A page being left sends at once (a measure arrives as it is hidden); otherwise a batch a second later.
  if (document.visibilityState === 'hidden') flushReports(true);
  else timer ??= setTimeout(() => flushReports(), FLUSH_AFTER_MS);
};

/** What a failure says: its error's text, and where it was thrown (file:line:column from the stack, or the phase). */
export function describeFailure(error: unknown, phase: string): Pick<PlatformEvent, 'message' | 'source'> {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  // The first frame with a URL: `at f (https://host/remotes/x/1.0.0/app.js:1:234)` or `f@https://...:1:234`.
  const frame = /(?:https?|file):\/\/[^\s()]+:\d+:\d+/.exec(stack)?.[0];
  let source = phase;
  if (frame) {
    try {
      const at = frame.search(/:\d+:\d+$/);
      const url = new URL(frame.slice(0, at));
      source = (url.origin === window.location.origin ? url.pathname : url.href) + frame.slice(at);
    } catch {
      source = frame;
    }
  }
  // One line: the API refuses control characters in what it stores (a runtime's error spans several lines).
  const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX);
  return { message: oneLine(text), source: oneLine(source) };
}

/** Reports an event once per page load; a failure with its error (`failure`: the error and the phase it broke in). */
export function reportEvent(
  type: PlatformEvent['type'],
  remote: string,
  version: string,
  failure?: { error: unknown; phase: string },
): void {
  const key = `${type}\u0000${remote}\u0000${version}`;
  if (seen.has(key)) return;
  seen.add(key);
  queue.push({
    type,
    remote,
    version,
    at: new Date().toISOString(),
    ...(failure ? describeFailure(failure.error, failure.phase) : {}),
  });
  schedule();
}

/** Records a measure of the page (the latest value per metric, remote and version goes with the next batch). */
export function reportMeasure(measure: PlatformMeasure): void {
  if (!Number.isFinite(measure.value) || measure.value < 0) return;
  const value = Math.min(measure.value, 600_000); // the contract's ceiling: a tab left open for ten minutes
  measures.set(`${measure.metric}\u0000${measure.remote}\u0000${measure.version}`, { ...measure, value });
  schedule();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flushReports(true));
}
