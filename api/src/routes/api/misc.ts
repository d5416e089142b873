import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { ADMINS_ONLY } from './admin.js';

/** Health, FAQs, platform events (public; their summary for administrators). */
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
    async (request, reply) => {
      // Accepted whatever it says (a page never suffers for its telemetry), counted only under a valid token.
      const claims = app.pageTokens.verify(request.body.token);
      if (claims) await app.platformRepository.record(claims, request.body.events, request.body.measures);
      return reply.code(204).send(null);
    },
  );

  app.get(
    calls.platformEventsSummary.path,
    { schema: routeSchema(calls.platformEventsSummary) },
    async (request) => {
      if (!currentUser(request).admin) throw forbidden(ADMINS_ONLY);
      return {
        success: true as const,
        value: await app.platformRepository.summary(request.query.minutes),
        registry: await app.releases.identity(),
      };
    },
  );
}
