// Unit tests of the ops logic on throw-away site folders: node --test tooling/ops/
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import semver from 'semver';
import {
  canaryGuard,
  checkVersionCanServe,
  formatRoute,
  promote,
  promoteRefusal,
  publish,
  rollback,
  rollout,
  route,
  status,
  versionHealth,
} from './commands.mjs';
import { commitRegistry, readHistory, readRegistry, stableStack } from './registry-store.mjs';

// These are tests of the site folder's store: a DATABASE_URL in the environment (which selects the PostgreSQL store,
// tested in registry-pg.test.mjs) must not send them, or the commands they run, to that database.
delete process.env.DATABASE_URL;

const satisfies = (version, range) => semver.satisfies(version, range);

const ROUTES = [{ path: '/about', access: 'public' }];
let root;
let site;

/** A remote build: manifest (exposing ./app unless told otherwise), remoteEntry and one chunk. */
function build(name, { label = 'v1', exposes = ['./app'], react = '^19.0.0' } = {}) {
  const dir = join(root, 'builds', name);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    id: 'mfe_static',
    name: 'mfe_static',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    shared: [
      { name: 'react', version: '19.3.1', singleton: true, requiredVersion: react },
      { name: '@skynet/shared', version: '1.0.0', singleton: true, requiredVersion: '^1.0.0' },
      { name: 'left-pad', version: '1.0.0', singleton: false, requiredVersion: '^9.0.0' },
    ],
    exposes: exposes.map((path) => ({ id: `mfe_static:${path.slice(2)}`, name: path.slice(2), path })),
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'remoteEntry.js'), `/* entry ${label} */`);
  writeFileSync(join(dir, 'chunk.js'), `/* chunk ${label} */`);
  return dir;
}

const pub = (version, from, extra = {}) =>
  publish({ site, remote: 'mfe-static', version, from, routes: ROUTES, ...extra });
const entry = async () => (await readRegistry(site)).registry.remotes['mfe-static'];
/**
 * A canary as `rollout --percent` placed it, less `since`: asserted here to be the time its step started (an ISO
 * time), so the share and version compare as before.
 */
const placed = (canary) => {
  if (!canary) return canary;
  const { since, ...rest } = canary;
  assert.match(since, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'rollout --percent records since');
  return rest;
};

/** Platform-event counts as GET /api/platform/events/summary answers them, for mfe-static@version. */
const summaryOf = (version, counts) => ({
  rows: Object.entries(counts).map(([type, count]) => ({ remote: 'mfe-static', version, type, count })),
});
/** A canary that loaded 100 times without a failure: the promote gate lets it through. */
const healthy = (version) => summaryOf(version, { load: 100 });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ops-test-'));
  site = join(root, 'site');
  mkdirSync(site, { recursive: true });
  writeFileSync(
    join(site, 'shell-shared.json'),
    JSON.stringify({ provides: { react: '19.3.1', 'react-dom': '19.3.1', '@skynet/shared': '1.0.0' } }),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('publish', () => {
  test('copies the build with an integrity index and records the version; a new remote gets it as stable', async () => {
    const result = await pub('1.0.0', build('a'));
    assert.equal(result.status, 'published');
    const index = JSON.parse(readFileSync(join(site, 'remotes/mfe-static/1.0.0/integrity.json'), 'utf8'));
    assert.match(index.files['chunk.js'], /^sha384-[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(Object.keys(index.files).sort(), ['chunk.js', 'mf-manifest.json', 'remoteEntry.js']);
    assert.equal((await entry()).stable, '1.0.0');
    assert.equal((await entry()).versions['1.0.0'].manifest, '/remotes/mfe-static/1.0.0/mf-manifest.json');
    assert.equal(
      (await entry()).versions['1.0.0'].integrity['remoteEntry.js'],
      index.files['remoteEntry.js'],
    );
  });

  test('a version is immutable: other files are refused naming the file; the same files are a no-op', async () => {
    await pub('1.0.0', build('a'));
    const revision = (await readRegistry(site)).revision;
    await assert.rejects(
      () => pub('1.0.0', build('b', { label: 'v2' })),
      /already published with different files \(chunk\.js differs\)/,
    );
    assert.equal((await pub('1.0.0', build('a'))).status, 'unchanged');
    assert.equal((await readRegistry(site)).revision, revision, 'a no-op writes nothing');
    assert.equal(readFileSync(join(site, 'remotes/mfe-static/1.0.0/chunk.js'), 'utf8'), '/* chunk v1 */');
  });

  test('local mode (npm start) publishes a changed build as <version>-local.<hash> instead of failing', async () => {
    await pub('1.0.0', build('a'));
    const local = await pub('1.0.0', build('b', { label: 'v2' }), { mode: 'local' });
    assert.match(local.version, /^1\.0\.0-local\.[0-9a-f]{8}$/);
    assert.equal((await pub('1.0.0', build('b', { label: 'v2' }), { mode: 'local' })).version, local.version);
  });

  test('a build whose .br twin is not its file compressed is refused: the server would send the twin', async () => {
    const dir = build('a');
    writeFileSync(join(dir, 'chunk.js.br'), brotliCompressSync('/* chunk v1 */'));
    assert.equal((await pub('1.0.0', dir)).status, 'published');
    writeFileSync(join(dir, 'chunk.js'), '/* chunk edited after the build */');
    await assert.rejects(() => pub('1.0.1', dir), /chunk\.js\.br is not chunk\.js compressed/);
    writeFileSync(join(dir, 'orphan.js.br'), 'not brotli');
    rmSync(join(dir, 'chunk.js.br'));
    await assert.rejects(() => pub('1.0.1', dir), /orphan\.js\.br is not orphan\.js compressed/);
  });

  test('a folder that is not a remote build is refused', async () => {
    mkdirSync(join(root, 'empty'));
    await assert.rejects(() => pub('1.0.0', join(root, 'empty')), /has no mf-manifest\.json/);
  });
});

describe('registry writes', () => {
  test('compare-and-swap: a change made after the read is never overwritten', async () => {
    await pub('1.0.0', build('a'));
    const snapshot = await readRegistry(site);
    // Someone else changes the registry meanwhile.
    const other = await readRegistry(site);
    await commitRegistry(site, other, other.registry, [{ command: 'test' }]);
    await assert.rejects(
      () => commitRegistry(site, snapshot, snapshot.registry, [{ command: 'late' }]),
      /changed since it was read/,
    );
    assert.equal((await readRegistry(site)).revision, 2);
  });

  test('a hand edit (same revision, other bytes) is also detected', async () => {
    await pub('1.0.0', build('a'));
    const snapshot = await readRegistry(site);
    const file = join(site, 'remotes.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"canary": null', '"canary": null '));
    await assert.rejects(
      () => commitRegistry(site, snapshot, snapshot.registry, []),
      /changed since it was read/,
    );
  });

  test('--expect-revision refuses when the registry moved on', async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '1.1.0', expectRevision: 1 }),
      /at revision 2, not 1/,
    );
  });

  test('every change is a complete file and a history line with time, command and reason', async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', reason: 'new landing page' });
    const history = await readHistory(site);
    assert.deepEqual(
      history.map((line) => line.command),
      ['publish', 'publish', 'rollout'],
    );
    assert.equal(history[2].reason, 'new landing page');
    assert.match(history[2].at, /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual(history[2].from, { stable: '1.0.0', canary: null });
    assert.deepEqual(history[2].to, { stable: '1.1.0', canary: null });
  });
});

