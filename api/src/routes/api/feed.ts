import { FIRST_PAGE } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import { sendSharedValue } from '../../lib/shared-reply.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';

/** Galaxy feed (page from 1), a planet's feed (page from 1), a user's feed (page from 0). 20 a page, newest first. */
export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const posts = app.postsRepository;

  app.get(calls.galaxyFeed.path, { schema: routeSchema(calls.galaxyFeed) }, async (request, reply) =>
    sendSharedValue(reply, await posts.galaxy(pageIndex(request.query.page, FIRST_PAGE.feed))),
  );

  app.get(calls.feedOf.path, { schema: routeSchema(calls.feedOf) }, async (request, reply) => {
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
  });
}
