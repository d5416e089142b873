// The registry in PostgreSQL: import of a site folder, compare-and-swap under a race, history rows, NOTIFY, and the
// ops command line against it. Runs on its own fresh database on TEST_DATABASE_URL's server (created and dropped
// here); skipped, saying so, when TEST_DATABASE_URL is not set. node --test tooling/ops/
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REGISTRY_CHANNEL, REGISTRY_HISTORY_TABLE, REGISTRY_TABLE } from '@skynet/contract';
import { commitSnapshot, readHistoryRows, readSnapshot, withClient } from '@skynet/site/registry';
import pg from 'pg';
import { publish, rollout } from './commands.mjs';
import { databaseStore, OpsError, readHistory, readRegistry } from './registry-store.mjs';

const baseUrl = process.env.TEST_DATABASE_URL;
const skip = baseUrl
  ? false
  : 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test): the PostgreSQL registry store is not tested';
if (skip) console.log(`# skipped: ${skip}`);

const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
const ROUTES = [{ path: '/about', access: 'public' }];

/** A database of its own for this file, and the URL of another one per test that wants a clean slate. */
const databases = [];
async function freshDatabase() {
  const name = `skynet_ops_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  databases.push(name);
  const url = new URL(/** @type {string} */ (baseUrl));
  url.pathname = `/${name}`;
  return url.href;
}

let root;
/** A site folder with the shell's shared versions (rollout checks them). */
function freshSite() {
  const site = join(root, `site-${randomBytes(3).toString('hex')}`);
  mkdirSync(site, { recursive: true });
  writeFileSync(
    join(site, 'shell-shared.json'),
    JSON.stringify({ provides: { react: '19.3.1', '@skynet/shared': '1.0.0' } }),
  );
  return site;
}

/** A remote build: a manifest exposing ./app, its remoteEntry and a chunk. */
function build(label) {
  const dir = join(root, 'builds', label);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    id: 'mfe_static',
    name: 'mfe_static',
    shared: [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' }],
    exposes: [{ id: 'mfe_static:app', name: 'app', path: './app' }],
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'remoteEntry.js'), `/* entry ${label} */`);
  writeFileSync(join(dir, 'chunk.js'), `/* chunk ${label} */`);
  return dir;
}

/** Runs `work` (and waits for it) with DATABASE_URL set (the store the ops commands choose), restoring it after. */
async function withDatabaseUrl(url, work) {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

/** The ops command line as a person runs it, in its own process; resolves with its exit code and output. */
function ops(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the registry in PostgreSQL', { skip }, () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'ops-pg-test-'));
  });
  after(async () => {
    rmSync(root, { recursive: true, force: true });
    if (!baseUrl) return;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  test("imports the site folder's remotes.json and its history into an empty table, once", async () => {
    const url = await freshDatabase();
    const site = freshSite();
    const registry = {
      schemaVersion: 1,
      revision: 3,
      updatedAt: '2026-11-20T09:00:00.000Z',
      remotes: {
        'mfe-static': {
          routes: ROUTES,
          stable: '1.0.0',
          canary: null,
          versions: { '1.0.0': { manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' } },
        },
      },
    };
    writeFileSync(join(site, 'remotes.json'), `${JSON.stringify(registry, null, 2)}\n`);
    const lines = [
      {
        at: '2026-11-20T08:00:00.000Z',
        revision: 1,
        command: 'start',
        remote: 'mfe-static',
        version: '1.0.0',
      },
      {
        at: '2026-11-20T09:00:00.000Z',
        revision: 3,
        command: 'rollout',
        remote: 'mfe-static',
        version: '1.0.0',
      },
    ];
    writeFileSync(
      join(site, 'registry-history.jsonl'),
      `${lines.map((line) => JSON.stringify(line)).join('\n')}\nnot json\n`,
    );

    const store = databaseStore(site, url);
    const snapshot = await store.read();
    assert.equal(snapshot.revision, 3);
    assert.deepEqual(snapshot.registry, registry);
    assert.deepEqual(await store.history(), lines);

    // Once: a later change of the file is not imported again (the table is no longer empty).
    writeFileSync(join(site, 'remotes.json'), JSON.stringify({ ...registry, revision: 9, remotes: {} }));
    const again = await withClient(url, (client) => readSnapshot(client));
    assert.equal(again.revision, 3);
    assert.deepEqual(Object.keys(again.registry.remotes), ['mfe-static']);
    assert.equal((await withClient(url, readHistoryRows)).length, 2);
  });

  test('compare-and-swap: of two writers from the same revision exactly one wins, with its history row only', async () => {
    const url = await freshDatabase();
    const site = freshSite();
    const store = databaseStore(site, url); // creates the tables
    const first = await store.read();
    await store.commit(
      first,
      { schemaVersion: 1, remotes: { a: { routes: [], stable: '1.0.0', versions: {} } } },
      [{ command: 'publish', remote: 'a' }],
    );
    for (let round = 0; round < 5; round += 1) {
      const [one, two] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      await Promise.all([one.connect(), two.connect()]);
      try {
        const snapshot = await readSnapshot(one);
        const next = (/** @type {string} */ who) => ({
          schemaVersion: /** @type {const} */ (1),
          remotes: {
            ...snapshot.registry.remotes,
            [who]: { routes: [], stable: `${round}.0.0`, versions: {} },
          },
        });
        const results = await Promise.allSettled([
          commitSnapshot(one, snapshot, next('one'), [
            { command: 'rollout', remote: 'one', reason: `${round}` },
          ]),
          commitSnapshot(two, snapshot, next('two'), [
            { command: 'rollout', remote: 'two', reason: `${round}` },
          ]),
        ]);
        const won = results.filter((result) => result.status === 'fulfilled');
        const lost = results.filter((result) => result.status === 'rejected');
        assert.equal(won.length, 1, `round ${round}: exactly one writer wins`);
        assert.equal(lost.length, 1);
        const refusal = /** @type {PromiseRejectedResult} */ (lost[0]).reason;
        assert.ok(refusal instanceof OpsError);
        assert.equal(refusal.code, 'conflict');
        assert.match(refusal.message, /changed since it was read .*nothing was written/);

        const after = await readSnapshot(one);
        assert.equal(after.revision, snapshot.revision + 1);
        const winner = results[0].status === 'fulfilled' ? 'one' : 'two';
        assert.equal(after.registry.remotes[winner]?.stable, `${round}.0.0`);
        const rows = (await readHistoryRows(one)).filter((row) => row.reason === `${round}`);
        assert.deepEqual(
          rows.map((row) => [row.remote, row.revision]),
          [[winner, after.revision]],
        );
      } finally {
        await Promise.all([one.end(), two.end()]);
      }
    }
  });

  test('a write announces its revision on the channel the API nodes listen to, on commit', async () => {
    const url = await freshDatabase();
    const site = freshSite();
    const store = databaseStore(site, url);
    const snapshot = await store.read();
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${REGISTRY_CHANNEL}`);
      const heard = new Promise((resolve) => listener.on('notification', (n) => resolve(n.payload)));
      await store.commit(snapshot, { schemaVersion: 1, remotes: {} }, [{ command: 'publish' }]);
      assert.equal(await heard, String(snapshot.revision + 1));
    } finally {
      await listener.end();
    }
  });

  test('the ops commands use it when DATABASE_URL is set; two rollouts from two processes: exactly one wins', async () => {
    const url = await freshDatabase();
    const site = freshSite();
    await withDatabaseUrl(url, async () => {
      await publish({ site, remote: 'mfe-static', version: '1.0.0', from: build('a'), routes: ROUTES });
      await publish({ site, remote: 'mfe-static', version: '1.1.0', from: build('b'), routes: ROUTES });
      await publish({ site, remote: 'mfe-static', version: '1.2.0', from: build('c'), routes: ROUTES });
      await rollout({ site, remote: 'mfe-static', version: '1.1.0', reason: 'first' });
    });
    // Nothing went to the site folder's registry: it lives in the database.
    assert.equal((await readRegistry(site)).revision, 0);
    const snapshot = await withDatabaseUrl(url, () => readRegistry(site));
    assert.equal(snapshot.revision, 4);
    assert.equal(snapshot.registry.remotes['mfe-static']?.stable, '1.1.0');
    const history = await withDatabaseUrl(url, () => readHistory(site));
    assert.deepEqual(
      history.map((entry) => [entry.command, entry.revision]),
      [
        ['publish', 1],
        ['publish', 2],
        ['publish', 3],
        ['rollout', 4],
      ],
    );
    assert.equal(history[3]?.reason, 'first');

    // Two operators act on what they both saw (revision 4) at the same moment, from two processes.
    const env = { DATABASE_URL: url, SITE_DIR: site };
    const [canary, stable] = await Promise.all([
      ops(['rollout', 'mfe-static', '1.2.0', '--percent', '10', '--expect-revision', '4'], env),
      ops(['rollout', 'mfe-static', '1.0.0', '--expect-revision', '4'], env),
    ]);
    assert.deepEqual(
      [canary.code, stable.code].sort(),
      [0, 1],
      `exactly one wins:\n${canary.output}\n${stable.output}`,
    );
    const loser = canary.code === 1 ? canary : stable;
    assert.match(loser.output, /ops: .*(changed since|revision 5, not 4)/);
    const after = await withDatabaseUrl(url, () => readRegistry(site));
    assert.equal(after.revision, 5);
    const entry = after.registry.remotes['mfe-static'];
    if (canary.code === 0) {
      // rollout --percent records when the step started (since); the share and version as before.
      const { since, ...placed } = entry?.canary ?? {};
      assert.match(String(since), /^\d{4}-\d\d-\d\dT/);
      assert.deepEqual(placed, { version: '1.2.0', percent: 10 });
    } else assert.equal(entry?.stable, '1.0.0');
    const rows = await withClient(
      url,
      async (client) =>
        (await client.query(`SELECT count(*)::int AS n FROM ${REGISTRY_HISTORY_TABLE}`)).rows[0].n,
    );
    assert.equal(rows, 5);
    const documents = await withClient(
      url,
      async (client) => (await client.query(`SELECT count(*)::int AS n FROM ${REGISTRY_TABLE}`)).rows[0].n,
    );
    assert.equal(documents, 1);
  });

  test('a database it cannot reach is a clear refusal naming the server, never its password', async () => {
    const site = freshSite();
    const store = databaseStore(site, 'postgres://someone:s3cret@127.0.0.1:1/nowhere');
    await assert.rejects(
      () => store.read(),
      (error) =>
        error instanceof OpsError &&
        error.code === 'unavailable' &&
        /postgres:\/\/127\.0\.0\.1:1\/nowhere/.test(error.message) &&
        !error.message.includes('s3cret'),
    );
  });
});
