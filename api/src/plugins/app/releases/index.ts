// Releases judged by real people (issue 33): each remote's placement, its canary compared with stable on what people
// met (analysis.ts), the release console's actions, and the analysis job's decisions, written to the registry through
// the one placement code ops uses (@skynet/site/registry) with a history line carrying the figures.
import type {
  CanaryAnalysis,
  PlatformMeasureName,
  Registry,
  RegistryIdentity,
  ReleaseAction,
  ReleaseFailure,
  ReleaseHistoryLine,
  ReleaseMeasureName,
  ReleaseSeriesPoint,
  RemoteEntry,
  RemoteRelease,
} from '@skynet/contract';
import { policyOf } from '@skynet/contract';
import {
  changePlacement,
  endCanaryEntry,
  type HistoryEntry,
  pauseEntry,
  promoteEntry,
  RegistryError,
  type RegistryStore,
  registryStore,
  rollbackEntry,
  widenEntry,
} from '@skynet/site/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../../db/database.js';
import { type ArmFigures, compare, decide, describeMeasure } from './analysis.js';
import { type Histogram, quantile } from './histogram.js';

/** The longest stretch compared (a canary older than this is judged on its last day). */
const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Points per chart at most: minutes are grouped when the window is longer. */
const MAX_POINTS = 60;
const HISTORY_LINES = 20;
const FAILURE_TYPES = ['load-failure', 'evaluate-failure', 'mount-failure', 'render-failure'];
const TRY_TYPES = ['load', 'load-failure', 'evaluate-failure'];

const emptyArm = (): ArmFigures => ({
  tries: 0,
  failures: 0,
  lcp: new Map(),
  inp: new Map(),
  cls: new Map(),
  apiCalls: 0,
  apiErrors: 0,
  files: 0,
  fileErrors: 0,
});

const iso = (value: Date | string) => new Date(value).toISOString();

/** Adds one histogram row (platform_measures) to a side's figures. */
function addMeasure(arm: ArmFigures, row: { metric: string; bucket: number; count: number }): void {
  if (row.metric === 'api') {
    arm.apiCalls += row.count;
    if (row.bucket === 1) arm.apiErrors += row.count;
  } else if (row.metric === 'files') {
    arm.files += row.count;
    if (row.bucket === 1) arm.fileErrors += row.count;
  } else if (row.metric === 'lcp' || row.metric === 'inp' || row.metric === 'cls') {
    arm[row.metric].set(row.bucket, (arm[row.metric].get(row.bucket) ?? 0) + row.count);
  }
}

/** Adds counted visitors of one event type (platform_events) to a side's figures. */
function addEvents(arm: ArmFigures, row: { type: string; count: number }): void {
  if (TRY_TYPES.includes(row.type)) arm.tries += row.count;
  if (FAILURE_TYPES.includes(row.type)) arm.failures += row.count;
}

/** When the canary's current step began: its `since`, else the history line that set it, else a day ago. */
function stepStart(entry: RemoteEntry, history: HistoryEntry[], remote: string, now: Date): Date {
  const floor = now.getTime() - MAX_WINDOW_MS;
  const from = entry.canary?.since
    ? Date.parse(entry.canary.since)
    : Date.parse(
        history
          .filter((line) => line.remote === remote && line.to?.canary?.version === entry.canary?.version)
          .at(-1)?.at ?? '',
      );
  return new Date(Number.isFinite(from) ? Math.max(from, floor) : floor);
}

const historyLine = (line: HistoryEntry): ReleaseHistoryLine => ({
  at: line.at,
  command: line.command,
  user: typeof line.user === 'string' ? line.user : null,
  version: line.version ?? line.to?.canary?.version ?? line.to?.stable ?? null,
  reason: line.reason ?? null,
  from: line.from ?? null,
  to: line.to ?? null,
});

