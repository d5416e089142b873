// Issue 20 item 6: durable background work on pg-boss (PostgreSQL, or PGlite in the embedded mode). A reset mail
// survives a mail server that refuses it (real SMTP server on loopback), a mail that never goes through is given up
// with an error in the log, and the scheduled purge runs once per slot however many API processes are up.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../src/config.js';
import { createSealer } from '../../src/lib/sealed.js';
import { MAIL_JOB_PURPOSE, openMailJob } from '../../src/plugins/app/jobs.js';
import { build, call, postgresClone, signup, TEST_DB, type TestApp } from '../helper.js';
import { mailLink, waitForMail } from '../mail.js';

interface Received {
  to: string[];
  text: string;
}

/** A real SMTP server on loopback that refuses the first `failures` mails with a temporary error (451). */
async function startSmtp(failures: number) {
  const received: Received[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempts += 1;
        if (attempts <= failures) {
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          // Undo quoted-printable soft line breaks so the link reads whole.
          text: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(
  what: string,
  fn: () => T | undefined | Promise<T | undefined>,
  ms: number,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('configuration of the jobs', () => {
  const env = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' };
  it('reads the mail retries and the purge schedule, and names a bad value', () => {
    const c = loadConfig(env);
    assert.equal(c.mailRetryLimit, 8);
    assert.equal(c.mailRetryDelaySeconds, 10);
    assert.equal(c.purgeCron, '17 * * * *');
    const set = loadConfig({
      ...env,
      MAIL_RETRY_LIMIT: '3',
      MAIL_RETRY_DELAY_SECONDS: '2',
      PURGE_CRON: '*/5 * * * *',
    });
    assert.deepEqual([set.mailRetryLimit, set.mailRetryDelaySeconds, set.purgeCron], [3, 2, '*/5 * * * *']);
    assert.throws(() => loadConfig({ ...env, MAIL_RETRY_LIMIT: '-1' }), /MAIL_RETRY_LIMIT/);
    assert.throws(() => loadConfig({ ...env, MAIL_RETRY_DELAY_SECONDS: '0' }), /MAIL_RETRY_DELAY_SECONDS/);
    assert.throws(() => loadConfig({ ...env, PURGE_CRON: 'hourly' }), /PURGE_CRON/);
  });
});

describe('a reset mail while the mail server refuses it', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const cleanups: (() => Promise<void>)[] = [];
  let ctx: TestApp;
  before(async () => {
    smtp = await startSmtp(2);
    ctx = await build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      // The server counts one reset mail: no sign-up confirmation mail beside it (issue 32).
      {
        env: {
          SMTP_URL: smtp.url,
          MAIL_RETRY_DELAY_SECONDS: '1',
          MAIL_RETRY_LIMIT: '4',
          SIGNUP_CONFIRMATION: 'off',
        },
      },
    );
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    await smtp.close();
  });

  it('is retried with backoff and delivered exactly once, and its link works', async () => {
    const u = await signup(ctx.app);
    const asked = await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } });
    assert.equal(asked.status, 200);

    const mail = await waitFor('the reset mail', () => smtp.received[0], 30_000);
    assert.equal(smtp.attempts(), 3, 'two refusals, then the third attempt went through');
    assert.deepEqual(mail.to, [u.email]);
    // Nothing more arrives: the job is completed, not sent again.
    await sleep(3_000);
    assert.equal(smtp.received.length, 1);
    const jobs = await ctx.database.executeSql(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'mail' ORDER BY created_on`,
    );
    assert.deepEqual(jobs.rows, [{ state: 'completed', retry_count: 2 }]);

    const token = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    assert.ok(token, 'the mail holds the reset link');
    const reset = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(reset.status, 200);
  });
});

describe('a mail the server never takes', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const cleanups: (() => Promise<void>)[] = [];
  let ctx: TestApp;
  const lines: { level: number; msg: string; attempt?: number; to?: string; job?: string }[] = [];
  before(async () => {
    smtp = await startSmtp(Number.POSITIVE_INFINITY);
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      {
        // The server counts one reset mail: no sign-up confirmation mail beside it (issue 32).
        env: {
          SMTP_URL: smtp.url,
          MAIL_RETRY_DELAY_SECONDS: '1',
          MAIL_RETRY_LIMIT: '1',
          SIGNUP_CONFIRMATION: 'off',
        },
        logger: { level: 'warn', stream },
      },
    );
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    await smtp.close();
  });

  it('is given up after its retries with an error naming the job, never the recipient', async () => {
    const u = await signup(ctx.app);
    assert.equal(
      (await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } })).status,
      200,
    );
    const givenUp = await waitFor(
      'the give-up error',
      () => lines.find((l) => l.level === 50 && l.msg.startsWith('mail given up')),
      30_000,
    );
    assert.equal(givenUp.msg, 'mail given up after 2 attempts');
    // Issue 32: the line names the job (whose id the job table has), not the address.
    const [job] = (await ctx.database.executeSql(`SELECT id FROM pgboss.job WHERE name = 'mail'`)).rows as {
      id: string;
    }[];
    assert.equal(givenUp.job, job?.id);
    assert.equal(givenUp.to, undefined);
    assert.ok(!JSON.stringify(lines).includes(u.email), 'no log line holds the address');
    assert.equal(smtp.attempts(), 2);
    assert.ok(
      lines.some((l) => l.level === 40 && l.attempt === 1),
      'the first failure was a warning',
    );
    // pg-boss marks the job failed right after the handler threw (the error is logged first).
    const states = await waitFor(
      'the failed job',
      async () => {
        const { rows } = await ctx.database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'mail'`);
        return rows.some((r) => (r as { state: string }).state === 'active') ? undefined : rows;
      },
      5_000,
    );
    assert.deepEqual(states, [{ state: 'failed' }]);
    assert.equal(smtp.received.length, 0);
  });
});

