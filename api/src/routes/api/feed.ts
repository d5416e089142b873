import { Type } from '@sinclair/typebox';
import { FIRST_PAGE } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { sendSharedValue } from '../../lib/shared-reply.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { errors, IdParams, OkValue, PageQuery, Post } from '../../schemas/entities.js';

/** Galaxy feed (page from 1), a planet's feed (page from 1), a user's feed (page from 0). 20 a page, newest first. */
export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const posts = app.postsRepository;
  const response = { 200: OkValue(Type.Array(Post)), ...errors(400, 401, 404) };

  app.get(
    '/feed',
    {
      schema: {
        tags: ['feeds'],
        description: 'Galaxy feed; page counts from 1.',
        querystring: PageQuery,
        response,
      },
    },
    async (request, reply) =>
      sendSharedValue(reply, await posts.galaxy(pageIndex(request.query.page, FIRST_PAGE.feed))),
  );

  app.get(
    '/feed/:id',
    {
      schema: {
        tags: ['feeds'],
        description:
          "A planet's feed (id = planet id, page from 1) or a user's feed (id = user id, page from 0).",
        params: IdParams,
        querystring: PageQuery,
        response,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // One query for the page; only an empty page asks whether the id exists.
      if (isUuid(id)) {
        const value = await posts.author(id, pageIndex(request.query.page, FIRST_PAGE.list));
        if (value.length === 0 && !(await app.usersRepository.exists(id))) throw notFound('User not found.');
        return sendSharedValue(reply, value);
      }
      const value = await posts.planet(id, pageIndex(request.query.page, FIRST_PAGE.feed));
      if (value.length === 0 && !(await app.planetsRepository.exists(id)))
        throw notFound('There is no planet or user with that id.');
      return sendSharedValue(reply, value);
    },
  );
}
