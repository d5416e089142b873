// The shell's telemetry reports (docs/operations.md).
import type { PlatformEvent } from '@skynet/contract';
import { getRuntimeConfig } from '@skynet/shared';
import type { BodyOf } from './types';

export const platformApi = {
  /**
   * Plain fetch, not the HTTP client: a page that makes no other call never downloads axios for its reports. Not
   * `keepalive` (a page being left sends its last reports with sendBeacon instead), and the answer is always read:
   * a keepalive request, or one whose refused answer is left unread, stays open in the browser.
   */
  async report(events: PlatformEvent[]): Promise<void> {
    const response = await fetch(`${getRuntimeConfig().apiBaseUrl}/platform/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events } satisfies BodyOf<'reportPlatformEvents'>),
      credentials: 'same-origin',
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(`POST /platform/events answered ${response.status}: ${answer}`);
  },
};
