// The proxy of `npm run cluster` for real (issue 30 item 2): its own PostgreSQL, Redis and a 2-node cluster
// (topology.mjs, as the fault suite), then through HAProxy:
// - 40 cookieless API calls from one address are spread over both nodes (least connections, no stickiness);
// - socket.io is sticky: a cookie is inserted on its answers (none on the API's), cookieless handshakes stay on one node;
// - Redis stopped for every node: readiness fails everywhere, the proxy falls back to the live nodes and the site
//   still answers;
// - a draining node (SIGTERM while a request is still being received) gets no new API calls;
// - `npm run cluster` on a database that does not exist says so in one line.
// Bounded (75 s) and it removes everything it started. Run by `npm test` with SKYNET_CHAOS=1 (scripts/test.mjs),
// or alone: node --test e2e/chaos/proxy.test.mjs (needs a build, initdb, redis-server and haproxy).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { repoRoot } from '../../tooling/site/product.mjs';
import { cleanup, cleanups, cluster, postgres, redis, sleep, work } from './topology.mjs';

const CALLS = 40;
const haproxyInstalled = existsSync('/usr/sbin/haproxy');
const log = (...parts) => console.log(`[proxy ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const state = () => (existsSync(cluster.stateFile) ? cluster.nodes() : []);

/** HAProxy's `show stat` through its runtime API: `<backend>/<server>` -> UP (checked and passed), DOWN, ... */
function proxyStatus() {
  const { proxy } = JSON.parse(readFileSync(cluster.stateFile, 'utf8'));
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(proxy.statsSocket);
    socket.setTimeout(2000, () => socket.destroy(new Error('the stats socket did not answer')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const at = (name) => columns.indexOf(name);
      const result = {};
      for (const row of rows) {
        const cells = row.split(',');
        const server = cells[at('svname')];
        if (server === 'FRONTEND' || server === 'BACKEND') continue;
        // `UP` after a good check; HAProxy also counts a node UP before its first check, and `UP 1/2` is going down.
        const checked = cells[at('check_status')].startsWith('L7OK');
        result[`${cells[at('pxname')]}/${server}`] =
          cells[at('status')] === 'UP' && !checked ? 'UNCHECKED' : cells[at('status')];
      }
      resolve(result);
    });
    socket.write('show stat\n');
  });
}
/** Waits until `check()` is true (polling every 250 ms), or fails naming `what`. */
async function until(what, check, ms = 20_000) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await check();
      if (last === true) return;
    } catch (error) {
      last = error.message;
    }
    await sleep(250);
  }
  throw new Error(`${what} not within ${ms / 1000} s (last: ${JSON.stringify(last)})`);
}

/** `calls` sequential cookieless calls through the proxy: how many each node answered, and every status. */
async function spread(path, calls = CALLS) {
  const byNode = {};
  const statuses = {};
  let cookies = 0;
  for (let i = 0; i < calls; i += 1) {
    const response = await fetch(`${cluster.base}${path}`, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    const node = response.headers.get('x-skynet-node') ?? 'none';
    byNode[node] = (byNode[node] ?? 0) + 1;
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.headers.get('set-cookie')) cookies += 1;
  }
  return { byNode, statuses, cookies };
}

/** The nodes of `backend` whose status is exactly `status` (`UP 1/2`, going down, still takes requests). */
const nodesIn = async (backend, status) =>
  Object.entries(await proxyStatus())
    .filter(([name, now]) => name.startsWith(`${backend}/`) && now === status)
    .map(([name]) => name.slice(backend.length + 1))
    .sort();
const upIn = (backend) => nodesIn(backend, 'UP');

/** Both nodes checked and UP in every backend (each backend checks on its own schedule). */
const allUp = async (backends = ['api', 'sockets', 'api_any', 'sockets_any']) => {
  for (const backend of backends) if ((await upIn(backend)).length !== 2) return false;
  return true;
};

const figures = {};

before(async () => {
  if (!haproxyInstalled) return;
  setTimeout(() => {
    console.error('[proxy] the run took longer than 75 s: stopping');
    cleanup().finally(() => process.exit(1));
  }, 75_000).unref();
  log(`private PostgreSQL, Redis and a 2-node cluster in ${work}`);
  await postgres.create();
  await redis.start();
  cleanups.push(() => redis.stop());
  // A node that is shutting down keeps draining for up to 30 s while a request is still running.
  process.env.SHUTDOWN_TIMEOUT_MS = '30000';
  await cluster.start({
    nodes: 2,
    ready: async () => {
      if (state().length < 2) return false;
      try {
        return await allUp();
      } catch {
        return false;
      }
    },
  });
  log('cluster up, both nodes ready in the proxy');
});

after(async () => {
  if (Object.keys(figures).length > 0) log('figures', JSON.stringify(figures));
  await cleanup();
});

const skip = haproxyInstalled ? false : 'haproxy is not installed';

test('40 cookieless API calls from one address are spread over both nodes', { skip }, async () => {
  const { byNode, statuses, cookies } = await spread('/api/health');
  figures.ready = byNode;
  log(`${CALLS} calls to GET /api/health:`, JSON.stringify(byNode));
  assert.deepEqual(statuses, { 200: CALLS });
  assert.ok(Object.keys(byNode).length > 1, `more than one node answered: ${JSON.stringify(byNode)}`);
  for (const count of Object.values(byNode)) assert.ok(count >= CALLS / 4, JSON.stringify(byNode));
  assert.equal(cookies, 0, 'no stickiness for the API: no cookie set');
});

test("every call gets the proxy's request id, which the node answers as its own", { skip }, async () => {
  const ids = new Set();
  for (let i = 0; i < 5; i += 1) {
    // A client's own id is replaced: the edge names every request.
    const response = await fetch(`${cluster.base}/api/health`, {
      headers: { 'x-request-id': 'client-chosen' },
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    const id = response.headers.get('x-request-id') ?? '';
    assert.match(id, /^[0-9A-F]+:[0-9A-F]+-[0-9A-F]+-[0-9A-F]+-[0-9A-F]+$/, id);
    ids.add(id);
  }
  assert.equal(ids.size, 5, 'unique');
});

test('socket.io is sticky: by the cookie HAProxy inserts, by address without one', { skip }, async () => {
  const polling = `${cluster.base}/socket.io/?EIO=4&transport=polling`;
  /** An engine.io handshake: its session id and the SKYNET_NODE cookie the proxy set (socket.io's own answers carry no x-skynet-node). */
  const handshake = async (cookie) => {
    const response = await fetch(polling, {
      headers: cookie ? { cookie } : {},
      signal: AbortSignal.timeout(5000),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const sid = JSON.parse(text.slice(text.indexOf('{'))).sid;
    return { sid, node: response.headers.get('set-cookie')?.match(/^SKYNET_NODE=([^;]+)/)?.[1] ?? null };
  };
  /** A no-op packet on a session: 200 on the node that holds it, 400 (`Session ID unknown`) elsewhere. */
  const post = async (sid, cookie) => {
    const response = await fetch(`${polling}&sid=${sid}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...(cookie ? { cookie } : {}) },
      body: '6',
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    return response.status;
  };
  // Without cookies: the proxy inserts one, and the same address always lands on the same node.
  const cookieless = [];
  for (let i = 0; i < 10; i += 1) {
    const { sid, node } = await handshake(null);
    cookieless.push(node);
    assert.equal(await post(sid, null), 200, 'a cookieless session stays on its node');
  }
  assert.match(cookieless[0] ?? '', /^node-\d$/, 'SKYNET_NODE inserted');
  assert.equal(new Set(cookieless).size, 1, `one node for one address: ${cookieless}`);
  // With a cookie: the session is on that node, and the other node does not know it.
  for (const [mine, other] of [
    ['node-1', 'node-2'],
    ['node-2', 'node-1'],
  ]) {
    const { sid } = await handshake(`SKYNET_NODE=${mine}`);
    assert.equal(await post(sid, `SKYNET_NODE=${mine}`), 200, `${mine}'s session on ${mine}`);
    assert.equal(await post(sid, `SKYNET_NODE=${other}`), 400, `${mine}'s session unknown on ${other}`);
  }
  figures.sockets = { cookielessNode: cookieless[0], handshakes: cookieless.length };
});

