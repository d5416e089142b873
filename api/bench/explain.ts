/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the API really runs for each bench call: the bench calls the repositories
 * themselves (the same functions the routes call) on a pool whose queries it records, then explains each recorded
 * statement with its own parameters, so the plans shown are the plans served, not hand-copied SQL.
 */
import pg from 'pg';
import { openPostgres } from '../src/db/database.js';
import { createPostsRepository } from '../src/plugins/app/posts-repository.js';
import { createUsersRepository } from '../src/plugins/app/users-repository.js';

type Repositories = {
  posts: ReturnType<typeof createPostsRepository>;
  users: ReturnType<typeof createUsersRepository>;
};

export interface ExplainedCall {
  name: string;
  /** Indexes the plans read (Index Scan, Index Only Scan, Bitmap Index Scan). */
  indexes: string[];
  /** Tables read whole: none of the big ones (posts, users) may appear here. */
  seqScans: string[];
  /** The sum of the statements' execution times, ms. */
  executionMs: number;
  plans: string[];
}

interface Recorded {
  text: string;
  values: unknown[];
}

export async function explainCalls(
  url: string,
  calls: { name: string; run: (r: Repositories) => Promise<unknown> }[],
): Promise<ExplainedCall[]> {
  let recording: Recorded[] | null = null;
  const original = pg.Pool.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this wrapper only forwards them.
  pg.Pool.prototype.query = function (this: pg.Pool, config: any, values?: any, callback?: any) {
    if (recording) {
      const text = typeof config === 'string' ? config : config.text;
      const params = (Array.isArray(values) ? values : config?.values) ?? [];
      recording.push({ text, values: params });
    }
    return (original as (...args: unknown[]) => unknown).call(this, config, values, callback);
  } as typeof original;
  const database = await openPostgres(url, 2);
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  try {
    const repositories: Repositories = {
      posts: createPostsRepository(database.db, database),
      users: createUsersRepository(database.db),
    };
    const out: ExplainedCall[] = [];
    for (const call of calls) {
      recording = [];
      await call.run(repositories);
      const statements = recording;
      recording = null;
      const plans: string[] = [];
      let executionMs = 0;
      for (const s of statements) {
        const r = await explainer.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.text}`,
          s.values,
        );
        const plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
        executionMs += Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
        plans.push(plan);
      }
      const all = plans.join('\n');
      out.push({
        name: call.name,
        indexes: [
          ...new Set(
            [
              ...all.matchAll(
                /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g,
              ),
            ].map((m) => m[1]!),
          ),
        ],
        seqScans: [...new Set([...all.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]!))],
        executionMs,
        plans,
      });
    }
    return out;
  } finally {
    pg.Pool.prototype.query = original;
    await explainer.end();
    await database.close();
  }
}