describe('rollout refusals', () => {
  beforeEach(() => pub('1.0.0', build('a')));

  test('a version that is not published', async () => {
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '9.9.9' }),
      /9\.9\.9 is not published/,
    );
  });

  test('a manifest that does not expose ./app', async () => {
    await pub('1.1.0', build('b', { exposes: ['./Widget'] }));
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '1.1.0' }),
      /does not expose \.\/app/,
    );
  });

  test('a singleton the shell does not provide in a matching version', async () => {
    await pub('2.0.0', build('b', { react: '^20.0.0' }));
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '2.0.0', percent: 10 }),
      /needs react \^20\.0\.0 but the shell provides 19\.3\.1/,
    );
    assert.equal((await entry()).canary, null);
  });

  test('non-singletons are not checked, and a published version edited in place is refused', async () => {
    await pub('1.1.0', build('b', { label: 'v2' }));
    assert.deepEqual((await checkVersionCanServe(site, 'mfe-static', '1.1.0')).problems, []);
    writeFileSync(join(site, 'remotes/mfe-static/1.1.0/chunk.js'), 'tampered');
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '1.1.0' }),
      /changed after it was published: chunk\.js differs/,
    );
  });

  test('a bad percentage', async () => {
    await pub('1.1.0', build('b', { label: 'v2' }));
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 0 }),
      /--percent/,
    );
    await assert.rejects(
      () => rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 150 }),
      /--percent/,
    );
  });
});

describe('canary, promote and rollback', () => {
  beforeEach(async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    await pub('1.2.0', build('c', { label: 'v3' }));
  });

  test('a canary for N%, then promoted to stable', async () => {
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 25 });
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 25 });
    assert.equal((await entry()).stable, '1.0.0');
    await promote({ site, remote: 'mfe-static', reason: 'canary healthy', summary: healthy('1.1.0') });
    assert.equal((await entry()).stable, '1.1.0');
    assert.equal((await entry()).canary, null);
    await assert.rejects(() => promote({ site, remote: 'mfe-static' }), /no canary to promote/);
  });

  test('rollback walks back through the stables in the history, dropping any canary', async () => {
    await rollout({ site, remote: 'mfe-static', version: '1.1.0' });
    await rollout({ site, remote: 'mfe-static', version: '1.2.0', percent: 50 });
    await promote({ site, remote: 'mfe-static', summary: healthy('1.2.0') });
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 10 });
    assert.equal((await rollback({ site, remote: 'mfe-static', reason: 'errors' })).after.stable, '1.1.0');
    assert.equal((await entry()).canary, null);
    assert.equal((await rollback({ site, remote: 'mfe-static' })).after.stable, '1.0.0');
    await assert.rejects(() => rollback({ site, remote: 'mfe-static' }), /no earlier stable version/);
    assert.deepEqual(stableStack(await readHistory(site), 'mfe-static'), ['1.0.0']);
  });

  test('rollback always ends a canary: with no earlier stable, the canary goes and the stable stays', async () => {
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 50 });
    assert.equal((await entry()).canary?.version, '1.1.0');
    const result = await rollback({ site, remote: 'mfe-static', reason: 'the canary throws' });
    assert.equal(result.after.stable, '1.0.0');
    assert.equal(result.after.canary, null);
    assert.equal((await entry()).canary, null);
    // Nothing left to end or go back to: said as before.
    await assert.rejects(() => rollback({ site, remote: 'mfe-static' }), /no earlier stable version/);
  });

  test('the command line says a rollback with no earlier stable ended the canary and kept the stable', async () => {
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 50 });
    const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [cli, 'rollback', 'mfe-static', '--site', site], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout.trim(),
      'mfe-static: canary 1.1.0 dropped; stable stays 1.0.0 (no earlier stable in the history)',
    );
  });

  test('rolling out again after a rollback starts a new branch of the history', async () => {
    await rollout({ site, remote: 'mfe-static', version: '1.1.0' });
    await rollback({ site, remote: 'mfe-static' });
    await rollout({ site, remote: 'mfe-static', version: '1.2.0' });
    assert.equal((await rollback({ site, remote: 'mfe-static' })).after.stable, '1.0.0');
  });

  test('status lists stable, canary and failures per version, tolerating a server that is down', async () => {
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 20 });
    const report = await status({
      site,
      summary: {
        rows: [
          {
            remote: 'mfe-static',
            version: '1.1.0',
            type: 'load-failure',
            count: 3,
            last: '2026-11-22T10:00:00Z',
          },
          { remote: 'mfe-static', version: '1.1.0', type: 'load', count: 40 },
        ],
      },
    });
    const remote = report.remotes.find((r) => r.remote === 'mfe-static');
    assert.deepEqual(placed(remote.canary), { version: '1.1.0', percent: 20 });
    const canary = remote.versions.find((v) => v.version === '1.1.0');
    assert.equal(canary.role, 'canary');
    assert.equal(canary.loadFailures, 3);
    assert.equal(canary.loads, 40);
    const down = await status({ site, api: 'http://127.0.0.1:9' });
    assert.match(down.eventsError, /could not reach/);
  });
});

