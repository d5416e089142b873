// The registry store, file and PostgreSQL alike: compare-and-swap (of two commits from the same revision exactly
// one wins), history lines, the lock, and the one-time import. PostgreSQL runs on a database of its own on
// TEST_DATABASE_URL's server (created and dropped here); skipped, saying so, without it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Registry } from '@skynet/contract';
import pg from 'pg';
import {
  fileStore,
  postgresStore,
  RegistryError,
  type RegistryStore,
  readHistoryFile,
  withClient,
} from '../src/registry/store.js';

const sites: string[] = [];
const freshSite = () => {
  const site = mkdtempSync(path.join(os.tmpdir(), 'skynet-store-'));
  sites.push(site);
  return site;
};
after(() => {
  for (const site of sites) rmSync(site, { recursive: true, force: true });
});

const remotes = (stable: string): Registry['remotes'] => ({
  'mfe-static': {
    routes: [{ path: '/about', access: 'public' }],
    stable,
    canary: null,
    versions: { [stable]: { manifest: `/remotes/mfe-static/${stable}/mf-manifest.json` } },
  },
});

/** Two commits from the same snapshot at once: exactly one is written, with its history line only. */
async function race(store: RegistryStore) {
  const first = await store.read();
  await store.commit(first, { remotes: remotes('1.0.0') }, [{ command: 'publish', remote: 'mfe-static' }]);
  for (let round = 0; round < 3; round += 1) {
    const snapshot = await store.read();
    const results = await Promise.allSettled(
      ['one', 'two'].map((who) =>
        store.commit(snapshot, { remotes: remotes(`${round}.0.0`) }, [
          { command: 'rollout', reason: `${who} ${round}` },
        ]),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    assert.equal(won.length, 1, `round ${round}: exactly one commit wins`);
    assert.ok(lost[0]?.reason instanceof RegistryError);
    assert.equal(lost[0].reason.code, 'conflict');
    assert.match(lost[0].reason.message, /changed since it was read .*nothing was written/);
    const now = await store.read();
    assert.equal(now.revision, snapshot.revision + 1);
    assert.equal(now.registry.remotes['mfe-static']?.stable, `${round}.0.0`);
    const lines = (await store.history()).filter((entry) => entry.reason?.endsWith(` ${round}`));
    assert.deepEqual(
      lines.map((entry) => entry.revision),
      [now.revision],
    );
  }
}

describe('the file store', () => {
  it('reads no registry as an empty one at revision 0, and commits revision 1 with its history line', async () => {
    const site = freshSite();
    const store = fileStore(site);
    const empty = await store.read();
    assert.deepEqual([empty.text, empty.revision, Object.keys(empty.registry.remotes)], [null, 0, []]);
    const written = await store.commit(empty, { remotes: remotes('1.0.0') }, [
      { command: 'publish', remote: 'mfe-static', reason: 'first' },
    ]);
    assert.equal(written.revision, 1);
    const text = readFileSync(path.join(site, 'remotes.json'), 'utf8');
    assert.equal(text, `${JSON.stringify(written, null, 2)}\n`);
    const read = await store.read();
    assert.equal(read.text, text);
    assert.equal(read.revision, 1);
    const [line] = await store.history();
    assert.equal(line?.revision, 1);
    assert.equal(line?.command, 'publish');
    assert.equal(line?.at, written.updatedAt);
  });

  it('of two commits from the same revision exactly one wins', async () => {
    await race(fileStore(freshSite()));
  });

  it('refuses a change made by hand since the read, even at the same revision', async () => {
    const site = freshSite();
    const store = fileStore(site);
    await store.commit(await store.read(), { remotes: remotes('1.0.0') }, []);
    const snapshot = await store.read();
    writeFileSync(path.join(site, 'remotes.json'), `${snapshot.text?.replace('1.0.0', '1.0.1')}`);
    await assert.rejects(store.commit(snapshot, { remotes: {} }, []), /changed since it was read/);
  });

  it('reads every remotes.json through the contract parser, and refuses one that is not JSON', async () => {
    const site = freshSite();
    const store = fileStore(site);
    writeFileSync(
      path.join(site, 'remotes.json'),
      JSON.stringify({
        revision: 4,
        remotes: { ...remotes('1.0.0'), broken: { routes: 'none' } },
      }),
    );
    const read = await store.read();
    assert.deepEqual(Object.keys(read.registry.remotes), ['mfe-static']);
    assert.deepEqual(read.problems, ['broken: routes must be a list']);
    assert.equal(read.revision, 4);
    writeFileSync(path.join(site, 'remotes.json'), '{ not json');
    await assert.rejects(
      store.read(),
      (error) => error instanceof RegistryError && /not valid JSON/.test(error.message),
    );
  });

  it('waits for the lock on a timer, and takes over a stale one', async () => {
    const site = freshSite();
    const store = fileStore(site);
    const lock = path.join(site, 'remotes.json.lock');
    writeFileSync(lock, '');
    const snapshot = await store.read();
    let done = false;
    const commit = store.commit(snapshot, { remotes: remotes('1.0.0') }, []).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(done, false, 'waits while the lock is held (and the event loop keeps running)');
    rmSync(lock);
    await commit;
    assert.equal((await store.read()).revision, 1);

    writeFileSync(lock, '');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    await store.commit(await store.read(), { remotes: remotes('1.0.1') }, []);
    assert.equal((await store.read()).revision, 2);
  });

  it('reads the history file skipping unreadable lines', async () => {
    const site = freshSite();
    writeFileSync(
      path.join(site, 'registry-history.jsonl'),
      '{"at":"a","revision":1,"command":"start"}\nnot json\n\n[1]\n{"at":"b","revision":2,"command":"rollout"}\n',
    );
    assert.deepEqual(
      (await readHistoryFile(site)).map((entry) => entry.command),
      ['start', 'rollout'],
    );
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
const skip = baseUrl ? false : 'TEST_DATABASE_URL is not set: the PostgreSQL store is not tested';

describe('the PostgreSQL store', { skip }, () => {
  const name = `skynet_site_${randomBytes(5).toString('hex')}`;
  const url = (() => {
    if (!baseUrl) return '';
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    return u.href;
  })();
  before(async () => {
    await withClient(baseUrl ?? '', (client) => client.query(`CREATE DATABASE ${name}`));
  });
  after(async () => {
    await withClient(baseUrl ?? '', (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  const clear = () =>
    withClient(url, (client) =>
      client.query('DROP TABLE IF EXISTS site_registry, site_registry_history').then(() => undefined),
    );

  it("imports the site folder's registry and history once, then commits on top", async () => {
    await clear();
    const site = freshSite();
    const text = `${JSON.stringify({ schemaVersion: 1, revision: 3, remotes: remotes('1.0.0') }, null, 2)}\n`;
    writeFileSync(path.join(site, 'remotes.json'), text);
    writeFileSync(
      path.join(site, 'registry-history.jsonl'),
      '{"at":"a","revision":3,"command":"start"}\nnot json\n{"at":"b","command":"odd"}\n',
    );
    const store = postgresStore({ siteDir: site, url });
    assert.deepEqual(await store.ensure(), { imported: true, revision: 3, historyRows: 2 });
    assert.deepEqual(await store.ensure(), { imported: false });
    const read = await store.read();
    assert.equal(read.text, text.trimEnd());
    assert.equal(read.revision, 3);
    assert.deepEqual(
      (await store.history()).map((entry) => [entry.command, entry.revision]),
      [
        ['start', 3],
        ['odd', 0],
      ],
    );
    const written = await store.commit(read, { remotes: remotes('1.1.0') }, [{ command: 'rollout' }]);
    assert.equal(written.revision, 4);
    assert.equal((await store.read()).registry.remotes['mfe-static']?.stable, '1.1.0');
  });

  it('of two commits from the same revision exactly one wins', async () => {
    await clear();
    await race(postgresStore({ siteDir: freshSite(), url }));
  });

  it('announces a commit on the channel the page servers listen to', async () => {
    await clear();
    const store = postgresStore({ siteDir: freshSite(), url });
    const snapshot = await store.read();
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      await listener.query('LISTEN skynet_registry');
      const heard = new Promise((resolve) => listener.on('notification', (n) => resolve(n.payload)));
      await store.commit(snapshot, { remotes: {} }, [{ command: 'publish' }]);
      assert.equal(await heard, String(snapshot.revision + 1));
    } finally {
      await listener.end();
    }
  });
});