export function createReleases(db: Db, store: RegistryStore) {
  /**
   * Each side's figures over [since, now] for one remote. The timings are kept per minute, so the minute `since` falls
   * in also holds what came before it: `wholeMinutes` names a version (stable, beside a canary) whose timings (lcp,
   * inp, cls: they follow the machine's load of the moment, where error shares do not) start at the first whole
   * minute instead. Stable's paints from before the canary, on a machine loaded differently, made a
   * canary of the same code look slower (CI: p75 1,388 ms on 5 vs 1,175 ms on 12, p = 0.004, rolled back); the canary
   * has no timings from before its step, and stable loses less than a minute of its larger traffic.
   */
  async function figures(remote: string, versions: string[], since: Date, wholeMinutes?: string) {
    const arms = new Map(versions.map((v) => [v, emptyArm()]));
    const list = sql.join(
      versions.map((v) => sql`${v}`),
      sql`, `,
    );
    const events = await rows<{ version: string; type: string; count: number }>(
      db,
      sql`SELECT version, type, count(*)::int AS count FROM platform_events
          WHERE remote = ${remote} AND version IN (${list}) AND received_at >= ${since}
          GROUP BY version, type`,
    );
    for (const row of events) {
      const arm = arms.get(row.version);
      if (arm) addEvents(arm, row);
    }
    const firstMinute = new Date(Math.floor(since.getTime() / 60_000) * 60_000);
    const firstWholeMinute = new Date(Math.ceil(since.getTime() / 60_000) * 60_000);
    const buckets = await rows<{ version: string; metric: string; bucket: number; count: number }>(
      db,
      sql`SELECT version, metric, bucket, sum(count)::int AS count FROM platform_measures
          WHERE remote = ${remote} AND version IN (${list})
            AND minute >= CASE WHEN version = ${wholeMinutes ?? null} AND metric IN ('lcp', 'inp', 'cls')
                               THEN ${firstWholeMinute}::timestamptz ELSE ${firstMinute}::timestamptz END
          GROUP BY version, metric, bucket`,
    );
    for (const row of buckets) {
      const arm = arms.get(row.version);
      if (arm) addMeasure(arm, row);
    }
    return arms;
  }

  /** The charts' points: per group of minutes, each measure of each side. */
  async function series(
    remote: string,
    sides: { stable: string; canary: string },
    since: Date,
    now: Date,
  ): Promise<ReleaseSeriesPoint[]> {
    const minutes = Math.max(1, Math.ceil((now.getTime() - since.getTime()) / 60_000));
    const width = Math.max(1, Math.ceil(minutes / MAX_POINTS)) * 60_000;
    const start = Math.floor(since.getTime() / 60_000) * 60_000;
    const slot = (time: Date | string) =>
      start + Math.floor((new Date(time).getTime() - start) / width) * width;
    const versions = sql`${sides.stable}, ${sides.canary}`;
    const measures = await rows<{
      version: string;
      metric: string;
      minute: Date;
      bucket: number;
      count: number;
    }>(
      db,
      sql`SELECT version, metric, minute, bucket, count FROM platform_measures
          WHERE remote = ${remote} AND version IN (${versions}) AND minute >= ${new Date(start)}`,
    );
    const events = await rows<{ version: string; type: string; minute: Date; count: number }>(
      db,
      sql`SELECT version, type, date_trunc('minute', received_at) AS minute, count(*)::int AS count
          FROM platform_events
          WHERE remote = ${remote} AND version IN (${versions}) AND received_at >= ${new Date(start)}
          GROUP BY version, type, date_trunc('minute', received_at)`,
    );
    const slots = new Map<string, { arm: ArmFigures; at: number; version: string }>();
    const armAt = (version: string, time: Date | string) => {
      const at = slot(time);
      const key = `${version}|${at}`;
      let found = slots.get(key);
      if (!found) {
        found = { arm: emptyArm(), at, version };
        slots.set(key, found);
      }
      return found.arm;
    };
    for (const row of measures) addMeasure(armAt(row.version, row.minute), row);
    for (const row of events) addEvents(armAt(row.version, row.minute), row);
    const points: ReleaseSeriesPoint[] = [];
    for (const { arm, at, version } of [...slots.values()].sort((a, b) => a.at - b.at)) {
      const side = version === sides.canary ? ('canary' as const) : ('stable' as const);
      const point = (name: ReleaseMeasureName, value: number | null, samples: number) =>
        points.push({ at: new Date(at).toISOString(), name, arm: side, value, samples });
      if (arm.tries > 0) point('failures', Math.min(1, arm.failures / arm.tries), arm.tries);
      for (const metric of ['lcp', 'inp', 'cls'] as const) {
        const histogram: Histogram = arm[metric];
        const n = [...histogram.values()].reduce((s, c) => s + c, 0);
        if (n > 0) point(metric, quantile(metric as PlatformMeasureName, histogram, 0.75), n);
      }
      if (arm.apiCalls > 0) point('api-errors', arm.apiErrors / arm.apiCalls, arm.apiCalls);
      if (arm.files > 0) point('file-errors', arm.fileErrors / arm.files, arm.files);
    }
    return points;
  }

  /** The failures people met with a version, grouped by error text and place, most frequent first. */
  async function failures(remote: string, versions: string[], since: Date): Promise<ReleaseFailure[]> {
    const list = sql.join(
      versions.map((v) => sql`${v}`),
      sql`, `,
    );
    const found = await rows<{
      version: string;
      type: string;
      message: string;
      source: string;
      count: number;
      last: Date;
    }>(
      db,
      sql`SELECT version, type, coalesce(message, '') AS message, coalesce(source, '') AS source,
                 count(*)::int AS count, max(received_at) AS last
          FROM platform_events
          WHERE remote = ${remote} AND version IN (${list}) AND type <> 'load' AND received_at >= ${since}
          GROUP BY version, type, coalesce(message, ''), coalesce(source, '')
          ORDER BY count DESC, last DESC LIMIT 20`,
    );
    return found.map((row) => ({ ...row, last: iso(row.last) }));
  }

  async function analyse(
    remote: string,
    entry: RemoteEntry,
    history: HistoryEntry[],
    now: Date,
  ): Promise<CanaryAnalysis | null> {
    const canary = entry.canary;
    if (!canary || canary.version === entry.stable) return null;
    const since = stepStart(entry, history, remote, now);
    const arms = await figures(remote, [entry.stable, canary.version], since, entry.stable);
    // At 100% nobody meets stable during the step: stable is judged on its last day instead.
    if (canary.percent >= 100) {
      const recent = await figures(remote, [entry.stable], new Date(now.getTime() - MAX_WINDOW_MS));
      arms.set(entry.stable, recent.get(entry.stable) ?? emptyArm());
    }
    const policy = policyOf(entry);
    const measures = compare(
      arms.get(entry.stable) ?? emptyArm(),
      arms.get(canary.version) ?? emptyArm(),
      policy,
    );
    const { decision, reason } = decide(canary, policy, measures, since, now);
    return {
      at: now.toISOString(),
      since: since.toISOString(),
      decision,
      reason,
      measures,
      series: await series(remote, { stable: entry.stable, canary: canary.version }, since, now),
      failures: await failures(remote, [entry.stable, canary.version], since),
    };
  }

  async function describe(
    remote: string,
    entry: RemoteEntry,
    history: HistoryEntry[],
    now: Date,
  ): Promise<RemoteRelease> {
    return {
      stable: entry.stable,
      canary: entry.canary
        ? {
            version: entry.canary.version,
            percent: entry.canary.percent,
            since: entry.canary.since ?? null,
            paused: entry.canary.paused === true,
          }
        : null,
      policy: policyOf(entry),
      versions: Object.entries(entry.versions).map(([version, v]) => ({
        version,
        publishedAt: v.publishedAt ?? null,
        kit: typeof v.built?.kit === 'string' ? v.built.kit : null,
        contract: typeof v.built?.contract === 'string' ? v.built.contract : null,
      })),
      analysis: await analyse(remote, entry, history, now),
      history: history
        .filter((line) => line.remote === remote)
        .slice(-HISTORY_LINES)
        .reverse()
        .map(historyLine),
    };
  }

  const identityOf = (registry: Registry, revision: number): RegistryIdentity => ({
    product: registry.product ?? null,
    revision,
  });

  return {
    store,
    async identity(): Promise<RegistryIdentity> {
      const snapshot = await store.read();
      return identityOf(snapshot.registry, snapshot.revision);
    },
    /** Every remote's release, for the console. */
    async report(now = new Date()) {
      const snapshot = await store.read();
      const history = await store.history();
      const value: Record<string, RemoteRelease> = {};
      for (const [name, entry] of Object.entries(snapshot.registry.remotes)) {
        value[name] = await describe(name, entry, history, now);
      }
      return { value, registry: identityOf(snapshot.registry, snapshot.revision) };
    },
    /** A person's action from the console: promote, pause (again: resume) or roll back, with a reason. */
    async act(remote: string, action: ReleaseAction, reason: string, user: string, now = new Date()) {
      const snapshot = await store.read();
      const entry = snapshot.registry.remotes[remote];
      if (!entry) throw new RegistryError(`${remote} is not in the registry`, 'missing');
      const resume = action === 'pause' && entry.canary?.paused === true;
      const history = await store.history();
      const result = await changePlacement(store, {
        remote,
        command: resume ? 'resume' : action,
        reason,
        user,
        change: (current) =>
          action === 'promote'
            ? promoteEntry(remote, current)
            : action === 'pause'
              ? pauseEntry(remote, current, !resume)
              : rollbackEntry(remote, current, history),
      });
      return describe(remote, result.entry, await store.history(), now);
    },
    /**
     * The analysis job's round: every canary analysed and acted on per its policy (rolled back, widened, promoted),
     * each change a history line with the figures. Answers what it did.
     */
    async runAnalysis(now = new Date()) {
      const snapshot = await store.read();
      const history = await store.history();
      const done: Array<{ remote: string; version: string; decision: string; reason: string }> = [];
      for (const [remote, entry] of Object.entries(snapshot.registry.remotes)) {
        const analysis = await analyse(remote, entry, history, now);
        const canary = entry.canary;
        if (!analysis || !canary) continue;
        const { decision, reason } = analysis;
        const figures = analysis.measures.map(describeMeasure);
        const change =
          decision === 'rollback'
            ? (current: RemoteEntry) => endCanaryEntry(remote, current, canary.version)
            : decision === 'promote'
              ? (current: RemoteEntry) => promoteEntry(remote, current, canary.version)
              : decision === 'advance'
                ? (current: RemoteEntry) =>
                    widenEntry(
                      remote,
                      current,
                      canary.version,
                      decide(canary, policyOf(entry), analysis.measures, new Date(analysis.since), now)
                        .percent ?? 100,
                      now,
                    )
                : null;
        if (!change) continue;
        try {
          await changePlacement(store, {
            remote,
            command: 'release-analysis',
            reason: `${decision}: ${reason}`,
            user: 'release-analysis',
            extra: { version: canary.version, decision, figures },
            change,
          });
          done.push({ remote, version: canary.version, decision, reason });
        } catch (error) {
          // Someone changed the remote meanwhile: the next round looks again.
          if (!(error instanceof RegistryError)) throw error;
        }
      }
      return done;
    },
  };
}

export type Releases = ReturnType<typeof createReleases>;

declare module 'fastify' {
  interface FastifyInstance {
    releases: Releases;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'releases',
      createReleases(app.db, registryStore(app.config.siteDir, app.config.databaseUrl)),
    );
  },
  { name: 'releases', dependencies: ['database', 'platform-repository'] },
);
