// Issue 33: the analysis job judges each canary against stable on what real pages reported, and acts on its own: a
// canary 800 ms slower to paint, or one whose calls the API refuses, is rolled back; one as good as stable goes
// through its policy's steps and is promoted. Every decision is a history line with its figures. The console's calls
// act through the same registry code.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { build, call, signup, type TestApp } from '../../helper.js';
import { beacon, makeSite, type Visit, visitorsOf as visitorsIn } from '../../release-pages.js';

const POLICY = { mode: 'auto', steps: [50, 100], bakeMinutes: 0, minSamples: 8 };

async function product(t: TestContext, name: string, remote: Record<string, unknown>, analysis = '1') {
  const site = makeSite(name, remote);
  t.after(() => rmSync(site.site, { recursive: true, force: true }));
  const { app, database } = await build(t, {
    env: { SITE_DIR: site.site, RELEASE_ANALYSIS_SECONDS: analysis },
    scheduleJobs: analysis !== '0',
  });
  const visitorsOf = (version: string, n: number) => visitorsIn(app, site.registry(), version, n);
  return { app, database, visitorsOf, ...site };
}

/** Each visitor's page loaded `version` and painted its largest content after about `lcp` ms. */
async function pagesPaint(app: FastifyInstance, visitors: Visit[], version: string, lcp: number) {
  for (const [i, v] of visitors.entries()) {
    const r = await beacon(app, {
      token: v.token,
      events: [{ type: 'load', remote: 'mfe-static', version }],
      measures: [
        { metric: 'lcp', remote: 'mfe-static', version, value: lcp + (i % 5) * 40 },
        { metric: 'cls', remote: 'mfe-static', version, value: 0 },
      ],
    });
    assert.equal(r.status, 204);
  }
}

