// The calls the session makes itself: at start (spec point 4, spec point 7's GET /user and
// GET /user/login?token=refresh), in the wording the page's head start uses (@skynet/contract SESSION_CALLS), and the
// server-side end of a session (POST /user/logout).
import type { CurrentUser } from '@skynet/contract';
import { getRuntimeConfig } from '../config';
import { getEnvelope, unwrap } from '../http/envelope';

/** How long Logout waits for the server before signing out in the browser anyway. */
export const LOGOUT_WAIT_MS = 5_000;

export const sessionCalls = {
  /** GET /user/login?token=refresh: a fresh token (the refresh cookie renews the session), or null. */
  async refreshToken(): Promise<string | null> {
    try {
      const envelope = await getEnvelope<string>('/user/login', {
        params: { token: 'refresh' },
        cache: false,
      });
      return typeof envelope.value === 'string' ? envelope.value : null;
    } catch {
      return null;
    }
  },
  /** GET /user: the signed-in person. */
  async currentUser(): Promise<CurrentUser> {
    return unwrap(await getEnvelope<CurrentUser>('/user', { cache: false }));
  },
  /**
   * POST /user/logout: the server ends this session (its tokens, refresh cookie and live sockets). The token is
   * given, so the call leaves before the browser forgets it and still names the session; `fetch` with keepalive
   * (not the shared client) so that it also completes when the page is left at once, and nothing waits on it.
   */
  async logout(token: string | null): Promise<void> {
    if (typeof fetch !== 'function') return;
    const answer = await fetch(`${getRuntimeConfig().apiBaseUrl}/user/logout`, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: '{}',
      ...(typeof AbortSignal.timeout === 'function' ? { signal: AbortSignal.timeout(LOGOUT_WAIT_MS) } : {}),
    });
    if (!answer.ok) throw new Error(`logout answered ${answer.status}`);
  },
};
