// The release signals (issue 33): what pages report (events with their error text, web-vitals measures) and how the
// API answered each remote's calls, per remote and version. Only what a valid page token names is counted, once per
// visitor and mark (platform_marks), up to a per-visitor cap; the measures are kept as per-minute histograms.
import type {
  PageTokenClaims,
  PlatformEvent,
  PlatformEventCount,
  PlatformMeasure,
  PlatformMeasureName,
} from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import { PAGE_TOKEN_LIFETIME_MS } from '../../lib/page-tokens.js';
import { bucketOf } from './releases/histogram.js';

export type { PlatformEvent };
/** One row of the summary (GET /api/platform/events/summary). */
export type PlatformSummaryRow = PlatformEventCount;

/** At most this many marks per visitor while its tokens live: one browser cannot outweigh many people. */
export const VISITOR_MARK_CAP = 300;
/** How often a node writes the API answers it counted. */
const API_FLUSH_MS = 5000;

/** How an answer counts for a release: 5xx (the server failed) and 400 (the page sent what the API refuses). */
export const isApiError = (status: number) => status >= 500 || status === 400;

const minuteOf = (time: number) => new Date(Math.floor(time / 60_000) * 60_000);
const clip = (text: string | undefined) => (text ? text.slice(0, 300) : null);
const named = (claims: PageTokenClaims, remote: string, version: string) =>
  claims.versions[remote]?.includes(version) === true;

interface HistogramRow {
  remote: string;
  version: string;
  metric: string;
  minute: Date;
  bucket: number;
  count: number;
}

export function createPlatformRepository(db: Db) {
  /** Adds counts to the histograms (rows with the same key summed first: one upsert may touch a row once). */
  async function addToHistograms(list: HistogramRow[]): Promise<void> {
    const merged = new Map<string, HistogramRow>();
    for (const row of list) {
      const key = `${row.remote}\u0000${row.version}\u0000${row.metric}\u0000${row.minute.getTime()}\u0000${row.bucket}`;
      const seen = merged.get(key);
      if (seen) seen.count += row.count;
      else merged.set(key, { ...row });
    }
    if (merged.size === 0) return;
    const values = [...merged.values()].map(
      (r) => sql`(${r.remote}, ${r.version}, ${r.metric}, ${r.minute}, ${r.bucket}, ${r.count})`,
    );
    await db.execute(sql`INSERT INTO platform_measures (remote, version, metric, minute, bucket, count)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (remote, version, metric, minute, bucket)
      DO UPDATE SET count = platform_measures.count + excluded.count`);
  }

  /** The marks that are new for this visitor (and within its cap); the others were counted already. */
  async function newMarks(visitor: string, marks: string[]): Promise<Set<string>> {
    if (marks.length === 0) return new Set();
    const values = marks.map((mark) => sql`(${mark})`);
    const added = await rows<{ mark: string }>(
      db,
      sql`INSERT INTO platform_marks (visitor, mark)
          SELECT ${visitor}, m FROM (VALUES ${sql.join(values, sql`, `)}) AS v(m)
          WHERE (SELECT count(*) FROM platform_marks WHERE visitor = ${visitor}) < ${VISITOR_MARK_CAP}
          ON CONFLICT DO NOTHING RETURNING mark`,
    );
    return new Set(added.map((row) => row.mark));
  }

  return {
    /**
     * Counts what a page reported under its verified token: each event once per visitor and remote version, each
     * measure once per page load; anything for a version the token does not name is dropped. Answers how many
     * counted.
     */
    async record(
      claims: PageTokenClaims,
      events: PlatformEvent[],
      measures: PlatformMeasure[] = [],
    ): Promise<number> {
      const eventMark = (e: PlatformEvent) => `e|${e.type}|${e.remote}|${e.version}`;
      const measureMark = (m: PlatformMeasure) => `m|${m.metric}|${m.remote}|${m.version}|${claims.page}`;
      const validEvents = events.filter((e) => named(claims, e.remote, e.version));
      const validMeasures = measures.filter((m) => named(claims, m.remote, m.version));
      const fresh = await newMarks(claims.visitor, [
        ...new Set([...validEvents.map(eventMark), ...validMeasures.map(measureMark)]),
      ]);
      const counted = validEvents.filter((e) => fresh.delete(eventMark(e)));
      const measured = validMeasures.filter((m) => fresh.delete(measureMark(m)));
      const now = Date.now();
      if (counted.length > 0) {
        const values = counted.map((e) => {
          // A client clock may be wrong: keep its time only when it is within a day of ours.
          const t = e.at ? Date.parse(e.at) : Number.NaN;
          const at = Number.isFinite(t) && Math.abs(t - now) < 86_400_000 ? new Date(t) : new Date(now);
          return sql`(${e.type}, ${e.remote}, ${e.version}, ${at}, ${clip(e.message)}, ${clip(e.source)})`;
        });
        await db.execute(
          sql`INSERT INTO platform_events (type, remote, version, at, message, source) VALUES ${sql.join(values, sql`, `)}`,
        );
      }
      await addToHistograms(
        measured.map((m) => ({
          remote: m.remote,
          version: m.version,
          metric: m.metric,
          minute: minuteOf(now),
          bucket: bucketOf(m.metric as PlatformMeasureName, m.value),
          count: 1,
        })),
      );
      return counted.length + measured.length;
    },
    /** Adds answers counted by a node (metric `api` or `files`): bucket 0 answered, bucket 1 an error. */
    addApiAnswers: (list: HistogramRow[]) => addToHistograms(list),
    /** Counted visitors per remote, version and type over the last `minutes`. */
    async summary(minutes = 1440): Promise<PlatformSummaryRow[]> {
      const list = await rows<{
        remote: string;
        version: string;
        type: string;
        count: number;
        last: Date | string;
      }>(
        db,
        sql`SELECT remote, version, type, count(*)::int AS count, max(at) AS last FROM platform_events
            WHERE received_at > now() - make_interval(mins => ${minutes})
            GROUP BY remote, version, type ORDER BY remote, version, type`,
      );
      return list.map((r) => ({ ...r, last: new Date(r.last).toISOString() }));
    },
    /** Keeps the tables small: events and measures older than 7 days, marks past a token's life. */
    async prune(): Promise<void> {
      await db.execute(sql`DELETE FROM platform_events WHERE received_at < now() - interval '7 days'`);
      await db.execute(sql`DELETE FROM platform_measures WHERE minute < now() - interval '7 days'`);
      await db.execute(
        sql`DELETE FROM platform_marks WHERE at < now() - make_interval(secs => ${PAGE_TOKEN_LIFETIME_MS / 1000})`,
      );
    },
  };
}

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;