async function until<T>(what: string, check: () => T | undefined | null | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The history's last line once it records `decision` for the release analysis. The registry and its history are
 * written one after the other, so a run that reads the history the instant the registry changed can miss the line.
 */
const lastDecision = (history: () => Array<{ command?: string; decision?: string }>, decision: string) =>
  until(`the history to record ${decision}`, () => {
    const line = history().at(-1);
    return line?.command === 'release-analysis' && line.decision === decision ? line : null;
  });

const canaryOf = (registry: { remotes: Record<string, { canary?: unknown; stable: string }> }) =>
  registry.remotes['mfe-static'];

describe('the release analysis job, with nobody running a command', () => {
  it('rolls back a canary 800 ms slower to paint, writing its figures', async (t) => {
    // Begun a minute ago: stable's timings count from the step's first whole minute (its paints from before the canary
    // are not compared), and these pages all report now.
    const p = await product(t, 'analysis-slow', {
      canary: { version: '1.1.0', percent: 50, since: new Date(Date.now() - 60_000).toISOString() },
      policy: POLICY,
    });
    await pagesPaint(p.app, await p.visitorsOf('1.0.0', 12), '1.0.0', 1000);
    await pagesPaint(p.app, await p.visitorsOf('1.1.0', 12), '1.1.0', 1800);
    await until('the canary to be rolled back', () => canaryOf(p.registry())?.canary === null);
    assert.equal(canaryOf(p.registry())?.stable, '1.0.0', 'stable stays');
    await lastDecision(p.history, 'rollback');
    const line = p.history().at(-1);
    assert.equal(line.command, 'release-analysis');
    assert.equal(line.decision, 'rollback');
    assert.equal(line.version, '1.1.0');
    // The job runs every second, so on a slow machine it may judge before the twelfth canary page has reported; it
    // never judges on fewer than the policy's minimum.
    const lcp = /lcp p75 \d+ ms \(n=(\d+)\) vs stable \d+ ms \(n=(\d+)\): worse, Mann-Whitney U/.exec(
      line.reason,
    );
    assert.ok(lcp, line.reason);
    for (const n of [Number(lcp[1]), Number(lcp[2])])
      assert.ok(n >= POLICY.minSamples && n <= 12, line.reason);
    assert.ok(Array.isArray(line.figures) && line.figures.length === 6, 'every measure with its figures');
  });

  it('rolls back a canary whose calls the API refuses more often than stable', async (t) => {
    const p = await product(t, 'analysis-api', {
      canary: { version: '1.1.0', percent: 50, since: new Date().toISOString() },
      policy: { ...POLICY, mode: 'manual' },
    });
    const callsOf = async (visitors: Visit[], version: string, payload: Record<string, unknown>) => {
      for (const v of visitors) {
        const headers = { 'x-skynet-page': v.token, 'x-skynet-area': `mfe-static@${version}` };
        await call(p.app, 'POST /api/faqs', { payload, headers });
      }
    };
    await callsOf(await p.visitorsOf('1.0.0', 20), '1.0.0', { query: 'password' });
    await callsOf(await p.visitorsOf('1.1.0', 20), '1.1.0', { query: 42 });
    await p.app.apiAnswers.flush();
    await until('the canary to be rolled back', () => canaryOf(p.registry())?.canary === null);
    await lastDecision(p.history, 'rollback');
    const line = p.history().at(-1);
    assert.equal(line.decision, 'rollback');
    // Answers are also counted every 5 s on their own, so a slow run may be judged on part of them (never under the minimum).
    const refused = /api-errors 100% \(n=(\d+)\) vs stable 0% \(n=(\d+)\): worse/.exec(line.reason);
    assert.ok(refused, line.reason);
    for (const n of [Number(refused[1]), Number(refused[2])])
      assert.ok(n >= POLICY.minSamples && n <= 20, line.reason);
  });

  it('takes a canary as good as stable through its steps, then promotes it', async (t) => {
    const p = await product(t, 'analysis-good', {
      canary: { version: '1.1.0', percent: 25, since: new Date().toISOString() },
      policy: POLICY,
    });
    const round = async (withStable = true) => {
      if (withStable) await pagesPaint(p.app, await p.visitorsOf('1.0.0', 10), '1.0.0', 1000);
      await pagesPaint(p.app, await p.visitorsOf('1.1.0', 10), '1.1.0', 1000);
    };
    const percent = () => (canaryOf(p.registry())?.canary as { percent?: number } | null)?.percent;
    await round();
    await until('the canary to widen to 50%', () => percent() === 50);
    await lastDecision(p.history, 'advance');
    const widened = p.history().at(-1);
    assert.equal(widened.decision, 'advance');
    assert.match(widened.reason, /as good as stable at 25%/);
    await round();
    await until('the canary to widen to 100%', () => percent() === 100);
    // Everyone gets the canary now: stable is judged on its figures of the last day.
    await round(false);
    await until('the canary to be promoted', () => canaryOf(p.registry())?.stable === '1.1.0');
    await lastDecision(p.history, 'promote');
    assert.equal(canaryOf(p.registry())?.canary, null);
    assert.deepEqual(
      p
        .history()
        .slice(-3)
        .map((line: { decision: string }) => line.decision),
      ['advance', 'advance', 'promote'],
    );
  });
});

describe("the release console's calls", () => {
  const makeAdmin = async (app: FastifyInstance, database: TestApp['database']) => {
    const admin = await signup(app);
    await database.db.execute(sql`UPDATE users SET admin = true WHERE id = ${admin.id}`);
    app.tokens.forget(admin.id);
    return admin;
  };

  it('shows each remote with its analysis, and promotes, pauses, resumes and rolls back with a reason', async (t) => {
    const p = await product(
      t,
      'console',
      { canary: { version: '1.1.0', percent: 50, since: new Date().toISOString() }, policy: POLICY },
      '0',
    );
    const admin = await makeAdmin(p.app, p.database);
    const someone = await signup(p.app);
    assert.equal((await call(p.app, 'GET /api/admin/releases')).status, 401);
    assert.equal((await call(p.app, 'GET /api/admin/releases', { token: someone.token })).status, 403);
    const act = (action: string, reason: unknown, remote = 'mfe-static', token = admin.token) =>
      call(p.app, `POST /api/admin/releases/${remote}/${action}`, { token, payload: { reason } });
    assert.equal((await act('pause', 'why', 'mfe-static', someone.token)).status, 403);

    await pagesPaint(p.app, await p.visitorsOf('1.1.0', 3), '1.1.0', 900);
    const list = await call(p.app, 'GET /api/admin/releases', { token: admin.token });
    assert.equal(list.status, 200, list.res.body);
    const release = list.body.value['mfe-static'];
    assert.equal(release.stable, '1.0.0');
    assert.deepEqual(release.canary, {
      version: '1.1.0',
      percent: 50,
      since: release.canary.since,
      paused: false,
    });
    assert.deepEqual(release.policy, POLICY);
    assert.equal(release.analysis.decision, 'wait');
    assert.deepEqual(
      release.analysis.measures.map((m: { name: string }) => m.name),
      ['failures', 'lcp', 'inp', 'cls', 'api-errors', 'file-errors'],
    );
    const lcp = release.analysis.measures.find((m: { name: string }) => m.name === 'lcp');
    assert.equal(lcp.canarySamples, 3);
    assert.ok(
      release.analysis.series.some(
        (point: { name: string; arm: string }) => point.name === 'lcp' && point.arm === 'canary',
      ),
    );
    assert.equal(typeof list.body.registry.revision, 'number');

    assert.equal((await act('pause', '   ')).status, 400);
    assert.equal((await act('explode', 'why')).status, 400);
    assert.equal((await act('pause', 'why', 'mfe-nothing')).status, 404);
    const paused = await act('pause', 'looking into a report');
    assert.equal(paused.status, 200, paused.res.body);
    assert.equal(paused.body.value.canary.paused, true);
    assert.equal(paused.body.value.history[0].command, 'pause');
    assert.equal(paused.body.value.history[0].reason, 'looking into a report');
    assert.equal(paused.body.value.history[0].user, admin.userName);
    const resumed = await act('pause', 'fine after all');
    assert.equal(resumed.body.value.canary.paused, false);
    assert.equal(resumed.body.value.history[0].command, 'resume');

    const promoted = await act('promote', 'ready');
    assert.equal(promoted.body.value.stable, '1.1.0');
    assert.equal(promoted.body.value.canary, null);
    assert.equal((await act('promote', 'again')).status, 409, 'no canary to promote');
    assert.equal((await act('pause', 'again')).status, 409, 'no canary to pause');
    const back = await act('rollback', 'the old one was better');
    assert.equal(back.status, 200, back.res.body);
    assert.equal(back.body.value.stable, '1.0.0', 'without a canary: the previous stable');
    assert.equal((await act('rollback', 'further')).status, 409, 'no earlier stable');

    // A canary set by hand, with no history line about it: rollback still ends it, stable stays.
    const registry = p.registry();
    registry.remotes['mfe-static'].canary = { version: '1.2.0', percent: 10 };
    writeFileSync(path.join(p.site, 'remotes.json'), JSON.stringify(registry));
    const ended = await act('rollback', 'errors in the console');
    assert.equal(ended.status, 200, ended.res.body);
    assert.equal(ended.body.value.canary, null);
    assert.equal(ended.body.value.stable, '1.0.0');
    assert.equal(p.registry().remotes['mfe-static'].canary, null);
  });

  it("compares a canary's paints with stable's since the canary began, not with stable's from before it", async (t) => {
    const p = await product(
      t,
      'console-window',
      {
        canary: { version: '1.1.0', percent: 50, since: new Date(Date.now() + 3_600_000).toISOString() },
        policy: POLICY,
      },
      '0',
    );
    const admin = await makeAdmin(p.app, p.database);
    // A quiet moment before the canary: stable paints in 600 ms. Then the canary begins, and on a busier machine both
    // sides paint in 1,400 ms. Counted with the earlier paints of its minute, stable would look 800 ms faster.
    await pagesPaint(p.app, await p.visitorsOf('1.0.0', 20), '1.0.0', 600);
    const registry = p.registry();
    registry.remotes['mfe-static'].canary.since = new Date().toISOString();
    writeFileSync(path.join(p.site, 'remotes.json'), JSON.stringify(registry));
    await pagesPaint(p.app, await p.visitorsOf('1.0.0', 5), '1.0.0', 1400);
    await pagesPaint(p.app, await p.visitorsOf('1.1.0', 10), '1.1.0', 1400);
    const list = await call(p.app, 'GET /api/admin/releases', { token: admin.token });
    assert.equal(list.status, 200, list.res.body);
    const lcp = list.body.value['mfe-static'].analysis.measures.find(
      (m: { name: string }) => m.name === 'lcp',
    );
    assert.equal(lcp.canarySamples, 10);
    // Stable's timings count from the step's first whole minute: none of the 20 earlier paints (and the 5 later ones
    // only when the minute turned meanwhile).
    assert.ok(lcp.stableSamples <= 5, JSON.stringify(lcp));
    assert.notEqual(lcp.verdict, 'worse', JSON.stringify(lcp));
  });
});
