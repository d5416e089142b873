import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { errors, Faq, Ok, OkValue } from '../../schemas/entities.js';

/** Health, FAQs, platform events (all public). */
export default async function miscRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  // Liveness: this process answers (and names itself: NODE_NAME, also in every answer's x-skynet-node header).
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        security: [],
        description: 'Liveness: the process answers. `node` is also sent as `x-skynet-node` on every answer.',
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            node: Type.String(),
            pid: Type.Integer(),
            uptime: Type.Number(),
          }),
        },
      },
    },
    async () => ({
      success: true as const,
      node: app.health.node,
      pid: app.health.pid,
      uptime: Math.round(process.uptime()),
    }),
  );

  // Readiness: the database answers SELECT 1 and Redis (when configured) answers PING; 503 naming what failed.
  const readiness = Type.Object({
    success: Type.Boolean(),
    node: Type.String(),
    pid: Type.Integer(),
    database: Type.String(),
    redis: Type.String(),
    error: Type.Optional(Type.String()),
  });
  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        security: [],
        description: 'Readiness: `database` and `redis` are `ok`, `down` or `off` (Redis not configured).',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const r = await app.health.readiness();
      const body = { node: app.health.node, pid: app.health.pid, database: r.database, redis: r.redis };
      if (r.ready) return { success: true, ...body };
      return reply.code(503).send({ success: false, error: `Not ready: ${r.problems.join('; ')}.`, ...body });
    },
  );

  app.get(
    '/faqs',
    {
      config: { public: true },
      schema: { tags: ['faqs'], security: [], response: { 200: OkValue(Type.Array(Faq)) } },
    },
    async () => ({ success: true as const, value: await app.faqsRepository.all() }),
  );

  app.post(
    '/faqs',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['faqs'],
        security: [],
        description: 'FAQs whose question or answer matches the words of the query.',
        body: Type.Object({ query: Type.String({ maxLength: 200 }) }),
        response: { 200: OkValue(Type.Array(Faq)), ...errors(400, 429) },
      },
    },
    async (request) => {
      const query = request.body.query.trim();
      return {
        success: true as const,
        value: query ? await app.faqsRepository.search(query) : await app.faqsRepository.all(),
      };
    },
  );

  const short = (max: number) => Type.String({ minLength: 1, maxLength: max });
  app.post(
    '/platform/events',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['platform'],
        security: [],
        description: 'Micro-frontend load/mount/render telemetry. No personal data is stored.',
        body: Type.Object({
          events: Type.Array(
            Type.Object({
              type: Type.Union([
                Type.Literal('load'),
                Type.Literal('load-failure'),
                Type.Literal('mount-failure'),
                Type.Literal('render-failure'),
              ]),
              remote: short(64),
              version: short(32),
              at: Type.Optional(Type.String({ maxLength: 40 })),
            }),
            { maxItems: 50 },
          ),
        }),
        response: { 200: Ok, ...errors(400, 413, 429) },
      },
    },
    async (request) => {
      await app.platformRepository.record(request.body.events);
      return { success: true as const };
    },
  );

  app.get(
    '/platform/events/summary',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        security: [],
        description: 'Counts per remote, version and type over the last 24 hours.',
        response: {
          200: OkValue(
            Type.Array(
              Type.Object({
                remote: Type.String(),
                version: Type.String(),
                type: Type.String(),
                count: Type.Integer(),
                last: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async () => ({ success: true as const, value: await app.platformRepository.summary() }),
  );
}