test('Redis stopped for every node: no node is ready, the site still answers through the live ones', {
  skip,
}, async () => {
  await redis.stop();
  try {
    for (const node of state()) {
      // Each node says why it is not ready (it notices the lost connection at once).
      await until(`${node.name} not ready without Redis`, async () => {
        const ready = await fetch(`http://127.0.0.1:${node.port}/api/health/ready`);
        const body = await ready.json();
        return ready.status === 503 && /redis/.test(body.error) ? true : `${ready.status} ${body.error}`;
      });
    }
    await until('no node ready in the proxy', async () => {
      for (const backend of ['api', 'sockets'])
        if ((await nodesIn(backend, 'DOWN')).length !== 2) return JSON.stringify(await proxyStatus());
      return true;
    });
    await until('both nodes live', () => allUp(['api_any']));
    const { byNode, statuses } = await spread('/api/health', 20);
    figures.redisDown = byNode;
    log('Redis down, 20 calls to GET /api/health:', JSON.stringify(byNode));
    assert.deepEqual(statuses, { 200: 20 });
    assert.ok(Object.keys(byNode).length > 1, JSON.stringify(byNode));
    // A call that reads the database, and the site's registry.
    for (const path of ['/api/faqs', '/remotes.json']) {
      const response = await fetch(`${cluster.base}${path}`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      assert.ok(response.status === 200 || (path === '/remotes.json' && response.status === 404), path);
    }
  } finally {
    await redis.start();
  }
  await until('both nodes ready again', allUp, 30_000);
});

test('a draining node gets no new API calls', { skip }, async () => {
  const victim = state().find((node) => node.name === 'node-2');
  assert.ok(victim, 'node-2 runs');
  // A request still being received (half its body) keeps node-2 draining after SIGTERM.
  const held = connect(victim.port, '127.0.0.1');
  await new Promise((resolve, reject) => {
    held.once('connect', resolve);
    held.once('error', reject);
  });
  held.on('error', () => {});
  let heldAnswer = '';
  held.on('data', (chunk) => {
    heldAnswer += chunk;
  });
  held.write(
    'POST /api/faqs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 20\r\n\r\n{"query":',
  );
  await sleep(300);
  try {
    process.kill(victim.pid, 'SIGTERM');
    await until(
      'node-2 out of the proxy',
      async () => (await nodesIn('api', 'DOWN')).includes('node-2'),
      10_000,
    );
    assert.equal(
      state().find((node) => node.name === 'node-2')?.pid,
      victim.pid,
      `node-2 is still draining, not restarted (the held request got: ${JSON.stringify(heldAnswer.slice(0, 200))})`,
    );
    const { byNode, statuses } = await spread('/api/health', 20);
    figures.draining = byNode;
    log('node-2 draining, 20 calls to GET /api/health:', JSON.stringify(byNode));
    assert.deepEqual(statuses, { 200: 20 });
    assert.deepEqual(byNode, { 'node-1': 20 });
  } finally {
    held.destroy();
  }
});

test('npm run cluster on a database that does not exist stops with one line that names it and how to create it', {
  skip,
}, async () => {
  const url = new URL(postgres.url);
  url.pathname = '/skynet_missing';
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts', 'cluster.mjs'), '--skip-install', '--skip-build'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        ...process.env,
        DATABASE_URL: url.href,
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        DATA_DIR: join(work, 'missing-db'),
        SITE_DIR: join(work, 'missing-db', 'site'),
      },
    },
  );
  assert.equal(result.status, 1, result.stderr);
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, not a stack trace:\n${result.stderr}`);
  assert.match(
    lines[0],
    /^cluster: .*database "skynet_missing" does not exist\. Create it first \(createdb skynet_missing/,
  );
});
