import { ADVISORY_LOCKS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/database.js';
import { retryOnConflict } from '../../lib/retry.js';
import type { Sealer } from '../../lib/sealed.js';
import type { Mail } from './mailer.js';

const PURGE_LOCK = ADVISORY_LOCKS.purge;
const HOUR = 60 * 60 * 1000;

/**
 * Purges accounts deleted more than `days` ago. Safe on every process at once: one transaction holding
 * pg_try_advisory_xact_lock (others skip), rows locked with SKIP LOCKED. Their posts and comments stay as deleted
 * items (feeds and replies stay consistent), everything else of theirs goes, and the counts they touched are
 * corrected in the same transaction. Returns the purged ids (avatar files are removed after commit).
 */
export async function purgeDeletedAccounts(
  db: Db,
  days: number,
  now = new Date(),
): Promise<{ ids: string[]; avatars: string[] }> {
  const cutoff = new Date(now.getTime() - days * 24 * HOUR);
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS ok`,
    );
    if (!lock?.ok) return { ids: [], avatars: [] };
    const victims = await rows<{ id: string; avatar_file: string | null }>(
      tx,
      sql`SELECT id, avatar_file FROM users WHERE deleted_at IS NOT NULL AND deleted_at < ${cutoff}
          ORDER BY deleted_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
    );
    if (victims.length === 0) return { ids: [], avatars: [] };
    const ids = victims.map((v) => v.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    // Their posts and comments alike (comments are rows of posts, drizzle/0004).
    // Nothing personal stays (issue 31): the rows keep feeds and threads whole, not where they were written.
    await tx.execute(
      sql`UPDATE posts SET deleted = true, content = '', content_warning = NULL, latitude = 0, longitude = 0,
            tags = '{}', mentions = '[]'
          WHERE author_id IN (${idList})`,
    );
    await tx.execute(
      sql`DELETE FROM post_tags WHERE post_id IN (SELECT id FROM posts WHERE author_id IN (${idList}))`,
    );
    await tx.execute(sql`UPDATE posts p SET like_count = GREATEST(p.like_count - l.n, 0)
      FROM (SELECT post_id, count(*)::int AS n FROM likes WHERE user_id IN (${idList}) GROUP BY post_id) l
      WHERE p.id = l.post_id`);
    await tx.execute(sql`UPDATE users u SET follower_count = GREATEST(u.follower_count - f.n, 0)
      FROM (SELECT followee_id, count(*)::int AS n FROM follows WHERE follower_id IN (${idList}) GROUP BY followee_id) f
      WHERE u.id = f.followee_id`);
    await tx.execute(sql`UPDATE users u SET following_count = GREATEST(u.following_count - f.n, 0)
      FROM (SELECT follower_id, count(*)::int AS n FROM follows WHERE followee_id IN (${idList}) GROUP BY follower_id) f
      WHERE u.id = f.follower_id`);
    // Cascades: likes, saves, follows, conversations (and their messages), reset tokens, sign-in codes.
    await tx.execute(sql`DELETE FROM users WHERE id IN (${idList})`);
    return { ids, avatars: victims.map((v) => v.avatar_file).filter((f): f is string => f !== null) };
  });
}

/** What a mail job holds: the mail, sealed (lib/sealed.ts). */
export interface SealedMailJob {
  sealed: string;
}
/** The sealer's purpose of mail jobs: a value sealed for anything else does not open as a mail. */
export const MAIL_JOB_PURPOSE = 'mail job';

/** The mail a job holds, or null when it cannot be opened (another key, another purpose, not a mail). */
export function openMailJob(sealer: Sealer, data: unknown): Mail | null {
  const sealed = (data as Partial<SealedMailJob> | null)?.sealed;
  if (typeof sealed !== 'string') return null;
  const plain = sealer.open(sealed, MAIL_JOB_PURPOSE);
  if (plain === null) return null;
  try {
    const mail = JSON.parse(plain) as Partial<Mail>;
    return typeof mail.to === 'string' && typeof mail.subject === 'string' && typeof mail.text === 'string'
      ? (mail as Mail)
      : null;
  } catch {
    return null;
  }
}

