// The page of the link mailed at sign-up (issue 32; API docs: contract/src/api/security.ts, verifyEmail).
import { http } from '@skynet/shared';
import type { SecurityBodyOf } from './security';

/** The link mailed at sign-up (/verifyemail/:token). */
export const verifyEmailApi = {
  /** Confirms the address; answers the server's message. */
  async verify(token: string): Promise<string> {
    const data = (await http.post('/user/verifyEmail', { token } satisfies SecurityBodyOf<'verifyEmail'>))
      .data as { message?: unknown };
    return typeof data.message === 'string' ? data.message : '';
  },
};
