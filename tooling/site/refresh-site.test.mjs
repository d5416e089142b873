// A container's start with the image's site (refresh-site.mjs): published into the volume when newer, the volume left
// alone otherwise (an operator's canary and rollback survive a restart), replicas starting at once commit once. On
// temporary folders with the file store, and on PostgreSQL in a database of its own (created and dropped here) when
// TEST_DATABASE_URL is set. node --test tooling/site/
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { registryStore } from '@skynet/site/registry';
import pg from 'pg';
import { publish, publishFiles, rollback, rollout, versionPath } from '../ops/commands.mjs';
import { IMAGE_COMMAND, refreshSite } from './refresh-site.mjs';

const REMOTES = ['mfe-feed', 'mfe-static'];
const ROUTES = {
  'mfe-feed': [{ path: '/feed', access: 'signed-in' }],
  'mfe-static': [{ path: '/about', access: 'public' }],
};

let root = '';
before(() => {
  root = mkdtempSync(join(tmpdir(), 'refresh-site-test-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

const fresh = (/** @type {string} */ label) => {
  const dir = join(root, `${label}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

/**
 * The site an image's build lays out (publish-site.mjs does it from the workspace's builds): a shell at the root,
 * each remote at `version` (its files the same for the same version, unless `rebuild` marks them), each stable.
 * @param {string} label @param {Record<string, string>} versions @param {string} [rebuild]
 */
async function imageSite(label, versions, rebuild = '') {
  const dir = fresh(`image-${label}`);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>shell ${label}</title>`);
  writeFileSync(join(dir, 'assets', 'shell.js'), `/* shell ${label} */`);
  writeFileSync(
    join(dir, 'shell-shared.json'),
    JSON.stringify({ shell: '1.0.0', provides: { react: '19.3.1' }, writtenAt: new Date().toISOString() }),
  );
  /** @type {Record<string, import('@skynet/contract').RemoteEntry>} */
  const remotes = {};
  for (const [remote, version] of Object.entries(versions)) {
    const build = join(root, 'builds', `${remote}-${label}-${randomBytes(3).toString('hex')}`);
    mkdirSync(build, { recursive: true });
    const id = remote.replace('-', '_');
    writeFileSync(
      join(build, 'mf-manifest.json'),
      JSON.stringify({
        id,
        name: id,
        shared: [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' }],
        exposes: [{ id: `${id}:app`, name: 'app', path: './app' }],
      }),
    );
    writeFileSync(join(build, 'remoteEntry.js'), `/* ${remote} ${version} ${rebuild} */`);
    const { files } = publishFiles({ site: dir, remote, version, from: build });
    const routes = ROUTES[/** @type {keyof typeof ROUTES} */ (remote)];
    remotes[remote] = {
      routes,
      stable: version,
      canary: null,
      versions: {
        [version]: {
          manifest: `${versionPath(remote, version)}mf-manifest.json`,
          integrity: { 'mf-manifest.json': files['mf-manifest.json'] ?? '' },
          publishedAt: new Date().toISOString(),
          routes,
        },
      },
    };
  }
  await registryStore(dir, null).commit({ revision: 0, hash: '' }, { remotes }, []);
  return dir;
}

const placements = async (/** @type {string} */ site, /** @type {string | null} */ url = null) => {
  const { registry, revision } = await registryStore(site, url).read();
  return {
    revision,
    ...Object.fromEntries(
      Object.entries(registry.remotes).map(([name, entry]) => [
        name,
        `${entry.stable}${entry.canary ? ` canary ${entry.canary.version}@${entry.canary.percent}%` : ''}`,
      ]),
    ),
  };
};

/**
 * `replicas` first starts at once on one empty volume (and registry): every one succeeds, the image's two remotes
 * are committed once, as revision 1. @param {number} replicas @param {string | null} url
 */
async function raceFirstStart(replicas, url) {
  const image = await imageSite('race', { 'mfe-feed': '1.0.0', 'mfe-static': '1.0.0' });
  const site = fresh('volume');
  const results = await Promise.all(
    Array.from({ length: replicas }, () => refreshSite({ image, site, databaseUrl: url })),
  );
  assert.equal(results.flatMap((r) => r.published).length, 2, JSON.stringify(results));
  assert.equal(
    results.filter((r) => r.published.length === 0).length,
    replicas - 1,
    'the others found it done',
  );
  assert.deepEqual(await placements(site, url), { revision: 1, 'mfe-feed': '1.0.0', 'mfe-static': '1.0.0' });
  assert.equal((await registryStore(site, url).history()).length, 2);
  return { site, results };
}

describe('refreshSite: the image site into the volume (file store)', () => {
  test('an empty volume gets the image: remotes published and stable, the shell copied, history "image"', async () => {
    const image = await imageSite('a', { 'mfe-feed': '1.0.0', 'mfe-static': '1.0.0' });
    const site = fresh('volume');
    const result = await refreshSite({ image, site, databaseUrl: null });
    assert.deepEqual(result.published.sort(), ['mfe-feed@1.0.0', 'mfe-static@1.0.0']);
    assert.deepEqual(await placements(site), { revision: 1, 'mfe-feed': '1.0.0', 'mfe-static': '1.0.0' });
    assert.match(readFileSync(join(site, 'index.html'), 'utf8'), /shell a/);
    assert.match(
      readFileSync(join(site, 'remotes', 'mfe-feed', '1.0.0', 'remoteEntry.js'), 'utf8'),
      /mfe-feed 1\.0\.0/,
    );
    const history = await registryStore(site, null).history();
    assert.deepEqual(
      history.map((entry) => [entry.command, entry.remote, entry.to?.stable]),
      REMOTES.map((remote) => [IMAGE_COMMAND, remote, '1.0.0']),
    );
  });

  test('a restart of the same image changes nothing: an operator canary and a rollback survive', async () => {
    const site = fresh('volume');
    process.env.SITE_DIR = site;
    try {
      const v1 = await imageSite('v1', { 'mfe-feed': '1.0.0', 'mfe-static': '1.0.0' });
      await refreshSite({ image: v1, site, databaseUrl: null });
      const v2 = await imageSite('v2', { 'mfe-feed': '1.1.0', 'mfe-static': '1.0.0' });
      const upgrade = await refreshSite({ image: v2, site, databaseUrl: null });
      assert.deepEqual(upgrade.published, ['mfe-feed@1.1.0'], 'mfe-static 1.0.0 is the one served');
      assert.deepEqual(await placements(site), { revision: 2, 'mfe-feed': '1.1.0', 'mfe-static': '1.0.0' });
      assert.match(readFileSync(join(site, 'index.html'), 'utf8'), /shell v2/, 'the shell is the image');

      // The operator: a canary of mfe-static built elsewhere, and mfe-feed rolled back to 1.0.0.
      const canary = await imageSite('canary', { 'mfe-static': '1.2.0' });
      await publish({
        site,
        remote: 'mfe-static',
        version: '1.2.0',
        from: join(canary, 'remotes', 'mfe-static', '1.2.0'),
        routes: ROUTES['mfe-static'],
        reason: 'test publish',
      });
      await rollout({ site, remote: 'mfe-static', version: '1.2.0', percent: 10, reason: 'test canary' });
      await rollback({ site, remote: 'mfe-feed', reason: 'test rollback' });
      const operated = await placements(site);
      assert.deepEqual(operated, {
        revision: 5,
        'mfe-feed': '1.0.0',
        'mfe-static': '1.0.0 canary 1.2.0@10%',
      });

      const restart = await refreshSite({ image: v2, site, databaseUrl: null });
      assert.deepEqual(restart.published, []);
      assert.deepEqual(restart.shell, []);
      assert.deepEqual(await placements(site), operated, 'nothing changed');
      assert.equal(restart.kept.length, 2, restart.kept.join('\n'));

      // The next image: mfe-static 1.1.0 becomes stable, the canary of another version stays.
      const v3 = await imageSite('v3', { 'mfe-feed': '1.1.0', 'mfe-static': '1.1.0' });
      const next = await refreshSite({ image: v3, site, databaseUrl: null });
      assert.deepEqual(next.published, ['mfe-static@1.1.0']);
      assert.deepEqual(await placements(site), {
        revision: 6,
        'mfe-feed': '1.0.0',
        'mfe-static': '1.1.0 canary 1.2.0@10%',
      });
      // ...and `ops rollback` goes back from the image's version to the one before it.
      await rollback({ site, remote: 'mfe-static', reason: 'test rollback of an image version' });
      assert.equal((await placements(site))['mfe-static'], '1.0.0');
    } finally {
      delete process.env.SITE_DIR;
    }
  });

  test('a volume serving a newer version keeps it; the same version rebuilt is published as -local', async () => {
    const site = fresh('volume');
    await refreshSite({ image: await imageSite('new', { 'mfe-feed': '2.0.0' }), site, databaseUrl: null });
    const older = await refreshSite({
      image: await imageSite('old', { 'mfe-feed': '1.5.0' }),
      site,
      databaseUrl: null,
    });
    assert.deepEqual(older.published, []);
    assert.match(older.kept.join('\n'), /serving 2\.0\.0, newer than the image's 1\.5\.0/);
    assert.equal((await placements(site))['mfe-feed'], '2.0.0');

    const rebuilt = await refreshSite({
      image: await imageSite('rebuilt', { 'mfe-feed': '2.0.0' }, 'rebuilt'),
      site,
      databaseUrl: null,
    });
    assert.equal(rebuilt.published.length, 1);
    assert.match(rebuilt.published[0] ?? '', /^mfe-feed@2\.0\.0-local\.[0-9a-f]{8}$/);
  });

  test('replicas starting at once on one volume: each succeeds, the builds are committed once', async () => {
    await raceFirstStart(4, null);
  });

  test('refuses an image path that holds no built site', async () => {
    await assert.rejects(
      refreshSite({ image: fresh('empty'), site: fresh('volume') }),
      /holds no built site/,
    );
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
const skip = baseUrl ? false : 'TEST_DATABASE_URL is not set: the PostgreSQL registry is not tested';
describe('refreshSite with the registry in PostgreSQL', { skip }, () => {
  const name = `skynet_refresh_${randomBytes(5).toString('hex')}`;
  let url = '';
  const admin = async (/** @type {string} */ sql) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  before(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(/** @type {string} */ (baseUrl));
    u.pathname = `/${name}`;
    url = u.href;
  });
  after(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  test('six replicas start at once: one compare-and-swap wins, the others re-read and change nothing', async () => {
    const { site } = await raceFirstStart(6, url);

    // The next image, on the same database: one more revision, the history names the image.
    const next = await imageSite('pg2', { 'mfe-feed': '1.1.0', 'mfe-static': '1.0.0' });
    const again = await Promise.all(
      Array.from({ length: 3 }, () => refreshSite({ image: next, site, databaseUrl: url })),
    );
    assert.deepEqual(
      again.flatMap((r) => r.published),
      ['mfe-feed@1.1.0'],
    );
    assert.deepEqual(await placements(site, url), {
      revision: 2,
      'mfe-feed': '1.1.0',
      'mfe-static': '1.0.0',
    });
    const last = (await registryStore(site, url).history()).at(-1);
    assert.equal(last?.command, IMAGE_COMMAND);
    assert.deepEqual(last?.from, { stable: '1.0.0', canary: null });
  });
});
