#!/usr/bin/env node
// `npm run cluster`: the production topology on one machine (issue 20, ARCHITECTURE "Growing past one machine"):
// NODES API processes (default 2) behind HAProxy on PORT (default 8080): API calls by least connections, socket.io
// sticky (its polling), websockets passed through, each node checked on readiness every second (a dead, draining or
// database-less node gets no new traffic within ~2 s; when no node is ready, as with Redis down for all, every live
// node serves: scripts/haproxy-config.mjs). PostgreSQL
// (DATABASE_URL) and Redis (REDIS_URL) are required: several processes share nothing else. The registry lives in
// PostgreSQL (ops change it by compare-and-swap, every node reads it and follows a change within seconds), the site
// files in the one SITE_DIR every node serves (docs/operations.md, "Shared storage"). A node that dies is started
// again after a second, as a process supervisor would. Flags: --skip-install, --skip-build, --publish (as npm start:
// a site with no registry yet is created from the builds; an existing one is left alone unless --publish/PUBLISH=1).
// First: on a Node older than 22 this command runs again on Node 24 (scripts/node-runtime.mjs).
import './supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tooling/site/product.mjs';
import { haproxyConfig } from './haproxy-config.mjs';
import { heapLimitArgs } from './heap-limit.mjs';
import { pnpm } from './pnpm.mjs';

const root = join(import.meta.dirname, '..');
const flags = new Set(process.argv.slice(2));
const fail = (message) => {
  console.error(`cluster: ${message}`);
  process.exit(1);
};

const nodes = Number(process.env.NODES ?? 2);
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 32)
  fail(`NODES must be a whole number from 1 to 32 (got ${process.env.NODES})`);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  fail(`PORT must be a port number (got ${process.env.PORT})`);
let heapArgs = [];
try {
  heapArgs = heapLimitArgs();
} catch (err) {
  fail(err.message);
}
for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[name])
    fail(
      `${name} is required: several API processes share their data through PostgreSQL and their rooms and rate ` +
        'limits through Redis, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/skynet ' +
        'REDIS_URL=redis://127.0.0.1:6379 npm run cluster',
    );
}
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((file) =>
  existsSync(file),
);
if (!haproxy)
  fail('HAProxy is not installed: apt-get install -y haproxy (Debian), then run npm run cluster again.');

const step = (label, status) => {
  if (status !== 0) fail(`${label} failed (exit ${status})`);
};
if (!flags.has('--skip-install'))
  step('Installing dependencies', pnpm(['install', '--frozen-lockfile'], { cwd: root }));
if (!flags.has('--skip-build'))
  step('Building', pnpm(['-r', '--workspace-concurrency=2', 'build'], { cwd: root }));
// The site, as npm start prepares it, into the registry in PostgreSQL (DATABASE_URL: @skynet/site's registry store).
const { prepareSite } = await import('../tooling/site/publish-site.mjs');
const publish = flags.has('--publish') || ['1', 'true', 'yes'].includes(process.env.PUBLISH ?? '');
try {
  console.log(`\n${(await prepareSite({ publish, command: 'npm run cluster' })).message}\n`);
} catch (error) {
  // The registry's own errors say what is wrong in one line (a database missing or unreachable, a conflicting
  // site); anything else is a defect and keeps its stack.
  if (error?.name !== 'RegistryError') throw error;
  fail(error.message);
}

const ports = [];
for (let i = 0; i < nodes; i += 1) ports.push(await freePort());
const work = mkdtempSync(join(tmpdir(), 'skynet-cluster-'));
const configFile = join(work, 'haproxy.cfg');
// HAProxy's runtime API (`echo 'show stat' | socat stdio <socket>`): which node is up in which backend.
const statsSocket = join(work, 'haproxy.sock');
writeFileSync(configFile, haproxyConfig({ port, ports, statsSocket }));
const check = spawnSync(haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
if (check.status !== 0) fail(`HAProxy refused its configuration:\n${check.stderr}`);

let stopping = false;
const children = new Map();

/**
 * With CLUSTER_STATE=<file>, the nodes' names, ports and pids are kept there as JSON (for the fault suite, or a
 * person who wants to kill one: `kill -9 $(jq '.nodes[0].pid' <file>)`).
 */
function writeState() {
  if (!process.env.CLUSTER_STATE) return;
  const nodesNow = [...children.entries()]
    .filter(([name]) => name.startsWith('node-'))
    .map(([name, child]) => ({ name, port: ports[Number(name.slice(5)) - 1], pid: child.pid }));
  // Written beside and renamed over: a reader (the fault suite polls it) never sees a half-written file.
  const next = `${process.env.CLUSTER_STATE}.${process.pid}.tmp`;
  writeFileSync(
    next,
    JSON.stringify({ port, nodes: nodesNow, proxy: { config: configFile, statsSocket } }, null, 2),
  );
  renameSync(next, process.env.CLUSTER_STATE);
}

function startNode(index) {
  const name = `node-${index + 1}`;
  const child = spawn(process.execPath, [...heapArgs, join(root, 'api', 'dist', 'server.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(ports[index]),
      HOST: '127.0.0.1',
      NODE_NAME: name,
      // One proxy hop in front: rate limits key on the visitor's address it forwards.
      TRUST_PROXY: process.env.TRUST_PROXY ?? '1',
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    },
  });
  children.set(name, child);
  writeState();
  child.on('exit', (code, signal) => {
    children.delete(name);
    writeState();
    if (stopping) return;
    console.error(`cluster: ${name} exited (${signal ?? `code ${code}`}); starting it again in 1 s`);
    setTimeout(() => !stopping && startNode(index), 1000);
  });
}
/** Waits until a node answers its health check (it has migrated the database and listens). */
async function healthy(nodePort, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`http://127.0.0.1:${nodePort}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`node on port ${nodePort} was not healthy within ${timeoutMs / 1000} s`);
}

// The first node migrates the database alone; the others start once it is up.
startNode(0);
await healthy(ports[0]);
for (let i = 1; i < nodes; i += 1) startNode(i);

const proxy = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
children.set('haproxy', proxy);
proxy.on('exit', (code) => {
  children.delete('haproxy');
  if (!stopping) {
    console.error(`cluster: HAProxy exited (code ${code}); stopping`);
    stop(1);
  }
});
console.log(
  `cluster: ${nodes} API processes (${ports.map((p, i) => `node-${i + 1} on ${p}`).join(', ')}) behind HAProxy on http://localhost:${port}`,
);

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  // A node drains its requests and sockets within 10 s (api/src/server.ts); then it is ended.
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 12_000);
  const done = () => {
    if (children.size > 0) return;
    clearTimeout(force);
    rmSync(work, { recursive: true, force: true });
    process.exit(code);
  };
  for (const child of children.values()) child.on('exit', () => setTimeout(done));
  done();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
