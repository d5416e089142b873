import { FIRST_PAGE } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import {
  confirmEmailVerification,
  isEmailVerified,
  sendEmailVerification,
} from '../../plugins/app/email-verification.js';
import { byAddress } from '../../plugins/external/rate-limit.js';

export const EMAIL_CONFIRMED = 'Thank you: your e-mail address is confirmed.';
export const VERIFY_LINK_INVALID =
  'This confirmation link is not valid or has expired (links last 48 hours). Sign in and ask for a new one in Settings.';
export const VERIFY_LINK_USED = 'This confirmation link was already used.';
export const ALREADY_CONFIRMED = 'Your e-mail address is already confirmed.';

/** Issue 32: the person's security events ("Recent activity") and the confirmation of a sign-up's address. */
export default async function securityActivityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.get(calls.activity.path, { schema: routeSchema(calls.activity) }, async (request) => {
    const user = currentUser(request);
    const page = pageIndex(request.query.page, FIRST_PAGE.list);
    return { success: true as const, value: await app.securityLog.list(user.id, page) };
  });

  app.post(
    calls.verifyEmail.path,
    {
      config: { public: true, rateLimit: byAddress({ max: 10, timeWindow: '1 minute' }) },
      schema: routeSchema(calls.verifyEmail),
    },
    async (request) => {
      const result = await confirmEmailVerification(app.db, request.body.token);
      if (result.kind === 'used') throw badRequest(VERIFY_LINK_USED);
      if (result.kind !== 'confirmed') throw badRequest(VERIFY_LINK_INVALID);
      await app.securityLog.record(request, result.userId, 'email-verified');
      return { success: true as const, message: EMAIL_CONFIRMED };
    },
  );

  app.post(
    calls.resendVerification.path,
    {
      // Each call mails the person: a few an hour.
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: routeSchema(calls.resendVerification),
    },
    async (request) => {
      const user = currentUser(request);
      const row = await app.usersRepository.byId(user.id);
      // A deleted account's tokens ended with it: as any call without a valid token.
      if (!row || row.deleted_at) throw unauthorized();
      if (await isEmailVerified(app.db, row.id)) throw conflict(ALREADY_CONFIRMED);
      if (!row.email)
        throw conflict(
          'This account signs in with an identity provider and has no e-mail address to confirm.',
        );
      await sendEmailVerification(app, request, row);
      return {
        success: true as const,
        message: `We sent a new confirmation link to ${row.email}. It works for 48 hours.`,
      };
    },
  );
}
