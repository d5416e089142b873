import { DELETE_ACCOUNT_PHRASE } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { randomToken } from '../../lib/ids.js';
import { requireStrongPassword } from '../../lib/password-strength.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { routeSchema } from '../../lib/route-schema.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { markEmailVerified } from '../../plugins/app/email-verification.js';
import { PASSWORD_WRONG, reauthenticate } from '../../plugins/app/reauthenticate.js';
import { sendSecurityNotice } from '../../plugins/app/security-notices.js';
import { startSession } from '../../plugins/app/sessions.js';
import { avatarUrl, toCurrentUser } from '../../plugins/app/users-repository.js';
import { byAddress } from '../../plugins/external/rate-limit.js';

export {
  PASSWORD_REQUIRED,
  PASSWORD_WRONG,
  PROVIDER_REAUTH,
  REAUTH_WINDOW_MS,
} from '../../plugins/app/reauthenticate.js';
export const PHRASE_MISMATCH = 'The phrase given does not match.';
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The signed-in user's own account: who am I, and every change of spec point 7's account table. */
export default async function userAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const users = app.usersRepository;

  const me = async (id: string) => {
    const row = await users.byId(id);
    if (!row || row.deleted_at) throw notFound('Account not found.');
    return row;
  };

  app.get(calls.currentUser.path, { schema: routeSchema(calls.currentUser) }, async (request) => ({
    success: true as const,
    value: toCurrentUser(await me(currentUser(request).id)),
  }));

  app.patch(
    calls.changePassword.path,
    { schema: routeSchema(calls.changePassword) },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await me(user.id);
      const { password, newpassword, confirmpassword } = request.body;
      if (row.password_hash === null)
        throw badRequest('This account signs in with an identity provider and has no password.');
      if (!(await verifyPassword(row.password_hash, password))) throw badRequest(PASSWORD_WRONG);
      if (newpassword !== confirmpassword) throw badRequest('The new passwords do not match.');
      await requireStrongPassword(newpassword, { userName: row.user_name, email: row.email });
      const tokenVersion = await users.setPassword(row.id, await hashPassword(newpassword));
      // Every other sign-in ends; this one continues with a fresh token (a token from before sessions gets a session).
      await app.sessions.revokeAll(row.id, 'password changed', user.sessionId);
      app.tokens.forget(row.id);
      app.realtime.disconnectUser(row.id);
      const session = user.sessionId ? await app.sessions.byId(user.sessionId) : null;
      const value =
        session && !session.revoked_at
          ? await app.tokens.sign({
              id: row.id,
              tokenVersion,
              sessionId: session.id,
              sessionEnds: session.expires_at,
            })
          : await startSession(app, request, reply, { id: row.id, token_version: tokenVersion }, undefined, {
              event: null,
            });
      await app.securityLog.record(request, row.id, 'password-changed');
      await sendSecurityNotice(app, row, 'password-changed', { userAgent: request.headers['user-agent'] });
      return { success: true as const, message: 'Your password has been changed.', value };
    },
  );

  app.patch(calls.changeUsername.path, { schema: routeSchema(calls.changeUsername) }, async (request) => {
    const row = await me(currentUser(request).id);
    const { newUsername } = request.body;
    if (newUsername === row.user_name) throw badRequest('That is already your username.');
    await users.setUserName(row.id, newUsername);
    return { success: true as const, message: 'Your username has been changed.' };
  });

  app.patch(calls.changeEmail.path, { schema: routeSchema(calls.changeEmail) }, async (request) => {
    const user = currentUser(request);
    const row = await me(user.id);
    const { currEmail, newEmail, confirmEmail, password } = request.body;
    if (!row.email) throw badRequest('This account signs in with an identity provider and has no e-mail.');
    if (currEmail.trim().toLowerCase() !== row.email) throw badRequest('The current e-mail is not correct.');
    if (newEmail.trim().toLowerCase() !== confirmEmail.trim().toLowerCase())
      throw badRequest('The new e-mails do not match.');
    const next = newEmail.trim().toLowerCase();
    if (next === row.email) throw badRequest('That is already your e-mail.');
    await reauthenticate(app, row, user, password);
    const taken = await users.byEmail(next);
    if (taken) throw conflict('An account with that e-mail already exists.');
    const confirmToken = randomToken();
    const undoToken = randomToken();
    await users.requestEmailChange({
      userId: row.id,
      oldEmail: row.email,
      newEmail: next,
      confirmToken,
      undoToken,
      confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      undoExpiresAt: new Date(Date.now() + UNDO_TTL_MS),
    });
    // No address in the log (either one): the person's own mails name them.
    await app.securityLog.record(request, row.id, 'email-change-requested');
    const origin = app.config.publicOrigin;
    const confirmLink = `${origin}/confirmemail/${confirmToken}`;
    const undoLink = `${origin}/undoemail/${undoToken}`;
    const name = row.user_name;
    // Through the mailer's own interface (its retries are its business); a failure is logged, never a 5xx here.
    const sent = (what: string) => (err: unknown) => request.log.error({ err }, `${what} mail failed`);
    await Promise.all([
      app.mailer
        .send({
          to: next,
          subject: 'Confirm your new Skynet e-mail address',
          text: `Hello ${name},\n\nTo use this address for your Skynet account, open this link within 24 hours:\n\n${confirmLink}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this e-mail.\n`,
          html: `<p>Hello ${escapeHtml(name)},</p><p>To use this address for your Skynet account, open this link within 24 hours:</p><p><a href="${confirmLink}">${confirmLink}</a></p><p>Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.</p>`,
        })
        .catch(sent('e-mail confirmation')),
      app.mailer
        .send({
          to: row.email,
          subject: 'Your Skynet e-mail address is being changed',
          text: `Hello ${name},\n\nSomeone signed in to your Skynet account asked to change its e-mail address to ${next}. It changes once that address confirms it.\n\nIf it was not you, open this link within 7 days to undo the change and sign out every device:\n\n${undoLink}\n\nThen choose a new password with "Forgot your password?" on the login page.\n`,
          html: `<p>Hello ${escapeHtml(name)},</p><p>Someone signed in to your Skynet account asked to change its e-mail address to <strong>${escapeHtml(next)}</strong>. It changes once that address confirms it.</p><p>If it was not you, open this link within 7 days to undo the change and sign out every device:</p><p><a href="${undoLink}">${undoLink}</a></p><p>Then choose a new password with "Forgot your password?" on the login page.</p>`,
        })
        .catch(sent('e-mail change notice')),
    ]);
    return {
      success: true as const,
      message: `We sent a confirmation link to ${next}. Your e-mail changes when you open it (within 24 hours).`,
    };
  });

  app.post(
    calls.confirmEmail.path,
    {
      config: { public: true, rateLimit: byAddress({ max: 10, timeWindow: '1 minute' }) },
      schema: routeSchema(calls.confirmEmail),
    },
    async (request) => {
      const done = await users.confirmEmailChange(request.body.token);
      if (!done)
        throw badRequest('This confirmation link is not valid or has expired. Please ask for a new change.');
      // The link proved the new address: it counts as confirmed (drizzle/0010 email_verified_at).
      await markEmailVerified(app.db, done.userId);
      await app.securityLog.record(request, done.userId, 'email-changed');
      return {
        success: true as const,
        message: `Your e-mail has been changed. Your account now signs in with ${done.email}.`,
      };
    },
  );

  app.post(
    calls.undoEmail.path,
    {
      config: { public: true, rateLimit: byAddress({ max: 10, timeWindow: '1 minute' }) },
      schema: routeSchema(calls.undoEmail),
    },
    async (request) => {
      const done = await users.undoEmailChange(request.body.token);
      if (!done) throw badRequest('This link is not valid or has expired.');
      await app.sessions.revokeAll(done.userId, 'e-mail change undone');
      await app.securityLog.record(request, done.userId, 'email-change-undone');
      app.tokens.forget(done.userId);
      app.realtime.disconnectUser(done.userId);
      return {
        success: true as const,
        message: `The e-mail change was undone: your account uses ${done.email} and every device was signed out. If you did not ask for the change, choose a new password now with "Forgot your password?".`,
      };
    },
  );

  app.patch(calls.changeBio.path, { schema: routeSchema(calls.changeBio) }, async (request) => {
    const row = await me(currentUser(request).id);
    const bio = request.body.newBio.trim();
    // An empty bio clears it; any other must show something (zero-width characters alone are refused).
    if (bio !== '' && !hasVisibleCharacter(bio))
      throw badRequest('The bio must contain a visible character.');
    await users.setBio(row.id, bio);
    return { success: true as const, message: 'Your bio has been updated.' };
  });

  app.patch(calls.changeAvatar.path, { schema: routeSchema(calls.changeAvatar) }, async (request) => {
    const row = await me(currentUser(request).id);
    const file = await app.avatars.store(row.id, request.body.avatarDataUrl);
    await users.setAvatar(row.id, file);
    // The replaced picture goes (issue 31); Undo uploads it again as a new file, so nothing needs the old one.
    if (row.avatar_file && row.avatar_file !== file) await app.jobs.removeAvatarLater(row.avatar_file);
    return { success: true as const, value: avatarUrl(file)! };
  });

  app.post(calls.deleteAccount.path, { schema: routeSchema(calls.deleteAccount) }, async (request) => {
    const user = currentUser(request);
    if (request.body.confirmationInput !== DELETE_ACCOUNT_PHRASE) throw badRequest(PHRASE_MISMATCH);
    await reauthenticate(app, await me(user.id), user, request.body.password);
    await users.markDeleted(user.id);
    await app.sessions.revokeAll(user.id, 'account deleted');
    await app.securityLog.record(request, user.id, 'account-deleted');
    app.tokens.forget(user.id);
    app.realtime.disconnectUser(user.id);
    return {
      success: true as const,
      message:
        'Your account has been deleted. It will be removed for good in 30 days; contact support to undo this.',
    };
  });
}
