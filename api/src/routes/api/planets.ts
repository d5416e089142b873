import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/database.js';
import { PLANETS, planetSvg } from '../../db/seed.js';
import { notFound } from '../../lib/errors.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { errors, IdParams, OkValue, Planet } from '../../schemas/entities.js';

interface PlanetRow {
  id: string;
  name: string;
  radius: number;
  orbit_radius: number;
  orbit_duration: number;
  image_url: string;
}

const toPlanet = (r: PlanetRow): Planet => ({
  _id: r.id,
  name: r.name,
  visual: {
    radius: r.radius,
    orbitRadius: r.orbit_radius,
    orbitDuration: r.orbit_duration,
    imageUrl: r.image_url,
  },
});

const SVGS = new Map(PLANETS.map((p) => [`${p.id}.svg`, planetSvg(p)]));

/** Planets (public): the list in solar-system order, one planet, and their generated SVG images. */
export default async function planetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const select = sql`SELECT id, name, radius, orbit_radius, orbit_duration, image_url FROM planets`;
  let cache: Planet[] | null = null; // reference data, seeded at start

  app.get(
    '/planet',
    {
      config: { public: true },
      schema: { tags: ['planets'], security: [], response: { 200: OkValue(Type.Array(Planet)) } },
    },
    async () => {
      cache ??= (await rows<PlanetRow>(app.db, sql`${select} ORDER BY position`)).map(toPlanet);
      return { success: true as const, value: cache };
    },
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
      const [r] = await rows<PlanetRow>(app.db, sql`${select} WHERE id = ${request.params.id}`);
      if (!r) throw notFound('Planet not found.');
      return { success: true as const, value: toPlanet(r) };
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
