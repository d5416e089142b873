// The two calls the session makes itself at start (spec point 4, spec point 7's GET /user and
// GET /user/login?token=refresh), in the wording the page's head start uses (@skynet/contract SESSION_CALLS).
import type { CurrentUser } from '@skynet/contract';
import { getEnvelope, unwrap } from '../http/envelope';

export const sessionCalls = {
  /** GET /user/login?token=refresh: a fresh token, or null. */
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
};
