import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { PLANETS, planetSvg } from '../../db/seed.js';
import { notFound } from '../../lib/errors.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';

const SVGS = new Map(PLANETS.map((p) => [`${p.id}.svg`, planetSvg(p)]));

/** Planets (public): the list in solar-system order, one planet, and their generated SVG images. */
export default async function planetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const planets = app.planetsRepository;

  app.get(
    calls.planets.path,
    {
      config: { public: true },
      schema: routeSchema(calls.planets),
    },
    async () => ({ success: true as const, value: await planets.all() }),
  );

  app.get(
    calls.planet.path,
    {
      config: { public: true },
      schema: routeSchema(calls.planet),
    },
    async (request) => {
      const planet = await planets.byId(request.params.id);
      if (!planet) throw notFound('Planet not found.');
      return { success: true as const, value: planet };
    },
  );

  app.get(
    calls.planetImage.path,
    {
      config: { public: true },
      schema: routeSchema(calls.planetImage),
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
