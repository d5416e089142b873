// Runs the suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set, then the rate-limit tests with
// every app on a Redis of their own (see REDIS_RUN below).
// node's test runner (not jest): openid-client 6, jose 6 and oauth2-mock-server 8 are ESM-only, see README.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from './ports.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts')) files.push(path.relative(process.cwd(), p));
  }
};
walk(root);
files.sort();
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((x) => f.includes(x))) : files;

// Files that touch no database: run on the first backend only.
const BACKEND_FREE = [
  'test/config.test.ts',
  'test/deploy-files.test.ts',
  'test/redis-deadline.test.ts',
  'test/s3-bucket.test.ts',
  'test/plugins/feed-cache-heap.test.ts',
];
const backends = ['pglite'];
if (process.env.TEST_DATABASE_URL) backends.push('postgres');
let failed = false;
/** One run of node's test runner over `files`; false when it failed. */
// Three files at a time: many wait on timers, child processes or the database rather than the CPU, and on two cores
// three at once took 227 s on PGlite and 170 s on PostgreSQL where two took 275 s and 204 s.
function runFiles(label, files, env, args = ['--test-concurrency=3']) {
  console.log(`\n=== api tests on ${label} (${files.length} files) ===`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    // --test-force-exit: a file whose tests have all finished ends even if something of it still holds the event
    // loop (a CI run once waited 15 minutes on jobs.test.ts after all its tests had passed; api/README.md "Tests").
    ['--import', 'tsx', '--test', '--test-force-exit', ...args, '--test-reporter=spec', ...files],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
      timeout: env.RUN_TIMEOUT_MS ? Number(env.RUN_TIMEOUT_MS) : undefined,
    },
  );
  const ok = r.status === 0;
  const why = r.error ? ` (${r.error.message})` : '';
  console.log(
    `=== ${label}: ${ok ? 'passed' : `FAILED${why}`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  return ok;
}
for (const [index, backend] of backends.entries()) {
  const files = index === 0 ? selected : selected.filter((f) => !BACKEND_FREE.some((x) => f.endsWith(x)));
  // Bounded: a run that takes 20 minutes has hung (each takes 3-4 here).
  if (!runFiles(backend, files, { SKYNET_TEST_DB: backend, RUN_TIMEOUT_MS: String(20 * 60_000) }))
    failed = true;
}

// Issue 30: the rate-limit tests that the runs above make with the in-memory store, again with every app on a Redis
// (a redis-server of this run's own on a free loopback port, each deployment in its own logical database, see
// helper.ts) and on PostgreSQL when it is there: every write's limit, socket events, TRUST_PROXY's buckets. The
// Redis tests proper (redis-fault, redis-frozen, rate-limit) start their own servers and ran above. Bounded: 3 min.
const REDIS_RUN = {
  files: ['test/routes/api/input.test.ts', 'test/plugins/operations.test.ts'],
  tests: 'rate limits|limits shared|TRUST_PROXY',
  timeoutMs: 180_000,
};
const redisServer = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const redisFiles = selected.filter((f) => REDIS_RUN.files.some((x) => f.endsWith(x)));
if (redisFiles.length > 0) {
  if (!existsSync(redisServer)) {
    console.log(`\n=== ${redisServer} missing: the rate-limit tests on Redis are skipped ===`);
  } else {
    const port = await freePort();
    const server = spawn(
      redisServer,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--databases',
        '1000',
      ],
      { stdio: 'ignore' },
    );
    try {
      await waitForPort(port);
      const backend = backends.at(-1);
      const ok = runFiles(
        `${backend} + Redis, rate limits`,
        redisFiles,
        {
          SKYNET_TEST_DB: backend,
          SKYNET_TEST_REDIS_URL: `redis://127.0.0.1:${port}`,
          TEST_REDIS_URL: `redis://127.0.0.1:${port}`,
          RUN_TIMEOUT_MS: String(REDIS_RUN.timeoutMs),
        },
        ['--test-concurrency=1', `--test-name-pattern=${REDIS_RUN.tests}`],
      );
      if (!ok) failed = true;
    } finally {
      server.kill('SIGKILL');
    }
  }
}
process.exit(failed ? 1 : 0);
