#!/usr/bin/env node
// `npm start`: install, build every package, and serve the product on PORT (8080). On a site folder with no registry
// yet (a fresh clone) it publishes the builds into it first; an existing site's registry is left as it is unless
// `-- --publish` (or PUBLISH=1) says to publish the current builds and make each stable (tooling/site/publish-site.mjs
// prepareSite). It says which it did.
// For a quicker loop: `node scripts/start.mjs --skip-install --skip-build` serves the existing builds.
// It names each step as it starts and how long it took (install, build, site, database, serve), then, once the server
// answers, `Skynet is ready: open http://localhost:8080`. The server's log is JSON lines (pino); in a terminal they
// are shown readably (pino-pretty), anywhere else (a pipe, a file, CI) they pass through unchanged.
// First: on a Node older than 22 this command runs again on Node 24 (scripts/node-runtime.mjs).
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { heapLimitArgs } from './heap-limit.mjs';
import { pnpm } from './pnpm.mjs';

const root = join(import.meta.dirname, '..');
const KNOWN = ['--skip-install', '--skip-build', '--publish'];
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = args.filter((arg) => !KNOWN.includes(arg));
if (unknown.length > 0) {
  console.error(`npm start: unknown ${unknown.join(' ')} (it takes ${KNOWN.join(', ')})`);
  process.exit(2);
}
let heapArgs;
try {
  heapArgs = heapLimitArgs();
} catch (err) {
  console.error(`npm start: ${err.message}`);
  process.exit(2);
}
const flags = new Set(args);
const publish = flags.has('--publish') || ['1', 'true', 'yes'].includes(process.env.PUBLISH ?? '');
const command = process.env.SKYNET_START_COMMAND ?? 'npm start';

const TOTAL = 5;
let stepNumber = 0;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Announces the next step; the function it answers says it is done (with how long it took). */
function beginStep(name, what) {
  stepNumber += 1;
  const label = `[${stepNumber}/${TOTAL}] ${name}`;
  const started = Date.now();
  console.log(`\n${label}: ${what}`);
  return (result = 'done') => console.log(`${label}: ${result} in ${seconds(Date.now() - started)}`);
}
const skipStep = (name, why) => {
  stepNumber += 1;
  console.log(`\n[${stepNumber}/${TOTAL}] ${name}: skipped (${why})`);
};
const check = (label, status) => {
  if (status !== 0) {
    console.error(`\n${label} failed (exit ${status}).`);
    process.exit(status);
  }
};

if (flags.has('--skip-install')) skipStep('Install', '--skip-install');
else {
  const done = beginStep('Install', 'the dependencies (pnpm install --frozen-lockfile)');
  check('Installing dependencies', pnpm(['install', '--frozen-lockfile'], { cwd: root }));
  done();
}
if (flags.has('--skip-build')) skipStep('Build', '--skip-build');
else {
  const done = beginStep('Build', 'every package (pnpm -r build)');
  check('Building', pnpm(['-r', '--workspace-concurrency=2', 'build'], { cwd: root }));
  done();
}
{
  const done = beginStep('Site', 'the registry and the builds it serves');
  const { prepareSite } = await import('../tooling/site/publish-site.mjs');
  const prepared = await prepareSite({ publish, command }).catch((error) => {
    // The registry's own errors say what is wrong in one line; anything else keeps its stack.
    if (error?.name !== 'RegistryError') throw error;
    console.error(`\n${command}: ${error.message}`);
    process.exit(1);
  });
  console.log(prepared.message);
  done(prepared.action === 'kept' ? 'kept as it is' : prepared.action);
}

const port = process.env.PORT?.trim() ? Number(process.env.PORT) : 8080;
const host = process.env.HOST?.trim() || '0.0.0.0';
const wildcard = ['0.0.0.0', '::', '[::]'].includes(host);
/** Where a browser on this machine opens it. */
const hostInUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
const url = (p) => `http://${wildcard || ['127.0.0.1', '::1'].includes(host) ? 'localhost' : hostInUrl}:${p}`;

const databaseDone = beginStep(
  'Database',
  process.env.DATABASE_URL
    ? 'PostgreSQL at DATABASE_URL: migrations, then the server starts'
    : `the embedded PostgreSQL (PGlite) in ${process.env.DATA_DIR ?? '.data'}: migrations, then the server starts`,
);
let serveDone = null;
const server = spawn(process.execPath, [...heapArgs, join(root, 'api', 'dist', 'server.js')], {
  stdio: ['inherit', 'pipe', 'inherit'],
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

// The server's log, one JSON line each (pino). A terminal gets it readable; anything else gets it unchanged.
let pretty = null;
if (process.stdout.isTTY) {
  const { prettyFactory, isColorSupported } = await import('pino-pretty');
  pretty = prettyFactory({
    colorize: isColorSupported,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}
let listening = null;
const lines = createInterface({ input: server.stdout, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
  let entry = null;
  if (line.startsWith('{')) {
    try {
      entry = JSON.parse(line);
    } catch {
      // not a log line
    }
  }
  if (pretty && entry) process.stdout.write(pretty(line));
  else process.stdout.write(`${line}\n`);
  if (entry?.msg === 'database ready' && !serveDone) {
    databaseDone(`ready (${entry.kind === 'pglite' ? 'embedded' : entry.kind})`);
    serveDone = beginStep('Serve', `the API, socket.io and the site on port ${port || '(any free port)'}`);
  }
  // PORT=0 listens on a free port: Fastify's own line says which.
  const at = typeof entry?.msg === 'string' && entry.msg.match(/^Server listening at http:\/\/[^:]+:(\d+)/);
  if (at) listening ??= Number(at[1]);
});

/** Ready when GET /api/health answers from this server (its pid), not from something else on the port. */
async function waitUntilServing() {
  while (server.exitCode === null) {
    const p = port || listening;
    if (p) {
      try {
        const response = await fetch(`http://${wildcard ? '127.0.0.1' : hostInUrl}:${p}/api/health`, {
          signal: AbortSignal.timeout(1000),
        });
        if (response.ok && (await response.json()).pid === server.pid) return p;
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}
waitUntilServing().then((servedOn) => {
  if (servedOn === null) return;
  if (!serveDone) {
    // The log did not say (LOG_LEVEL above info): database and server are one step here.
    databaseDone('ready');
    serveDone = beginStep('Serve', `the API, socket.io and the site on port ${servedOn}`);
  }
  serveDone('listening');
  console.log(`\nSkynet is ready: open ${url(servedOn)}\n`);
});
// After its last log line ('close' waits for its output to end).
server.on('close', (code) => {
  if (code && !serveDone) console.error(`\nThe server stopped before it was ready (exit ${code}).`);
  process.exit(code ?? 0);
});
