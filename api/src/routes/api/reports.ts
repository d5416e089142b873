import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';

/** Reports to the moderators (issue 31): anyone signed in. */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.post(
    calls.report.path,
    {
      // Each report is work for a moderator: fewer than other writes, per person.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: routeSchema(calls.report),
    },
    async (request) => {
      const report = await app.moderation.file(currentUser(request).id, request.body);
      return { success: true as const, value: { _id: report.id } };
    },
  );
}
