import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import type { Planet } from '../../schemas/entities.js';

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

const SELECT = sql`SELECT id, name, radius, orbit_radius, orbit_duration, image_url FROM planets`;

export function createPlanetsRepository(db: Db) {
  let cache: Planet[] | null = null; // reference data, seeded at start

  return {
    /** Every planet in solar-system order, read once. */
    async all(): Promise<Planet[]> {
      cache ??= (await rows<PlanetRow>(db, sql`${SELECT} ORDER BY position`)).map(toPlanet);
      return cache;
    },

    async byId(id: string): Promise<Planet | null> {
      const [r] = await rows<PlanetRow>(db, sql`${SELECT} WHERE id = ${id}`);
      return r ? toPlanet(r) : null;
    },

    async exists(id: string): Promise<boolean> {
      return (await rows(db, sql`SELECT 1 FROM planets WHERE id = ${id}`)).length > 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    planetsRepository: ReturnType<typeof createPlanetsRepository>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('planetsRepository', createPlanetsRepository(app.db));
  },
  { name: 'planets-repository', dependencies: ['database'] },
);