describe('the promote gate and the canary guard', () => {
  beforeEach(async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 50 });
  });
  const historyOf = async (command) => (await readHistory(site)).filter((line) => line.command === command);

  test('health counts load, mount and render failures against the page loads that tried the version', async () => {
    const summary = summaryOf('1.1.0', {
      load: 18,
      'load-failure': 2,
      'mount-failure': 1,
      'render-failure': 1,
    });
    assert.deepEqual(versionHealth(summary, 'mfe-static', '1.1.0'), {
      loads: 18,
      tries: 20,
      failures: 4,
      rate: 0.2,
    });
    // Failing for everyone: no load at all, only failures.
    assert.equal(versionHealth(summaryOf('1.1.0', { 'load-failure': 3 }), 'mfe-static', '1.1.0').rate, 1);
    assert.equal(versionHealth({ rows: [] }, 'mfe-static', '1.1.0').rate, 0);
  });

  test('promote refuses a failure rate above 5%, with the figures, and changes nothing', async () => {
    const summary = summaryOf('1.1.0', { load: 95, 'render-failure': 6 });
    await assert.rejects(
      () => promote({ site, remote: 'mfe-static', summary }),
      (error) => {
        assert.equal(error.code, 'gated');
        assert.match(
          error.message,
          /not promoting mfe-static@1\.1\.0: mfe-static@1\.1\.0 fails too often: 6 failures in 95 page loads \(6\.3%, at most 5% allowed\).*--force --reason/,
        );
        return true;
      },
    );
    assert.equal((await entry()).stable, '1.0.0');
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 50 });
    assert.deepEqual(await historyOf('promote'), []);
    // Exactly at the threshold passes.
    assert.equal(
      promoteRefusal(summaryOf('1.1.0', { load: 100, 'mount-failure': 5 }), 'mfe-static', '1.1.0'),
      null,
    );
  });

  test('promote refuses a sample under 20 page loads, and counts it can not read', async () => {
    await assert.rejects(
      () => promote({ site, remote: 'mfe-static', summary: summaryOf('1.1.0', { load: 19 }) }),
      /too small a sample: 19 page loads tried it, 20 needed/,
    );
    await assert.rejects(
      () => promote({ site, remote: 'mfe-static', summary: { rows: [], error: 'could not reach http://x' } }),
      /cannot tell how mfe-static@1\.1\.0 is doing: could not reach http:\/\/x/,
    );
    await assert.rejects(() => promote({ site, remote: 'mfe-static' }), /cannot tell how/);
    assert.equal((await entry()).stable, '1.0.0');
  });

  test('the thresholds can be set: --max-failure-rate and --min-loads', async () => {
    const summary = summaryOf('1.1.0', { load: 10, 'load-failure': 1 });
    assert.match(promoteRefusal(summary, 'mfe-static', '1.1.0'), /fails too often/);
    assert.equal(promoteRefusal(summary, 'mfe-static', '1.1.0', { maxFailureRate: 0.1, minLoads: 5 }), null);
    await assert.rejects(
      () => promote({ site, remote: 'mfe-static', summary, gate: { maxFailureRate: 2 } }),
      /--max-failure-rate must be a percentage/,
    );
    await promote({ site, remote: 'mfe-static', summary, gate: { maxFailureRate: 0.1, minLoads: 5 } });
    assert.equal((await entry()).stable, '1.1.0');
  });

  test('--force promotes anyway, only with a reason, and the history records it with what the gate said', async () => {
    const summary = summaryOf('1.1.0', { load: 3, 'mount-failure': 3 });
    await assert.rejects(
      () => promote({ site, remote: 'mfe-static', summary, force: true }),
      /--force needs a --reason/,
    );
    const result = await promote({
      site,
      remote: 'mfe-static',
      summary,
      force: true,
      reason: 'hotfix, checked by hand',
    });
    assert.equal((await entry()).stable, '1.1.0');
    assert.match(result.warnings.join('\n'), /promoted despite: mfe-static@1\.1\.0 fails too often/);
    const [line] = await historyOf('promote');
    assert.equal(line.forced, true);
    assert.equal(line.reason, 'hotfix, checked by hand');
    assert.match(line.gate, /3 failures in 3 page loads \(100%/);
  });

  test('canary-guard drops a canary failing above the threshold, keeps a healthy or barely tried one; status shows it', async () => {
    const kept = await canaryGuard({
      site,
      remote: 'mfe-static',
      summary: summaryOf('1.1.0', { load: 40, 'load-failure': 1 }),
    });
    assert.deepEqual(
      kept.map((r) => r.action),
      ['kept'],
    );
    const few = await canaryGuard({ site, summary: summaryOf('1.1.0', { load: 2, 'render-failure': 2 }) });
    assert.match(few[0].why, /fewer than 20 page loads/);
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 50 });

    const failing = summaryOf('1.1.0', { load: 20, 'mount-failure': 4, 'load-failure': 5 });
    const before = await status({ site, summary: failing });
    assert.match(
      before.remotes.find((r) => r.remote === 'mfe-static').promoteBlocked,
      /fails too often: 9 failures in 25 page loads \(36%/,
    );
    const dropped = await canaryGuard({ site, summary: failing });
    assert.deepEqual(
      dropped.map((r) => [r.remote, r.version, r.action]),
      [['mfe-static', '1.1.0', 'dropped']],
    );
    assert.equal((await entry()).canary, null);
    assert.equal((await entry()).stable, '1.0.0');
    const [line] = await historyOf('canary-guard');
    assert.match(line.reason, /canary-guard: failure rate 36%: 9 failures in 25 page loads, above 5%/);
    const after = await status({ site, summary: failing });
    const remote = after.remotes.find((r) => r.remote === 'mfe-static');
    assert.equal(remote.guard.version, '1.1.0');
    assert.match(remote.guard.reason, /above 5%/);
    assert.equal(remote.versions.find((v) => v.version === '1.1.0').failureRate, 0.36);
    // Nothing to guard now; unreadable counts never drop anything.
    assert.deepEqual(await canaryGuard({ site, summary: failing }), []);
    await assert.rejects(
      () => canaryGuard({ site, summary: { rows: [], error: 'down' } }),
      /cannot read the failure counts: down/,
    );
  });

  test('the command line: promote is refused with one clear line; --force --reason goes through', async () => {
    const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
    // No server answers on port 9: the gate cannot see the counts.
    const run = (...args) =>
      spawnSync(process.execPath, [cli, ...args, '--site', site, '--api', 'http://127.0.0.1:9'], {
        encoding: 'utf8',
      });
    const refused = run('promote', 'mfe-static');
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /^ops: not promoting mfe-static@1\.1\.0: cannot tell how mfe-static@1\.1\.0 is doing: could not reach http:\/\/127\.0\.0\.1:9/,
    );
    assert.equal((await entry()).stable, '1.0.0');
    const forced = run('promote', 'mfe-static', '--force', '--reason', 'the events server is down');
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stdout, /canary 1\.1\.0 promoted to stable \(was 1\.0\.0\), forced/);
    assert.equal((await historyOf('promote'))[0].forced, true);
  });
});