/**
 * Counts the server's answers per remote version, in memory, written every few seconds (no request waits for it): the
 * API's answers to the calls that name their page (the shell's x-skynet-page and x-skynet-area headers), and the
 * site's answers to the files a published version lists.
 */
export function createApiAnswerCounter(repository: PlatformRepository, onError: (error: unknown) => void) {
  let pending = new Map<string, HistogramRow>();
  const flush = async () => {
    if (pending.size === 0) return;
    const list = [...pending.values()];
    pending = new Map();
    try {
      await repository.addApiAnswers(list);
    } catch (error) {
      onError(error);
    }
  };
  const timer = setInterval(() => void flush(), API_FLUSH_MS);
  timer.unref();
  return {
    /**
     * One answer: `api` (a call the page made: bucket 1 for isApiError) or `files` (a file the version lists:
     * bucket 1 for anything but 2xx and 304).
     */
    count(
      remote: string,
      version: string,
      status: number,
      metric: 'api' | 'files' = 'api',
      now = Date.now(),
    ) {
      const minute = minuteOf(now);
      const failed =
        metric === 'api' ? isApiError(status) : status >= 400 || (status >= 300 && status !== 304);
      const bucket = failed ? 1 : 0;
      const key = `${remote}\u0000${version}\u0000${metric}\u0000${minute.getTime()}\u0000${bucket}`;
      const row = pending.get(key);
      if (row) row.count += 1;
      else pending.set(key, { remote, version, metric, minute, bucket, count: 1 });
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    platformRepository: PlatformRepository;
    apiAnswers: ReturnType<typeof createApiAnswerCounter>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const repository = createPlatformRepository(app.db);
    app.decorate('platformRepository', repository);
    const counter = createApiAnswerCounter(repository, (error) =>
      app.log.warn({ err: error }, 'could not write the API answers counted for releases'),
    );
    app.decorate('apiAnswers', counter);
    app.addHook('onClose', async () => {
      await counter.stop();
    });
  },
  { name: 'platform-repository', dependencies: ['database'] },
);
