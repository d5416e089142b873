import { calls } from '@skynet/contract/api';
import { RegistryError } from '@skynet/site/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { routeSchema } from '../../lib/route-schema.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { ADMINS_ONLY } from './admin.js';

/** A registry refusal as the answer a person can act on: a missing remote or canary 404/409, a conflict 409. */
function answerOf(error: unknown): unknown {
  if (!(error instanceof RegistryError)) return error;
  if (error.code === 'missing' && /is not in the registry/.test(error.message))
    return notFound(error.message);
  return conflict(error.message);
}

/** The release console's calls (issue 33), /api/admin/releases: administrators only. */
export default async function releaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // Before the body is validated: a non-administrator learns nothing about what these calls accept.
  app.addHook('onRequest', async (request) => {
    if (!currentUser(request).admin) throw forbidden(ADMINS_ONLY);
  });

  app.get(calls.releases.path, { schema: routeSchema(calls.releases) }, async () => ({
    success: true as const,
    ...(await app.releases.report()),
  }));

  app.post(calls.releaseAction.path, { schema: routeSchema(calls.releaseAction) }, async (request) => {
    const { remote, action } = request.params;
    const { reason } = request.body;
    if (!hasVisibleCharacter(reason)) throw badRequest('The reason must contain a visible character.');
    try {
      const user = currentUser(request);
      const [named] = await rows<{ userName: string }>(
        app.db,
        sql`SELECT user_name AS "userName" FROM users WHERE id = ${user.id}`,
      );
      const value = await app.releases.act(remote, action, reason.trim(), named?.userName ?? user.id);
      return { success: true as const, value };
    } catch (error) {
      throw answerOf(error);
    }
  });
}