describe('semver ranges', () => {
  test('caret, tilde, x-ranges, comparators, or, prereleases', async () => {
    assert.ok(satisfies('19.3.1', '^19.0.0'));
    assert.ok(!satisfies('19.3.1', '^20.0.0'));
    assert.ok(satisfies('0.2.5', '^0.2.1'));
    assert.ok(!satisfies('0.3.0', '^0.2.1'));
    assert.ok(satisfies('1.2.9', '~1.2.3'));
    assert.ok(!satisfies('1.3.0', '~1.2.3'));
    assert.ok(satisfies('7.18.5', '>=7.0.0 <8'));
    assert.ok(satisfies('1.4.0', '1.x || 2.x'));
    assert.ok(satisfies('3.0.0', '*'));
    assert.ok(satisfies('1.5.0', '1.0.0 - 2'));
    assert.ok(!satisfies('1.0.0-beta.1', '^1.0.0'));
    assert.ok(satisfies('1.0.0-beta.2', '^1.0.0-beta.1'));
    assert.ok(!satisfies('not a version', '*'));
  });
});

describe('the command line', () => {
  test('prints refusals as one clear line and exits 1', async () => {
    await pub('1.0.0', build('a'));
    const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [cli, 'rollout', 'mfe-static', '3.0.0', '--site', site], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /ops: refused: mfe-static@3\.0\.0 cannot go live:\n {2}- mfe-static@3\.0\.0 is not published/,
    );
  });

  test('route names the remote, route and versions for a path, signed in or out, in both documented forms', async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 25 });
    const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
    const direct = spawnSync(process.execPath, [cli, 'route', '/about/', '--site', site], {
      encoding: 'utf8',
    });
    assert.equal(direct.status, 0, direct.stderr);
    assert.equal(
      direct.stdout.trim(),
      '/about/ (signed-in): mfe-static, route /about (public), stable 1.0.0, canary 1.1.0 for 25%',
    );
    const unknown = spawnSync(process.execPath, [cli, 'route', '/nowhere', '--site', site], {
      encoding: 'utf8',
    });
    assert.match(unknown.stdout, /no remote owns it/);
    // As README and docs/operations.md write it: npm, pnpm and a `--` in front of the options.
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    const viaNpm = spawnSync(
      'npm',
      ['run', '--silent', 'ops', '--', 'route', '/about', '--signed-out', '--json', '--site', site],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    assert.equal(viaNpm.status, 0, viaNpm.stderr);
    const answer = JSON.parse(viaNpm.stdout.slice(viaNpm.stdout.indexOf('{')));
    assert.equal(answer.status, 'signed-out');
    assert.equal(answer.remote, 'mfe-static');
    assert.deepEqual(answer.canary, { version: '1.1.0', percent: 25 });
  });

  test('the documented form through npm keeps every option: a 50% canary, --json, unknown options and stray words refused', async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    // Exactly as docs/operations.md writes it, the site named by SITE_DIR as the docs say.
    const npm = (cwd, ...args) =>
      spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, SITE_DIR: site },
      });
    const canary = npm(
      repo,
      'rollout',
      'mfe-static',
      '1.1.0',
      '--percent',
      '50',
      '--reason',
      'half of people',
    );
    assert.equal(canary.status, 0, canary.stderr);
    assert.match(canary.stdout, /mfe-static: canary 1\.1\.0 for 50% of people \(stable stays 1\.0\.0\)/);
    assert.equal((await entry()).stable, '1.0.0');
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 50 });
    const line = (await readHistory(site)).at(-1);
    assert.equal(line.command, 'canary');
    assert.equal(line.reason, 'half of people');

    // --json through npm: only JSON on stdout, naming the registry and the server it read.
    const json = npm(repo, 'status', '--json', '--api', 'http://127.0.0.1:9');
    assert.equal(json.status, 0, json.stderr);
    const report = JSON.parse(json.stdout);
    assert.equal(report.source.registry, join(site, 'remotes.json'));
    assert.equal(report.source.api, 'http://127.0.0.1:9');
    const remote = report.remotes.find((r) => r.remote === 'mfe-static');
    assert.deepEqual(placed(remote.canary), { version: '1.1.0', percent: 50 });
    // The text form names them too, first.
    const text = npm(repo, 'status', '--api', 'http://127.0.0.1:9');
    assert.match(
      text.stdout,
      /^read: registry .*remotes\.json \(revision 3\); failure counts from http:\/\/127\.0\.0\.1:9 \(--api\)/,
    );

    // The package's own script and the CLI itself read the same options.
    const tooling = npm(join(repo, 'tooling'), 'rollout', 'mfe-static', '1.1.0', '--percent', '20');
    assert.equal(tooling.status, 0, tooling.stderr);
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 20 });
    assert.equal((await readHistory(site)).at(-1).reason, 'no --reason given');
    const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
    const direct = spawnSync(
      process.execPath,
      [cli, 'rollout', 'mfe-static', '1.1.0', '--percent=30', '--site', site],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(direct.status, 0, direct.stderr);
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 30 });

    // Refused, exit 2, one clear line, nothing changed: an unknown option, one the command does not take, a stray word.
    const revision = (await readRegistry(site)).revision;
    const unknown = npm(repo, 'rollout', 'mfe-static', '1.1.0', '--percnt', '50');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /^ops: unknown option --percnt \(rollout takes --percent, /m);
    const misplaced = npm(repo, 'promote', 'mfe-static', '--percent', '50');
    assert.equal(misplaced.status, 2);
    assert.match(misplaced.stderr, /^ops: promote does not take --percent/m);
    const stray = npm(
      repo,
      'rollout',
      'mfe-static',
      '1.1.0',
      '--percent',
      '50',
      '--reason',
      'half',
      'of',
      'people',
    );
    assert.equal(stray.status, 2);
    assert.match(stray.stderr, /^ops: unexpected "of" "people" after `rollout mfe-static 1\.1\.0`/m);
    assert.equal((await readRegistry(site)).revision, revision);
    assert.deepEqual(placed((await entry()).canary), { version: '1.1.0', percent: 30 });
  });
});

