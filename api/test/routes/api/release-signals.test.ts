// Issue 33: the signals that judge a release. Only what a page's signed token names counts, once per visitor; the
// summary is for administrators; the release console's calls act through the registry with a history line.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rows } from '../../../src/db/database.js';
import { call, type SignedUp, signup, useApp } from '../../helper.js';
import { beacon, makeSite, visit } from '../../release-pages.js';

describe('release signals: page tokens, trusted counts, the summary', () => {
  const { site } = makeSite('release-signals', { canary: { version: '1.1.0', percent: 50 } });
  after(() => rmSync(site, { recursive: true, force: true }));
  const ctx = useApp({ env: { SITE_DIR: site } });
  let admin: SignedUp;
  const summary = async () => {
    admin ??= await (async () => {
      const user = await signup(ctx.app);
      await ctx.database.db.execute(sql`UPDATE users SET admin = true WHERE id = ${user.id}`);
      ctx.app.tokens.forget(user.id);
      return user;
    })();
    const r = await call(ctx.app, 'GET /api/platform/events/summary', { token: admin.token });
    assert.equal(r.status, 200, r.res.body);
    return r.body as {
      value: Array<{ remote: string; version: string; type: string; count: number }>;
      registry: { product: string | null; revision: number };
    };
  };
  const count = async (version: string, type: string) =>
    (await summary()).value.find((r) => r.version === version && r.type === type)?.count ?? 0;

  it('gives each page a signed token naming the versions its visitor may run, and a visitor cookie once', async () => {
    const first = await visit(ctx.app);
    assert.match(first.cookie, /^skynet_visitor=[A-Za-z0-9_-]{16,64}$/);
    assert.equal(first.claims.visitor, first.cookie.split('=')[1]);
    const named = first.claims.versions['mfe-static'];
    assert.ok(named && named.at(-1) === '1.0.0', 'stable is always named (the fallback)');
    assert.ok(named.length === 1 || named[0] === '1.1.0', 'the canary only when the bucket chose it');
    assert.ok(first.claims.expires > Date.now() + 60 * 60 * 1000, 'lives some hours');
    const again = await visit(ctx.app, first.cookie);
    assert.equal(again.claims.visitor, first.claims.visitor, 'the same visitor on the next page');
    assert.deepEqual(again.claims.versions, first.claims.versions, 'the same bucket');
    assert.notEqual(again.claims.page, first.claims.page, 'each page load its own id');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/about',
      headers: { accept: 'text/html', cookie: first.cookie },
    });
    assert.equal(res.headers['set-cookie'], undefined, 'a known visitor gets no new cookie');
  });

  it('accepts made-up beacons with 204 and counts none of them', async () => {
    const loads = Array.from({ length: 50 }, () => ({
      type: 'load',
      remote: 'mfe-static',
      version: '1.1.0',
    }));
    const real = await visit(ctx.app);
    const [body, signature] = real.token.split('.') as [string, string];
    const forgedClaims = Buffer.from(
      JSON.stringify({
        ...real.claims,
        versions: { 'mfe-static': ['1.1.0', '1.0.0'] },
        visitor: 'x'.repeat(22),
      }),
    ).toString('base64url');
    const expired = Buffer.from(JSON.stringify({ ...real.claims, expires: Date.now() - 1000 })).toString(
      'base64url',
    );
    for (const token of [
      undefined,
      'not-a-token',
      `${forgedClaims}.${signature}`,
      `${expired}.${signature}`,
      `${body}.${signature.slice(0, -2)}xx`,
    ]) {
      for (let i = 0; i < 10; i++) {
        const r = await beacon(ctx.app, { ...(token ? { token } : {}), events: loads });
        assert.equal(r.status, 204);
      }
    }
    assert.equal(await count('1.1.0', 'load'), 0, 'no made-up load counted');
    // A real token counts only the versions it names, each event once per visitor.
    const other = real.claims.versions['mfe-static']?.includes('1.2.0') ? null : '1.2.0';
    assert.ok(other);
    await beacon(ctx.app, {
      token: real.token,
      events: [{ type: 'load', remote: 'mfe-static', version: other }],
    });
    assert.equal(await count(other, 'load'), 0, 'a version the token does not name');
    const ran = real.claims.versions['mfe-static']?.[0] as string;
    for (let i = 0; i < 5; i++) {
      await beacon(ctx.app, {
        token: real.token,
        events: [{ type: 'load', remote: 'mfe-static', version: ran }],
      });
    }
    const again = await visit(ctx.app, real.cookie);
    await beacon(ctx.app, {
      token: again.token,
      events: [{ type: 'load', remote: 'mfe-static', version: ran }],
    });
    assert.equal(await count(ran, 'load'), 1, 'once per visitor, however many beacons and pages');
  });

  it("keeps a failure's error text and place, and a page's measures once per page load", async () => {
    const v = await visit(ctx.app);
    const ran = v.claims.versions['mfe-static']?.[0] as string;
    await beacon(ctx.app, {
      token: v.token,
      events: [
        {
          type: 'evaluate-failure',
          remote: 'mfe-static',
          version: ran,
          message: `ReferenceError: boom is not defined${'!'.repeat(265)}`,
          source: 'app.js:12:7',
        },
      ],
      measures: [
        { metric: 'lcp', remote: 'mfe-static', version: ran, value: 1234 },
        { metric: 'lcp', remote: 'mfe-static', version: ran, value: 999 },
        { metric: 'cls', remote: 'mfe-static', version: ran, value: 0.02 },
      ],
    });
    const [event] = await rows<{ message: string; source: string }>(
      ctx.database.db,
      sql`SELECT message, source FROM platform_events WHERE type = 'evaluate-failure'`,
    );
    assert.ok(event);
    assert.ok(event.message.startsWith('ReferenceError: boom is not defined'));
    assert.equal(event.message.length, 300, 'kept whole up to 300 characters');
    assert.equal(event.source, 'app.js:12:7');
    const measures = await rows<{ metric: string; n: number }>(
      ctx.database.db,
      sql`SELECT metric, sum(count)::int AS n FROM platform_measures GROUP BY metric ORDER BY metric`,
    );
    assert.deepEqual(
      measures.map((m) => [m.metric, m.n]),
      [
        ['cls', 1],
        ['lcp', 1],
      ],
      'one LCP per page load',
    );
  });

  it('counts at most a cap per visitor', async () => {
    const v = await visit(ctx.app);
    const ran = v.claims.versions['mfe-static']?.[0] as string;
    // Each page load may send one measure of each kind: a script replaying one visitor's pages stops at the cap.
    let counted = 0;
    for (let page = 0; page < 12; page++) {
      const next = await visit(ctx.app, v.cookie);
      const measures = Array.from({ length: 30 }, (_, i) => ({
        metric: 'inp',
        remote: 'mfe-static',
        version: ran,
        value: i,
      }));
      await beacon(ctx.app, { token: next.token, measures });
      counted += 1;
    }
    assert.equal(counted, 12);
    const [row] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM platform_marks WHERE visitor = ${v.claims.visitor}`,
    );
    assert.ok(row && row.n <= 300, `at most 300 marks per visitor (${row?.n})`);
  });

  it('counts the API answers of each remote version from the calls that name their page', async () => {
    const v = await visit(ctx.app);
    const ran = v.claims.versions['mfe-static']?.[0] as string;
    const headers = { 'x-skynet-page': v.token, 'x-skynet-area': `mfe-static@${ran}` };
    await call(ctx.app, 'POST /api/faqs', { payload: { query: 'password' }, headers });
    await call(ctx.app, 'POST /api/faqs', { payload: { query: 42 }, headers });
    await call(ctx.app, 'POST /api/faqs', {
      payload: { query: 'x' },
      headers: { ...headers, 'x-skynet-area': 'mfe-static@9.9.9' },
    });
    await call(ctx.app, 'POST /api/faqs', {
      payload: { query: 'x' },
      headers: { ...headers, 'x-skynet-page': 'forged.token' },
    });
    await ctx.app.apiAnswers.flush();
    const answers = await rows<{ version: string; bucket: number; n: number }>(
      ctx.database.db,
      sql`SELECT version, bucket, sum(count)::int AS n FROM platform_measures WHERE metric = 'api' GROUP BY version, bucket ORDER BY bucket`,
    );
    assert.deepEqual(
      answers.map((r) => [r.version, r.bucket, r.n]),
      [
        [ran, 0, 1],
        [ran, 1, 1],
      ],
      'one answered, one refused (400); a version or token not its own counts nothing',
    );
  });

  it("counts the server's answers to the files a version lists, and nothing for a guessed name", async () => {
    const dir = path.join(site, 'remotes', 'mfe-static', '1.1.0');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'var x = 1;');
    writeFileSync(
      path.join(dir, 'integrity.json'),
      JSON.stringify({ files: { 'remoteEntry.js': 'sha384-x', 'app.123.js': 'sha384-y' } }),
    );
    const get = (file: string) => ctx.app.inject({ method: 'GET', url: `/remotes/mfe-static/1.1.0/${file}` });
    assert.equal((await get('remoteEntry.js')).statusCode, 200);
    assert.equal((await get('app.123.js')).statusCode, 404, 'listed but gone');
    assert.equal((await get('guessed.js')).statusCode, 404);
    await ctx.app.apiAnswers.flush();
    const files = await rows<{ bucket: number; n: number }>(
      ctx.database.db,
      sql`SELECT bucket, sum(count)::int AS n FROM platform_measures WHERE metric = 'files' AND version = '1.1.0'
          GROUP BY bucket ORDER BY bucket`,
    );
    assert.deepEqual(
      files.map((r) => [r.bucket, r.n]),
      [
        [0, 1],
        [1, 1],
      ],
    );
  });

  it('keeps the summary for administrators, naming the registry it belongs to', async () => {
    assert.equal((await call(ctx.app, 'GET /api/platform/events/summary')).status, 401);
    const someone = await signup(ctx.app);
    const r = await call(ctx.app, 'GET /api/platform/events/summary', { token: someone.token });
    assert.equal(r.status, 403);
    const s = await summary();
    assert.equal(s.registry.revision, 1);
  });
});
