import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { errors, User } from '../../schemas/entities.js';

export const SUGGESTIONS_DEFAULT = 5;
export const SUGGESTIONS_MAX = 20;

/** People to follow, for the desktop side column (issue 22). */
export default async function userSuggestionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const users = app.usersRepository;

  app.get(
    '/user/suggestions',
    {
      schema: {
        tags: ['users'],
        description:
          'People you might follow: not you, not deleted, not followed yet; your home planet first, then the most followed.',
        querystring: Type.Object({
          limit: Type.Optional(
            Type.String({
              pattern: '^[0-9]{1,3}$',
              description: `How many, 1 to ${SUGGESTIONS_MAX} (default ${SUGGESTIONS_DEFAULT}).`,
            }),
          ),
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), value: Type.Array(User) }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const limit = request.query.limit === undefined ? SUGGESTIONS_DEFAULT : Number(request.query.limit);
      if (limit < 1 || limit > SUGGESTIONS_MAX) throw badRequest(`limit must be 1 to ${SUGGESTIONS_MAX}.`);
      return { success: true as const, value: await users.suggestions(currentUser(request).id, limit) };
    },
  );
}
