import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';

/** Health, FAQs, platform events (all public). */
export default async function miscRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  // Liveness: this process answers (and names itself: NODE_NAME, also in every answer's x-skynet-node header).
  app.get(
    calls.health.path,
    {
      config: { public: true },
      schema: routeSchema(calls.health),
    },
    async () => ({
      success: true as const,
      node: app.health.node,
      pid: app.health.pid,
      uptime: Math.round(process.uptime()),
    }),
  );

  // Readiness: the database answers SELECT 1 and Redis (when configured) answers PING; 503 naming what failed.
  app.get(
    calls.ready.path,
    {
      config: { public: true },
      schema: routeSchema(calls.ready),
    },
    async (_request, reply) => {
      const r = await app.health.readiness();
      const body = { node: app.health.node, pid: app.health.pid, database: r.database, redis: r.redis };
      if (r.ready) return { success: true, ...body };
      return reply.code(503).send({ success: false, error: `Not ready: ${r.problems.join('; ')}.`, ...body });
    },
  );

  app.get(
    calls.faqs.path,
    {
      config: { public: true },
      schema: routeSchema(calls.faqs),
    },
    async () => ({ success: true as const, value: await app.faqsRepository.all() }),
  );

  app.post(
    calls.searchFaqs.path,
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: routeSchema(calls.searchFaqs),
    },
    async (request) => {
      const query = request.body.query.trim();
      return {
        success: true as const,
        value: query ? await app.faqsRepository.search(query) : await app.faqsRepository.all(),
      };
    },
  );

  app.post(
    calls.reportPlatformEvents.path,
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: routeSchema(calls.reportPlatformEvents),
    },
    async (request) => {
      await app.platformRepository.record(request.body.events);
      return { success: true as const };
    },
  );

  app.get(
    calls.platformEventsSummary.path,
    {
      config: { public: true },
      schema: routeSchema(calls.platformEventsSummary),
    },
    async () => ({ success: true as const, value: await app.platformRepository.summary() }),
  );
}
