// The registry in PostgreSQL (DATABASE_URL): two API instances on one database, the site folder's registry imported
// once, and an ops change (the real command line, another process) seen by both within 5 s, in /remotes.json and in
// the page's head start; a change whose notification is missed arrives by the poll. PostgreSQL only: the run.mjs
// pass with TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REGISTRY_HISTORY_TABLE, REGISTRY_TABLE } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config.js';
import { build, postgresClone, TEST_DB } from '../helper.js';

const skip =
  TEST_DB === 'postgres' ? false : 'runs on PostgreSQL only (the run.mjs pass with TEST_DATABASE_URL)';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A remote build the ops command line accepts: a manifest exposing ./app, its entry, and its routes. */
function remoteBuild(root: string, label: string): string {
  const dir = path.join(root, 'builds', label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: 'mfe_static',
      name: 'mfe_static',
      shared: [],
      exposes: [{ name: 'app', path: './app' }],
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${label} */`);
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify([{ path: '/about', access: 'public' }]));
  return dir;
}

/** `npm run ops -- <args>` in its own process, on the site folder (and PostgreSQL when `databaseUrl` is given). */
function ops(site: string, databaseUrl: string | null, ...args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'tooling', 'ops', 'cli.mjs'), ...args], {
    env: { ...env, SITE_DIR: site, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `ops ${args.join(' ')}:\n${run.stdout}${run.stderr}`);
}

/** What a node serves now: /remotes.json's revision and stable, and the stable its page's head start carries. */
async function served(app: FastifyInstance) {
  const registry = await app.inject({ method: 'GET', url: '/remotes.json' });
  const body = registry.json() as { revision: number; remotes: Record<string, { stable: string }> };
  const page = await app.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } });
  const headStart = /"\/remotes\.json":\{[^<]*?"mfe-static":\{[^<]*?"stable":"([^"]+)"/.exec(page.body);
  return { revision: body.revision, stable: body.remotes['mfe-static']?.stable, headStart: headStart?.[1] };
}

/** Waits until every app serves `revision` with `stable` (in both places); answers how long that took. */
async function seenBy(apps: FastifyInstance[], revision: number, stable: string, limitMs = 5_000) {
  const started = Date.now();
  for (;;) {
    const now = await Promise.all(apps.map(served));
    if (now.every((s) => s.revision === revision && s.stable === stable && s.headStart === stable))
      return Date.now() - started;
    if (Date.now() - started > limitMs)
      assert.fail(
        `not every node serves revision ${revision} (${stable}) within ${limitMs} ms: ${JSON.stringify(now)}`,
      );
    await sleep(100);
  }
}

describe('the registry in PostgreSQL, read by every node', { skip }, () => {
  it('two API instances on one database both see an ops change within 5 s, without a restart', async (t) => {
    const clone = await postgresClone();
    const root = mkdtempSync(path.join(os.tmpdir(), 'skynet-registry-pg-'));
    const site = path.join(root, 'site');
    mkdirSync(site, { recursive: true });
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><html><head><title>Skynet</title></head><body><main id="areas"></main></body></html>',
    );
    writeFileSync(path.join(site, 'shell-shared.json'), JSON.stringify({ provides: {} }));
    const cleanups: (() => Promise<void>)[] = [];
    try {
      // Before PostgreSQL: the registry in the site folder, as one node had it.
      ops(site, null, 'publish', 'mfe-static', '--from', remoteBuild(root, 'a'), '--version', '1.0.0');
      const fileRegistry = readFileSync(path.join(site, 'remotes.json'), 'utf8');

      const env = { DATABASE_URL: clone.url, SITE_DIR: site };
      const context = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
      const one = await build(context, { database: clone.database, env });
      const two = await build(context, { database: clone.database, env });
      const apps = [one.app, two.app];

      // Imported once, whichever node came first; both ready and serving it.
      await seenBy(apps, 1, '1.0.0', 0);
      const check = new pg.Client({ connectionString: clone.url });
      await check.connect();
      cleanups.push(() => check.end());
      const count = async (table: string) =>
        (await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
      assert.equal(await count(REGISTRY_TABLE), 1);
      assert.equal(await count(REGISTRY_HISTORY_TABLE), 1);
      for (const app of apps) {
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        assert.equal(ready.statusCode, 200, ready.body);
      }

      // An ops change from another process: both nodes serve it within 5 s (LISTEN/NOTIFY).
      ops(site, clone.url, 'publish', 'mfe-static', '--from', remoteBuild(root, 'b'), '--version', '1.1.0');
      ops(site, clone.url, 'rollout', 'mfe-static', '1.1.0', '--reason', 'test');
      const took = await seenBy(apps, 3, '1.1.0');
      assert.ok(took < 5_000);
      t.diagnostic(`an ops rollout was served by both nodes ${took} ms after the command ended (NOTIFY)`);
      assert.equal(await count(REGISTRY_HISTORY_TABLE), 3);
      // The site folder's file was not the one changed.
      assert.equal(readFileSync(path.join(site, 'remotes.json'), 'utf8'), fileRegistry);

      // A change whose notification never came (written without NOTIFY): the poll brings it within 5 s.
      const row = await check.query<{ document: string }>(
        `SELECT document::text AS document FROM ${REGISTRY_TABLE}`,
      );
      const document = JSON.parse(row.rows[0]?.document ?? '{}');
      document.revision = 4;
      document.remotes['mfe-static'].stable = '1.0.0';
      await check.query(`UPDATE ${REGISTRY_TABLE} SET revision = 4, document = $1 WHERE id = 1`, [
        JSON.stringify(document, null, 2),
      ]);
      const polled = await seenBy(apps, 4, '1.0.0');
      t.diagnostic(`a change without NOTIFY was served by both nodes after ${polled} ms (poll)`);

      // /remotes.json is revalidated cheaply: the same registry answers 304 to its ETag.
      const first = await one.app.inject({ method: 'GET', url: '/remotes.json' });
      assert.equal(first.headers['cache-control'], 'no-cache');
      const again = await one.app.inject({
        method: 'GET',
        url: '/remotes.json',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      assert.equal(again.statusCode, 304);
    } finally {
      for (const fn of cleanups.reverse()) await fn();
      await clone.database.close();
      await clone.drop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is not ready while the registry cannot be read, and says why', async () => {
    const clone = await postgresClone();
    const site = mkdtempSync(path.join(os.tmpdir(), 'skynet-registry-pg-'));
    const cleanups: (() => Promise<void>)[] = [];
    try {
      // A table of that name that is not the registry: reading it fails (the database itself answers).
      const admin = new pg.Client({ connectionString: clone.url });
      await admin.connect();
      await admin.query(`CREATE TABLE ${REGISTRY_TABLE} (id integer)`);
      await admin.end();
      const { app } = await build(
        { after: (fn: () => Promise<void>) => cleanups.push(fn) },
        { database: clone.database, env: { DATABASE_URL: clone.url, SITE_DIR: site } },
      );
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().database, 'ok');
      assert.match(ready.json().error, /Not ready: registry: .*revision/);
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(live.statusCode, 200);
    } finally {
      for (const fn of cleanups.reverse()) await fn();
      await clone.database.close();
      await clone.drop();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
