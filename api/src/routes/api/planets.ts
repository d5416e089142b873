import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PLANETS, planetSvg } from '../../db/seed.js';
import { notFound } from '../../lib/errors.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { errors, IdParams, OkValue, Planet } from '../../schemas/entities.js';

const SVGS = new Map(PLANETS.map((p) => [`${p.id}.svg`, planetSvg(p)]));

/** Planets (public): the list in solar-system order, one planet, and their generated SVG images. */
export default async function planetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const planets = app.planetsRepository;

  app.get(
    '/planet',
    {
      config: { public: true },
      schema: { tags: ['planets'], security: [], response: { 200: OkValue(Type.Array(Planet)) } },
    },
    async () => ({ success: true as const, value: await planets.all() }),
  );

  app.get(
    '/planet/:id',
    {
      config: { public: true },
      schema: {
        tags: ['planets'],
        security: [],
        params: IdParams,
        response: { 200: OkValue(Planet), ...errors(404) },
      },
    },
    async (request) => {
      const planet = await planets.byId(request.params.id);
      if (!planet) throw notFound('Planet not found.');
      return { success: true as const, value: planet };
    },
  );

  app.get(
    '/planets/images/:file',
    {
      config: { public: true },
      schema: {
        tags: ['planets'],
        security: [],
        params: Type.Object({ file: Type.String({ maxLength: 40 }) }),
      },
    },
    async (request, reply) => {
      const svg = SVGS.get(request.params.file);
      if (!svg) throw notFound('Image not found.');
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );
}
