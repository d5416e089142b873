// Re-authentication before a change that could hand the account to someone else (an e-mail change, deletion, turning
// a second factor off): the current password, or for an account without one a sign-in at the identity provider
// within the last 10 minutes. One rule for every route that asks.
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { AuthUser } from './auth.js';
import type { UserRow } from './users-repository.js';

export const PASSWORD_REQUIRED = 'Enter your current password to confirm it is you.';
export const PASSWORD_WRONG = 'The current password is not correct.';
/** An account without a password proves itself by a recent identity-provider sign-in. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;
export const PROVIDER_REAUTH =
  'For your security, sign out and sign in again with your identity provider, then try again within 10 minutes.';

export async function reauthenticate(
  app: FastifyInstance,
  row: UserRow,
  user: AuthUser,
  password: string | undefined,
): Promise<void> {
  if (row.password_hash !== null) {
    if (!password) throw badRequest(PASSWORD_REQUIRED);
    if (!(await verifyPassword(row.password_hash, password))) throw badRequest(PASSWORD_WRONG);
    return;
  }
  const session = user.sessionId ? await app.sessions.byId(user.sessionId) : null;
  if (!session || Date.now() - new Date(session.authenticated_at).getTime() > REAUTH_WINDOW_MS)
    throw forbidden(PROVIDER_REAUTH);
}