const ADDRESS = /[^\s<>()[\]:;,"']+@[^\s<>()[\]:;,"']+/g;

/** A delivery error as logs and the job table may keep it: e-mail addresses in its text replaced by `[address]`. */
export function withoutAddresses(err: unknown): Error {
  const source = err instanceof Error ? err : new Error(String(err));
  const out = new Error(source.message.replace(ADDRESS, '[address]'));
  const { code, responseCode, command } = source as Error & Record<string, unknown>;
  return Object.assign(out, { code, responseCode, command });
}

/**
 * The statements of pg-boss 10's worker that it runs without awaiting (manager.js `work`: `this.complete(...)` and
 * `this.fail(...)` after the handler): completing (`completeJobs`) and failing (`failJobsById`) jobs.
 */
const UNAWAITED_BY_PG_BOSS =
  /^\s*WITH (results AS \(\s*UPDATE \S+\.job\s+SET completed_on|deleted_jobs AS \(\s*DELETE FROM \S+\.job)/;

/** The queues this API uses (pg-boss queue names). */
export const QUEUES = {
  mail: 'mail',
  purge: 'purge',
  avatarRemoval: 'avatar-removal',
  releaseAnalysis: 'release-analysis',
  timeline: 'timeline',
} as const;

/** What a timeline job holds: the post to append to its author's and followers' Following timelines (issue 35). */
export interface TimelineJob {
  postId: string;
  authorId: string;
  planetId: string;
}

/** How long a replaced avatar's file stays: pages already open may still show it (issue 31: then it goes). */
export const REPLACED_AVATAR_TTL_SECONDS = 10 * 60;

export interface Jobs {
  runPurge(now?: Date): Promise<string[]>;
  /**
   * Stores a mail in the `mail` queue (PostgreSQL or the embedded database) and wakes this process's worker. The
   * worker sends it, retrying with exponential backoff until it is sent or given up (logged as an error). Resolves
   * once the job is stored, so a mail server that is down loses nothing.
   */
  queueMail(mail: Mail): Promise<void>;
  /** Removes a replaced avatar's file once pages still showing it are likely gone (REPLACED_AVATAR_TTL_SECONDS). */
  removeAvatarLater(file: string): Promise<void>;
  /**
   * Stores the fan-out of a published post to the Following timelines (issue 35) and wakes this process's worker, which
   * appends it (timelines.fanOut, idempotent) and tells the readers' sockets; retried until done, by any process.
   */
  queueFanOut(post: TimelineJob): Promise<void>;
  /** The pg-boss instance (tests and operators read job states through it). */
  boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Durable background work on pg-boss, in the API's own database through `database.executeSql` (the same pool on
 * PostgreSQL; PGlite in the embedded mode, where pg-boss's SQL, SKIP LOCKED and advisory locks run as they are).
 * Every process runs the workers; a job is fetched by one of them (SKIP LOCKED). The purge is a pg-boss schedule:
 * pg-boss sends one job per cron slot whichever processes are up, and the `singleton` queue runs one at a time.
 */
async function jobsPlugin(app: FastifyInstance, opts: { config: Config; schedule?: boolean }) {
  const { mailRetryLimit, mailRetryDelaySeconds, purgeCron } = opts.config;
  // A worker not woken by a send on its own process looks for jobs this often.
  const pollingIntervalSeconds = 2;
  // pg-boss's statements still running, and this process's job handlers. On close pg-boss stops waiting as soon as no
  // job is in hand, but a fetch under way still hands its jobs to a handler afterwards, and a finished job is
  // completed by a statement pg-boss does not await: both must reach the database before it closes (else "Cannot use
  // a pool after calling end on the pool" as an unhandled rejection; seen once every sign-up queued a mail, issue 32).
  const running = new Set<Promise<unknown>>();
  let handling = 0;
  const handled =
    <T, R>(handler: (jobs: T) => Promise<R>) =>
    async (jobs: T): Promise<R> => {
      handling += 1;
      try {
        return await handler(jobs);
      } finally {
        handling -= 1;
      }
    };
  /** Waits (at most about 5 s) until no handler runs and no statement of pg-boss is under way. */
  const settled = async () => {
    for (let i = 0; i < 500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (running.size === 0 && handling === 0) return;
      await Promise.allSettled([...running]);
    }
  };
  const executeSql = (text: string, values?: unknown[]) => {
    const statement = app.database.executeSql(text, values);
    running.add(statement);
    const done = () => running.delete(statement);
    statement.then(done, done);
    if (!UNAWAITED_BY_PG_BOSS.test(text)) return statement;
    // pg-boss's worker completes or fails a job without awaiting it: a database that goes away at that moment would
    // be an unhandled rejection, which ends a Node process. The job stays active instead; it expires and is retried
    // (at least once, as every job here).
    return statement.catch((err: unknown) => {
      app.log.warn({ err }, 'a job could not be marked done; it will be retried when it expires');
      return { rows: [{ count: '0' }] };
    });
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    schedule: opts.schedule !== false,
    // Each process looks at the timetable every 10 s (one UPDATE decides which one sends the slot's job), and due
    // jobs move to their queue within 2 s: a slot's job starts within about 15 s of its minute.
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 2,
    // A finished job (it may hold a reset link) leaves the job table after an hour and the archive an hour later.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterHours: 1,
  });
  // Without a listener an 'error' event would end the process; pg-boss goes on polling and recovers by itself
  // (PostgreSQL restarting, a statement timeout).
  boss.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'job queue error'));

  const jobs: Jobs = {
    boss,
    async runPurge(now) {
      const { ids, avatars } = await purgeDeletedAccounts(app.db, opts.config.purgeAfterDays, now);
      // Their posts now read as deleted, their names as Deleted User, likes they gave are gone: no cached page holds.
      if (ids.length > 0) await app.feedChanged({ kind: 'clear' });
      for (const id of ids) app.tokens.forget(id);
      await Promise.all(avatars.map((f) => app.avatars.remove(f)));
      await app.db.execute(sql`DELETE FROM oauth_states WHERE expires_at < now()`);
      await app.db.execute(sql`DELETE FROM oauth_codes WHERE expires_at < now()`);
      await app.db.execute(sql`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
      await app.db.execute(sql`DELETE FROM data_exports WHERE expires_at < now()`);
      // Security events are kept SECURITY_EVENTS_KEPT_DAYS (180, docs/security.md); spent confirmation links a day.
      await app.securityLog.purge(now);
      await app.db.execute(sql`DELETE FROM email_verifications WHERE expires_at < now() - interval '1 day'`);
      await app.platformRepository.prune();
      if (ids.length > 0) app.log.info({ count: ids.length }, 'purged deleted accounts');
      return ids;
    },
    async removeAvatarLater(file) {
      await boss.send(QUEUES.avatarRemoval, { file }, { startAfter: REPLACED_AVATAR_TTL_SECONDS });
    },
    async queueFanOut(post) {
      const id = await boss.send(QUEUES.timeline, post);
      if (!id) throw new Error('the timeline queue did not take the post');
      if (timelineWorker) boss.notifyWorker(timelineWorker);
    },
    async queueMail(mail) {
      // Sealed (issue 32): the job row and its archive hold no address and no link a read of the database could use.
      const data: SealedMailJob = { sealed: app.sealer.seal(JSON.stringify(mail), MAIL_JOB_PURPOSE) };
      const id = await boss.send(QUEUES.mail, data);
      if (!id) throw new Error('the mail queue did not take the mail');
      if (mailWorker) boss.notifyWorker(mailWorker);
    },
  };
  app.decorate('jobs', jobs);

  let mailWorker: string | null = null;
  let timelineWorker: string | null = null;
  await boss.start();
  // Registered at once, so a start that fails further down still stops pg-boss's timers when the app closes.
  app.addHook('onClose', async () => {
    // Before the database closes (onClose runs in reverse order of registration): a job being worked on gets a
    // few seconds to finish, else it is failed and retried later by any process.
    await boss.stop({ graceful: true, timeout: 5_000, close: false });
    await settled();
  });
  const mailQueue = {
    name: QUEUES.mail,
    retryLimit: mailRetryLimit,
    retryDelay: mailRetryDelaySeconds,
    retryBackoff: true,
    // nodemailer gives up on a silent server after 10 + 10 + 30 s (mailer.ts): a job running longer is stuck.
    expireInSeconds: 120,
  };
  // createQueue keeps an existing queue's settings; updateQueue applies this version's. Replicas that start at the same
  // moment on a new database can deadlock in createQueue (seen with two API processes): PostgreSQL rolls one back, and
  // it simply runs again.
  await retryOnConflict(() => boss.createQueue(QUEUES.mail, mailQueue));
  await retryOnConflict(() => boss.updateQueue(QUEUES.mail, mailQueue));
  await retryOnConflict(() =>
    boss.createQueue(QUEUES.purge, {
      name: QUEUES.purge,
      policy: 'singleton',
      retryLimit: 2,
      retryDelay: 60,
      expireInSeconds: 900,
    }),
  );

  mailWorker = await boss.work<SealedMailJob>(
    QUEUES.mail,
    { includeMetadata: true, pollingIntervalSeconds },
    handled(async ([job]) => {
      if (!job) return;
      const attempt = job.retryCount + 1;
      const mail = openMailJob(app.sealer, job.data);
      if (!mail) {
        // Sealed under another secret (JWT_SECRET changed) or not a mail job: no attempt can ever open it, so it
        // completes now instead of being retried until given up. Its content is unknown and stays out of the log.
        app.log.error({ job: job.id }, 'mail job cannot be opened (the server secret changed?); dropped');
        return;
      }
      try {
        await app.mailer.deliver(mail, job.id);
      } catch (err) {
        // Logs and the job's stored output name the job, never the address (a refusal's text often quotes it).
        const failure = withoutAddresses(err);
        const log = { err: failure, job: job.id, attempt, subject: mail.subject };
        if (job.retryCount >= job.retryLimit) app.log.error(log, `mail given up after ${attempt} attempts`);
        else app.log.warn(log, 'mail not sent; it will be retried with backoff');
        throw failure;
      }
      if (attempt > 1) app.log.info({ job: job.id, attempt }, 'mail sent after retries');
    }),
  );
  await retryOnConflict(() =>
    boss.createQueue(QUEUES.avatarRemoval, { name: QUEUES.avatarRemoval, retryLimit: 5, retryDelay: 60 }),
  );
  await boss.work<{ file: string }>(
    QUEUES.avatarRemoval,
    { pollingIntervalSeconds },
    handled(async ([job]) => {
      if (!job) return;
      // Still someone's avatar (an Undo stores a new file, so only a restore by hand could bring it back): kept.
      const [inUse] = await rows(app.db, sql`SELECT 1 FROM users WHERE avatar_file = ${job.data.file}`);
      if (!inUse) await app.avatars.remove(job.data.file);
    }),
  );
  const timelineQueue = {
    name: QUEUES.timeline,
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 60,
  };
  await retryOnConflict(() => boss.createQueue(QUEUES.timeline, timelineQueue));
  timelineWorker = await boss.work<TimelineJob>(
    QUEUES.timeline,
    { pollingIntervalSeconds, batchSize: 10 },
    handled(async (batch) => {
      for (const job of batch) {
        // The job's post and any published before it that no job has appended yet, oldest first.
        for (const done of await app.timelines.fanOut(job.data.postId)) {
          if (done.owners.length === 0) continue;
          // Nobody who blocks or mutes the author hears of it (as the galaxy's announcement, posts.ts). A silenced
          // author's followers still do: the Following timeline shows them, as Mastodon's limited accounts.
          const audience = await app.safety.liveAudience(done.authorId);
          app.realtime.timelinePost(
            done.owners,
            { id: done.postId, planetId: done.planetId },
            audience.excluded,
          );
        }
      }
    }),
  );
  await boss.work(
    QUEUES.purge,
    { pollingIntervalSeconds },
    handled(async () => {
      await jobs.runPurge();
    }),
  );
  if (opts.schedule !== false) await boss.schedule(QUEUES.purge, purgeCron);

  // The release analysis (issue 33): every node offers a round each interval, and pg-boss keeps one per interval
  // (singletonSeconds) and runs one at a time (singleton queue), on whichever node is up.
  const analysisSeconds = opts.config.releaseAnalysisSeconds;
  if (analysisSeconds > 0 && opts.schedule !== false) {
    await retryOnConflict(() =>
      boss.createQueue(QUEUES.releaseAnalysis, {
        name: QUEUES.releaseAnalysis,
        policy: 'singleton',
        retryLimit: 0,
        expireInSeconds: 120,
      }),
    );
    const analysisWorker = await boss.work(
      QUEUES.releaseAnalysis,
      { pollingIntervalSeconds: Math.min(pollingIntervalSeconds, analysisSeconds) },
      handled(async () => {
        for (const done of await app.releases.runAnalysis()) {
          app.log.info(done, `release analysis: ${done.decision} ${done.remote}@${done.version}`);
        }
      }),
    );
    const offer = () =>
      boss
        .send(QUEUES.releaseAnalysis, {}, { singletonKey: 'round', singletonSeconds: analysisSeconds })
        .then((id) => {
          if (id) boss.notifyWorker(analysisWorker);
        })
        .catch((err: Error) =>
          app.log.warn({ err: { message: err.message } }, 'release analysis not queued'),
        );
    const timer = setInterval(offer, analysisSeconds * 1000);
    timer.unref();
    app.addHook('preClose', async () => clearInterval(timer));
    void offer();
  }
}

export default fp(jobsPlugin, {
  name: 'jobs',
  dependencies: [
    'database',
    'auth',
    'avatars',
    'platform-repository',
    'mailer',
    'feed-cache',
    'security-log',
    'releases',
    'timelines',
    'realtime',
    'safety-repository',
  ],
});
