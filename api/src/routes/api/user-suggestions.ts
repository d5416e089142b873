import { SUGGESTIONS_DEFAULT, SUGGESTIONS_MAX } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';

export { SUGGESTIONS_DEFAULT, SUGGESTIONS_MAX };

/** People to follow, for the desktop side column (issue 22). */
export default async function userSuggestionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const users = app.usersRepository;

  app.get(calls.suggestions.path, { schema: routeSchema(calls.suggestions) }, async (request) => {
    const limit = request.query.limit === undefined ? SUGGESTIONS_DEFAULT : Number(request.query.limit);
    if (limit < 1 || limit > SUGGESTIONS_MAX) throw badRequest(`limit must be 1 to ${SUGGESTIONS_MAX}.`);
    return { success: true as const, value: await users.suggestions(currentUser(request).id, limit) };
  });
}