test("route: an administrators' area is named as such, and --admin shows what an administrator gets", async () => {
  writeFileSync(
    join(site, 'remotes.json'),
    JSON.stringify({
      schemaVersion: 1,
      revision: 1,
      remotes: {
        'mfe-admin': {
          routes: [{ path: '/admin', access: 'admin' }],
          stable: '1.0.0',
          canary: null,
          versions: { '1.0.0': { manifest: '/remotes/mfe-admin/1.0.0/mf-manifest.json' } },
        },
      },
    }),
  );
  const anyone = await route({ site, path: '/admin' });
  assert.equal(anyone.remote, null);
  assert.equal(
    formatRoute(anyone),
    '/admin (signed-in): only for administrators: anyone else gets the 404 page (--admin: what an administrator gets)',
  );
  const admin = await route({ site, path: '/admin', admin: true });
  assert.equal(admin.remote, 'mfe-admin');
  assert.equal(formatRoute(admin), '/admin (administrator): mfe-admin, route /admin (admin), stable 1.0.0');
  assert.equal((await route({ site, path: '/admin', signedIn: false })).resolution, 'admin-only');
  await assert.rejects(route({ site, path: '/admin', signedIn: false, admin: true }), /--admin/);
});

describe('issue 33: remove, pause, resume, policy, since, publish defaults and built, one product', () => {
  const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
  /** The ops command line on this test's site. */
  const ops = (args, env = {}) =>
    spawnSync(process.execPath, [cli, ...args, '--site', site], {
      encoding: 'utf8',
      env: { ...process.env, SKYNET_OPS_TOKEN: '', OPS_TOKEN: '', OPS_API: '', ...env },
    });
  /** A build as tooling/rspack writes it: with routes.json and built.json. */
  const realBuild = (name, version, label) => {
    const dir = build(name, { label });
    writeFileSync(join(dir, 'routes.json'), JSON.stringify(ROUTES));
    writeFileSync(
      join(dir, 'built.json'),
      JSON.stringify({ remote: 'mfe-static', version, built: { kit: '1.0.0', contract: '1.1.0' } }),
    );
    return dir;
  };

  test('rollout --percent starts the step now (since); a new share starts it again', async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    const first = new Date('2026-11-27T10:00:00.000Z');
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 5, now: first });
    assert.deepEqual((await entry()).canary, { version: '1.1.0', percent: 5, since: first.toISOString() });
    const later = new Date('2026-11-27T10:30:00.000Z');
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 25, now: later });
    assert.deepEqual((await entry()).canary, { version: '1.1.0', percent: 25, since: later.toISOString() });
    // The command line sets it to the time it ran.
    const before = Date.now();
    assert.equal(ops(['rollout', 'mfe-static', '1.1.0', '--percent', '50']).status, 0);
    const since = Date.parse((await entry()).canary.since);
    assert.ok(since >= before - 1000 && since <= Date.now() + 1000, `since ${since} is now`);
  });

  test('pause and resume hold the canary, each with a history line; refused without a canary or twice', async () => {
    await pub('1.0.0', build('a'));
    await pub('1.1.0', build('b', { label: 'v2' }));
    const noCanary = ops(['pause', 'mfe-static']);
    assert.equal(noCanary.status, 1);
    assert.match(noCanary.stderr, /^ops: mfe-static has no canary to pause/);
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 10 });
    const paused = ops(['pause', 'mfe-static', '--reason', 'looking at the LCP chart']);
    assert.equal(paused.status, 0, paused.stderr);
    assert.match(paused.stdout, /mfe-static: canary 1\.1\.0 paused at 10%/);
    assert.equal((await entry()).canary.paused, true);
    assert.equal(ops(['pause', 'mfe-static']).status, 1, 'already paused');
    const resumed = ops(['resume', 'mfe-static', '--reason', 'fine']);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.equal((await entry()).canary.paused, undefined);
    assert.equal((await entry()).canary.percent, 10);
    const lines = (await readHistory(site)).filter((line) => ['pause', 'resume'].includes(line.command));
    assert.deepEqual(
      lines.map((line) => [line.command, line.reason]),
      [
        ['pause', 'looking at the LCP chart'],
        ['resume', 'fine'],
      ],
    );
  });

  test('policy: shown, changed through parsePolicy with a history line, an invalid one refused', async () => {
    await pub('1.0.0', build('a'));
    const shown = ops(['policy', 'mfe-static']);
    assert.equal(shown.status, 0, shown.stderr);
    assert.match(
      shown.stdout,
      /mfe-static: policy auto, steps 5, 25, 50, 100%, bake 10 min, at least 30 samples \(unchanged\)/,
    );
    const revision = (await readRegistry(site)).revision;
    const set = ops([
      'policy',
      'mfe-static',
      '--manual',
      '--steps',
      '10,50,100',
      '--bake-minutes',
      '30',
      '--reason',
      'big change',
    ]);
    assert.equal(set.status, 0, set.stderr);
    assert.deepEqual((await entry()).policy, {
      mode: 'manual',
      steps: [10, 50, 100],
      bakeMinutes: 30,
      minSamples: 30,
    });
    const line = (await readHistory(site)).at(-1);
    assert.equal(line.command, 'policy');
    assert.equal(line.reason, 'big change');
    assert.deepEqual(line.policy, { mode: 'manual', steps: [10, 50, 100], bakeMinutes: 30, minSamples: 30 });
    assert.equal(ops(['policy', 'mfe-static', '--auto', '--min-samples', '50']).status, 0);
    assert.deepEqual((await entry()).policy, {
      mode: 'auto',
      steps: [10, 50, 100],
      bakeMinutes: 30,
      minSamples: 50,
    });
    for (const bad of [
      ['--steps', '50,25'],
      ['--steps', '0,100'],
      ['--steps', '5,abc'],
      ['--min-samples', '0'],
      ['--bake-minutes', '-1'],
      ['--auto', '--manual'],
    ]) {
      const refused = ops(['policy', 'mfe-static', ...bad]);
      assert.equal(refused.status, 2, `${bad.join(' ')}: ${refused.stderr}`);
      assert.match(refused.stderr, /^ops: /);
    }
    assert.equal(
      (await readRegistry(site)).revision,
      revision + 2,
      'only the two valid changes were written',
    );
  });

  test('remove: refused while a canary runs unless --force, needs a reason; a history line; files stay; rollout registers it again', async () => {
    await pub('1.0.0', realBuild('a', '1.0.0', 'v1'));
    await pub('1.1.0', realBuild('b', '1.1.0', 'v2'));
    await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 10 });
    const noReason = ops(['remove', 'mfe-static']);
    assert.equal(noReason.status, 2);
    assert.match(noReason.stderr, /^ops: remove needs a --reason/);
    const refused = ops(['remove', 'mfe-static', '--reason', 'retired']);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^ops: mfe-static has a canary \(1\.1\.0 for 10%\): end it first/);
    assert.ok(await entry(), 'still there');
    const removed = ops(['remove', 'mfe-static', '--reason', 'retired', '--force']);
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(
      removed.stdout,
      /mfe-static: removed from the registry \(was stable 1\.0\.0, canary 1\.1\.0 for 10%\)/,
    );
    assert.equal(await entry(), undefined);
    const line = (await readHistory(site)).at(-1);
    assert.equal(line.command, 'remove');
    assert.equal(line.remote, 'mfe-static');
    assert.equal(line.reason, 'retired');
    assert.equal(line.forced, true);
    assert.deepEqual(line.from, { stable: '1.0.0', canary: { version: '1.1.0', percent: 10 } });
    assert.deepEqual(line.to, { stable: null, canary: null });
    assert.ok(readFileSync(join(site, 'remotes/mfe-static/1.1.0/remoteEntry.js'), 'utf8'), 'its files stay');
    assert.equal(ops(['remove', 'mfe-static', '--reason', 'again']).status, 1, 'not in the registry');
    // Not in the registry: a canary is refused (no stable to fall back to), a rollout registers it.
    const canary = ops(['rollout', 'mfe-static', '1.1.0', '--percent', '10']);
    assert.equal(canary.status, 1);
    assert.match(
      canary.stderr,
      /mfe-static is not in the registry: its first rollout makes a version its stable/,
    );
    const back = ops(['rollout', 'mfe-static', '1.1.0', '--reason', 'back']);
    assert.equal(back.status, 0, back.stderr);
    assert.match(back.stdout, /mfe-static: registered, 1\.1\.0 is stable for everyone/);
    const again = await entry();
    assert.equal(again.stable, '1.1.0');
    assert.deepEqual(again.routes, ROUTES);
    assert.deepEqual(again.versions['1.1.0'].built, { kit: '1.0.0', contract: '1.1.0' });
    // status says which kit and contract each version carries.
    const shown = ops(['status', '--api', 'http://127.0.0.1:9']);
    assert.match(shown.stdout, /stable 1\.1\.0 +\(built with kit 1\.0\.0, contract 1\.1\.0\)/);
    assert.match(again.versions['1.1.0'].integrity['remoteEntry.js'], /^sha384-/);
  });

  test('publish takes the version from the build (built.json) and records built; a new remote is registered with it as stable', async () => {
    const dir = realBuild('a', '1.0.0', 'v1');
    const first = ops(['publish', 'mfe-static', '--from', dir]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(
      first.stdout,
      /published mfe-static@1\.0\.0 \(5 files\) \(built with kit 1\.0\.0, contract 1\.1\.0\)/,
    );
    // A remote new to the registry has nothing else to serve: its first version is its stable.
    assert.equal((await entry()).stable, '1.0.0');
    assert.deepEqual((await entry()).versions['1.0.0'].built, { kit: '1.0.0', contract: '1.1.0' });
    const next = realBuild('b', '1.1.0', 'v2');
    assert.equal(ops(['publish', 'mfe-static', '--from', next]).status, 0);
    assert.deepEqual((await entry()).versions['1.1.0'].built, { kit: '1.0.0', contract: '1.1.0' });
    assert.equal((await entry()).stable, '1.0.0', 'stable does not move');
    // --version still wins; a build of another remote is refused.
    assert.equal(ops(['publish', 'mfe-static', '--from', next, '--version', '1.1.1']).status, 0);
    assert.ok((await entry()).versions['1.1.1']);
    const other = realBuild('c', '2.0.0', 'v3');
    writeFileSync(join(other, 'built.json'), JSON.stringify({ remote: 'mfe-feed', version: '2.0.0' }));
    const wrong = ops(['publish', 'mfe-static', '--from', other]);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /is a build of mfe-feed, not mfe-static/);
    // The function records built from the folder's built.json too.
    await pub('1.2.0', realBuild('d', '1.2.0', 'v4'));
    assert.deepEqual((await entry()).versions['1.2.0'].built, { kit: '1.0.0', contract: '1.1.0' });
  });

  test('a first rollout checks the version before it registers the remote: a refused one leaves no entry', async () => {
    const dir = realBuild('a', '1.0.0', 'v1');
    const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ ...manifest, exposes: [] }));
    assert.equal(ops(['publish', 'mfe-static', '--from', dir]).status, 0);
    // A first publish registers the remote; taken out again, its next rollout is a registration.
    assert.equal(ops(['remove', 'mfe-static', '--reason', 'retired']).status, 0);
    const refused = ops(['rollout', 'mfe-static', '1.0.0']);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /does not expose \.\/app/);
    assert.equal(await entry(), undefined);
    const unpublished = ops(['rollout', 'mfe-static', '2.0.0']);
    assert.equal(unpublished.status, 1);
    assert.match(unpublished.stderr, /mfe-static is not in the registry: publish it first/);
  });

  test('publish <remote> with no --from: the workspace build (<remote>/dist) at the version its built.json records', {
    skip: !existsSync(join(fileURLToPath(new URL('../..', import.meta.url)), 'mfe-static/dist/built.json'))
      ? 'no build of mfe-static (npm run build)'
      : false,
  }, async () => {
    const dist = join(fileURLToPath(new URL('../..', import.meta.url)), 'mfe-static/dist');
    const recorded = JSON.parse(readFileSync(join(dist, 'built.json'), 'utf8'));
    const run = ops(['publish', 'mfe-static']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`published mfe-static@${recorded.version.replace(/\./g, '\\.')} `));
    assert.ok(existsSync(join(site, 'remotes/mfe-static', recorded.version, 'built.json')));
  });

  describe('counts of one product only', () => {
    /** The command line as a child process, awaited (the fake API answers from this process meanwhile). */
    const opsAsync = (args, env = {}) =>
      new Promise((resolve) => {
        execFile(
          process.execPath,
          [cli, ...args, '--site', site],
          {
            encoding: 'utf8',
            env: { ...process.env, SKYNET_OPS_TOKEN: '', OPS_TOKEN: '', OPS_API: '', ...env },
          },
          (error, stdout, stderr) => resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    /** @type {import('node:http').Server} */
    let server;
    let api;
    /** What the fake API answers: status and body of GET /api/platform/events/summary. */
    let answer;
    let seen;
    beforeEach(async () => {
      server = createServer((request, response) => {
        seen = request.headers.authorization ?? null;
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
      api = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
      await pub('1.0.0', build('a'));
      await pub('1.1.0', build('b', { label: 'v2' }));
      await rollout({ site, remote: 'mfe-static', version: '1.1.0', percent: 50 });
    });
    afterEach(() => new Promise((resolve) => server.close(() => resolve(undefined))));
    const rows = [{ remote: 'mfe-static', version: '1.1.0', type: 'load', count: 100 }];

    test("status, promote and canary-guard refuse another product's counts, naming both; the same product's are used", async () => {
      const { registry, revision } = await readRegistry(site);
      assert.match(registry.product ?? '', /./, 'the registry got its product id at its first write');
      answer = {
        status: 200,
        body: { success: true, value: rows, registry: { product: 'another-product', revision } },
      };
      for (const args of [['status'], ['promote', 'mfe-static'], ['canary-guard']]) {
        const run = await opsAsync([...args, '--api', api, '--token', 'admin-token']);
        assert.equal(run.status, 1, `${args[0]}: ${run.stdout}${run.stderr}`);
        assert.match(
          run.stderr,
          new RegExp(
            `^ops: refusing to mix two products: the registry read is .*remotes\\.json \\(product ${registry.product}, revision ${revision}\\), but ${api.replace(/\./g, '\\.')} counts for product another-product, revision ${revision}`,
          ),
        );
      }
      assert.equal(seen, 'Bearer admin-token', 'the token is sent');
      assert.equal((await entry()).canary.version, '1.1.0', 'nothing promoted');
      // The same product: paired; the token from SKYNET_OPS_TOKEN.
      answer = {
        status: 200,
        body: { success: true, value: rows, registry: { product: registry.product, revision: 99 } },
      };
      const same = await opsAsync(['status', '--api', api], { SKYNET_OPS_TOKEN: 'from-env' });
      assert.equal(same.status, 0, same.stderr);
      assert.match(same.stdout, /canary 1\.1\.0 +loads 100, load failures 0/);
      assert.equal(seen, 'Bearer from-env');
      const promoted = await opsAsync(['promote', 'mfe-static', '--api', api]);
      assert.equal(promoted.status, 0, promoted.stderr);
      assert.equal((await entry()).stable, '1.1.0');
    });

    test('a server with no product yet is paired by revision; an old answer naming no registry gives no counts', async () => {
      const { revision } = await readRegistry(site);
      answer = {
        status: 200,
        body: { success: true, value: rows, registry: { product: null, revision: revision + 1 } },
      };
      const other = await opsAsync(['status', '--api', api]);
      assert.equal(other.status, 1);
      assert.match(
        other.stderr,
        /refusing to mix two products: .*but .* counts for product \(none yet\), revision/,
      );
      answer = { status: 200, body: { success: true, value: rows, registry: { product: null, revision } } };
      assert.equal((await opsAsync(['status', '--api', api])).status, 0);
      answer = { status: 200, body: { success: true, value: rows } };
      const old = await opsAsync(['status', '--api', api]);
      assert.equal(old.status, 0, old.stderr);
      assert.match(
        old.stdout,
        /failure counts unavailable: .* does not say which registry its counts are for/,
      );
      const gated = await opsAsync(['promote', 'mfe-static', '--api', api]);
      assert.equal(gated.status, 1);
      assert.match(
        gated.stderr,
        /cannot tell how mfe-static@1\.1\.0 is doing: .*does not say which registry/,
      );
    });

    test('a 401 or 403 says the counts are for administrators and how to give a token', async () => {
      answer = { status: 401, body: { success: false } };
      const none = await opsAsync(['status', '--api', api]);
      assert.equal(none.status, 0);
      assert.match(
        none.stdout,
        /answered 401: the counts are for administrators and no token was given; pass --token .* SKYNET_OPS_TOKEN/,
      );
      answer = { status: 403, body: { success: false } };
      const notAdmin = await opsAsync(['promote', 'mfe-static', '--api', api, '--token', 'a-member']);
      assert.equal(notAdmin.status, 1);
      assert.match(notAdmin.stderr, /answered 403: the token is not an administrator's/);
    });
  });
});
