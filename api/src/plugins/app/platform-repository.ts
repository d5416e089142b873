import type { PlatformEvent, PlatformEventCount } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';

export type { PlatformEvent };
/** One row of the summary (GET /api/platform/events/summary). */
export type PlatformSummaryRow = PlatformEventCount;

export function createPlatformRepository(db: Db) {
  return {
    /** Stores events without any personal data (no IP, no user, no user agent). */
    async record(events: PlatformEvent[]): Promise<void> {
      if (events.length === 0) return;
      const now = Date.now();
      const values = events.map((e) => {
        // A client clock may be wrong: keep its time only when it is within a day of ours.
        const t = e.at ? Date.parse(e.at) : Number.NaN;
        const at = Number.isFinite(t) && Math.abs(t - now) < 86_400_000 ? new Date(t) : new Date(now);
        return sql`(${e.type}, ${e.remote}, ${e.version}, ${at})`;
      });
      await db.execute(
        sql`INSERT INTO platform_events (type, remote, version, at) VALUES ${sql.join(values, sql`, `)}`,
      );
    },
    async summary(): Promise<PlatformSummaryRow[]> {
      const list = await rows<{
        remote: string;
        version: string;
        type: string;
        count: number;
        last: Date | string;
      }>(
        db,
        sql`SELECT remote, version, type, count(*)::int AS count, max(at) AS last FROM platform_events
            WHERE received_at > now() - interval '24 hours'
            GROUP BY remote, version, type ORDER BY remote, version, type`,
      );
      return list.map((r) => ({ ...r, last: new Date(r.last).toISOString() }));
    },
    /** Keeps the table small: events older than 7 days are dropped by the maintenance job. */
    async prune(): Promise<void> {
      await db.execute(sql`DELETE FROM platform_events WHERE received_at < now() - interval '7 days'`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    platformRepository: ReturnType<typeof createPlatformRepository>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('platformRepository', createPlatformRepository(app.db));
  },
  { name: 'platform-repository', dependencies: ['database'] },
);
