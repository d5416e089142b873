import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { errors, Faq, Ok, OkValue } from '../../schemas/entities.js';

/** Health, FAQs, platform events (all public). */
export default async function miscRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['platform'], security: [], response: { 200: Ok } } },
    async () => ({ success: true as const }),
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