describe('mail jobs hold no secret (issue 32)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let ctx: TestApp;
  const lines: { level: number; msg: string; job?: string }[] = [];
  const text = () => JSON.stringify(lines);
  before(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      { logger: { level: 'info', stream } },
    );
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });
  /** Every mail job's data as text, in the job table and its archive. */
  const jobTexts = async () => {
    const { rows } = await ctx.database.executeSql(
      `SELECT data::text AS data, output::text AS output FROM pgboss.job WHERE name = 'mail'
       UNION ALL SELECT data::text, output::text FROM pgboss.archive WHERE name = 'mail'`,
    );
    return rows as { data: string; output: string | null }[];
  };

  it('a reset mail is queued sealed: neither the link nor the address is in the job tables, and it arrives', async () => {
    const u = await signup(ctx.app);
    const asked = await call(ctx.app, 'POST /api/user/forgetpassword', { payload: { email: u.email } });
    assert.equal(asked.status, 200);
    const outbox = ctx.app.mailer.outboxDir;
    assert.ok(outbox);
    const token = await mailLink(outbox, u.email, /\/resetpassword\/([A-Za-z0-9_-]+)/);
    const jobs = await waitFor(
      'the completed job',
      async () => {
        const { rows } = await ctx.database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'mail'`);
        return rows.some((r) => (r as { state: string }).state === 'completed')
          ? await jobTexts()
          : undefined;
      },
      10_000,
    );
    // Even once moved to the archive (pg-boss does it after archiveCompletedAfterSeconds), the row is the same.
    await ctx.database.executeSql(
      `INSERT INTO pgboss.archive (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
         retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on,
         keep_until, output, dead_letter, policy, archived_on)
       SELECT id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
         started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, output,
         dead_letter, policy, now()
       FROM pgboss.job WHERE name = 'mail' AND state = 'completed'`,
    );
    const stored = await jobTexts();
    assert.equal(stored.length, jobs.length * 2);
    for (const { data, output } of stored) {
      assert.deepEqual(Object.keys(JSON.parse(data)), ['sealed'], 'the job holds the sealed mail only');
      for (const secret of [token, u.email]) {
        assert.ok(
          !data.includes(secret),
          `job data holds ${secret === token ? 'the link token' : 'the address'}`,
        );
        assert.ok(!(output ?? '').includes(secret));
      }
    }
    // The sealed value is the mail (it opens with this server's key), and the link in it works.
    const opened = openMailJob(ctx.app.sealer, JSON.parse(stored[0]!.data));
    assert.equal(opened?.to, u.email);
    const reset = await call(ctx.app, `PATCH /api/user/resetpassword/${token}`, {
      payload: { password: 'brand-new-pass', confirmpassword: 'brand-new-pass' },
    });
    assert.equal(reset.status, 200);
    // The outbox line names the job and the file, not the address.
    const written = lines.find((l) => l.msg === 'mail written to outbox');
    assert.ok(written?.job, 'the outbox line names the job');
    assert.ok(!text().includes(u.email), 'no log line holds the address');
  });

  it('a job sealed under another secret is dropped once, logged by its id without its content', async () => {
    const other = createSealer(new TextEncoder().encode('an-older-secret-an-older-secret-an-older-secret'));
    const mail = { to: 'old-secret@example.com', subject: 'Reset', text: 'https://x/resetpassword/OLDTOKEN' };
    const id = await ctx.app.jobs.boss.send('mail', {
      sealed: other.seal(JSON.stringify(mail), MAIL_JOB_PURPOSE),
    });
    assert.ok(id);
    const dropped = await waitFor(
      'the drop',
      () => lines.find((l) => l.msg.startsWith('mail job cannot be opened') && l.job === id),
      10_000,
    );
    assert.equal(dropped.level, 50);
    const state = await waitFor(
      'the job to end',
      async () => {
        const { rows } = await ctx.database.executeSql(
          'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
          [id],
        );
        const row = rows[0] as { state: string; retry_count: number } | undefined;
        return row && row.state !== 'active' && row.state !== 'created' ? row : undefined;
      },
      5_000,
    );
    assert.deepEqual(state, { state: 'completed', retry_count: 0 }, 'not retried');
    assert.ok(!text().includes('old-secret@example.com') && !text().includes('OLDTOKEN'));
    // A plain (unsealed) job of an attacker who can write the queue is not sent either.
    const plain = await ctx.app.jobs.boss.send('mail', mail);
    await waitFor(
      'the plain job dropped',
      () => lines.find((l) => l.job === plain && l.level === 50),
      10_000,
    );
    const outbox = ctx.app.mailer.outboxDir ?? '';
    await assert.rejects(waitForMail(outbox, mail.to), /no mail to/);
  });
});

describe('the scheduled purge with two API processes on one database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  const after_ = (fn: () => Promise<void>) => cleanups.push(fn);
  /** 'purged deleted accounts' lines of every process (a run that purged nothing logs nothing). */
  const purged: { count: number }[] = [];
  const logger = {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          const entry = JSON.parse(line) as { msg: string; count: number };
          if (entry.msg === 'purged deleted accounts') purged.push({ count: entry.count });
        }
        done();
      },
    }),
  };
  let base: TestApp;
  let victimId: string;
  let otherToken: string;
  before(async () => {
    // The database and an account deleted 31 days ago exist before the two scheduling processes start.
    // Its worker may run the job too (every process works every queue): it logs to the same place.
    base = await build({ after: after_ }, { logger });
    const victim = await signup(base.app);
    otherToken = (await signup(base.app)).token;
    victimId = victim.id;
    await base.app.db.execute(
      sql`UPDATE users SET deleted_at = now() - interval '31 days' WHERE id = ${victim.id}`,
    );
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('runs once per minute slot across both, and purges the account once', { timeout: 120_000 }, async () => {
    const env = { PURGE_CRON: '* * * * *' };
    const started = Date.now();
    const one = await build({ after: after_ }, { env, scheduleJobs: true, database: base.database, logger });
    const two = await build({ after: after_ }, { env, scheduleJobs: true, database: base.database, logger });
    // pg-boss looks at its timetable when it starts and every 10 s on each process: the slot's job comes soon.
    await waitFor(
      'the purge',
      async () => {
        const { rows } = await base.database.executeSql('SELECT 1 FROM users WHERE id = $1', [victimId]);
        return rows.length === 0 ? true : undefined;
      },
      60_000,
    );
    // Both processes look at the timetable at least once more.
    await sleep(12_000);
    // One job per minute slot: at most as many jobs as the minutes the two processes were up in (a slot sent by
    // both would make twice as many). Counting jobs per minute of their creation failed once: slot 21:47's job,
    // sent late in its minute, reached the queue at 21:48:00, in the same minute as slot 21:48's.
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    const { rows } = await base.database.executeSql(
      `SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'purge'`,
    );
    const jobs = (rows as { jobs: number }[])[0]!.jobs;
    assert.ok(jobs >= 1 && jobs <= minutes, `${jobs} purge jobs in ${minutes} minute slots`);
    assert.deepEqual(purged, [{ count: 1 }], 'one run purged the one account');
    assert.equal((await call(two.app, `GET /api/user/${victimId}`, { token: otherToken })).status, 404);
    void one;
  });
});

describe('API processes starting together on a new database', {
  skip: TEST_DB !== 'postgres' && 'PostgreSQL only (TEST_DATABASE_URL)',
}, () => {
  it('both start (pg-boss creating its queues at the same moment does not fail a start) and queue mail', async (t) => {
    const fresh = await postgresClone(); // migrated, but pg-boss's schema and queues not made yet
    // The apps close before their database goes (t.after hooks run in the order they were added): dropping it under
    // them (DROP DATABASE ... WITH (FORCE)) left one reconnecting to a database that no longer existed, and its
    // close never ended (a CI run on a slow machine hung here for 18 minutes).
    const closers: (() => Promise<void>)[] = [];
    t.after(async () => {
      for (const close of closers.reverse()) await close();
      await fresh.database.close();
      await fresh.drop();
    });
    const started = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        build(
          { after: (close: () => Promise<void>) => closers.push(close) },
          { database: fresh.database, env: { NODE_NAME: `n${i}` } },
        ),
      ),
    );
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    assert.deepEqual(failures, []);
    for (const s of started) {
      if (s.status !== 'fulfilled') continue;
      const ready = await call(s.value.app, 'GET /api/health/ready');
      assert.equal(ready.status, 200, JSON.stringify(ready.body));
    }
  });
});
