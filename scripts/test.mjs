#!/usr/bin/env node
// `npm test`: install, lint, typecheck, every unit/API suite, build, size budgets, then the browser tests.
// Ends with one line counting every test across runners: `tests: N passed, N failed`.
// First: on a Node older than 22 this command runs again on Node 24 (scripts/node-runtime.mjs).
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { nodeBinDir, OLDEST_NODE_VERSION } from './node-runtime.mjs';
import { PNPM_VERSION } from './pnpm.mjs';

const root = join(import.meta.dirname, '..');
const pnpm = ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
const totals = { passed: 0, failed: 0 };
const timings = [];

/** Runs a command, echoing its output, and counts the tests its runner reports. */
function run(label, command, { cwd = root, env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${label}`);
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', npm_config_update_notifier: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const onData = (stream) => (chunk) => {
      stream.write(chunk);
      tail = (tail + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    child.on('close', (code) => {
      count(tail);
      timings.push(
        `${label}: ${((Date.now() - started) / 1000).toFixed(1)} s${code ? ` (exit ${code})` : ''}`,
      );
      resolve(code ?? 1);
    });
  });
}

/** pnpm's prefix on a line of a package's output when it runs packages side by side: "kit test: ". */
const PREFIX = String.raw`(?:[\w@./-]+ test: )?`;

function count(output) {
  // jest: "Tests:       3 failed, 40 passed, 43 total"
  for (const line of output.matchAll(new RegExp(`^${PREFIX}Tests:\\s+(.*)$`, 'gm'))) {
    totals.passed += Number(line[1].match(/(\d+) passed/)?.[1] ?? 0);
    totals.failed += Number(line[1].match(/(\d+) failed/)?.[1] ?? 0);
  }
  // node --test: "# pass 12" / "# fail 0" (TAP reporter) or "ℹ pass 12" / "ℹ fail 0" (spec reporter)
  for (const line of output.matchAll(new RegExp(`^${PREFIX}(?:#|ℹ) pass (\\d+)$`, 'gm')))
    totals.passed += Number(line[1]);
  for (const line of output.matchAll(new RegExp(`^${PREFIX}(?:#|ℹ) fail (\\d+)$`, 'gm')))
    totals.failed += Number(line[1]);
  // playwright: "  42 passed (1.2m)" / "  1 failed"
  for (const line of output.matchAll(/^\s+(\d+) passed \(/gm)) totals.passed += Number(line[1]);
  for (const line of output.matchAll(/^\s+(\d+) failed$/gm)) totals.failed += Number(line[1]);
  // the fault suite (e2e/chaos/chaos.mjs): one test, "chaos: passed" / "chaos: failed"
  for (const line of output.matchAll(/^chaos: (passed|failed)/gm)) totals[line[1]] += 1;
}

const steps = [
  ['install', [...pnpm, 'install', '--frozen-lockfile']],
  // Every package imports @skynet/contract's build, and the api and tooling @skynet/site's: make them current
  // whatever the last install saw (pnpm runs the two in dependency order).
  [
    'contract and site build',
    [...pnpm, '--filter', '@skynet/contract', '--filter', '@skynet/site', 'run', 'build'],
  ],
  ['lint and format (biome)', [...pnpm, 'exec', 'biome', 'ci', '.']],
  ['typecheck', [...pnpm, '-r', '--workspace-concurrency=2', 'typecheck']],
  // The packages' own suites two at a time (jest takes one worker on two cores), then the API's alone: it runs three
  // files at a time itself (api/test/run.mjs).
  [
    'unit tests',
    [...pnpm, '-r', '--filter', '!@skynet/api', '--workspace-concurrency=2', '--no-bail', 'test'],
  ],
  ['API tests', [...pnpm, '--filter', '@skynet/api', 'test']],
  ['build', [...pnpm, '-r', '--workspace-concurrency=2', 'build']],
  ['size budgets', ['node', 'scripts/size-check.mjs']],
  ['browser tests', [...pnpm, '--filter', '@skynet/e2e', 'run', 'e2e']],
];
const CLUSTER_SMOKE = [
  'tests/chat.spec.ts',
  'tests/livefeed.spec.ts',
  'tests/sessions.spec.ts',
  'tests/notifications.spec.ts',
  'tests/replies.spec.ts',
  // Issue 32's sign-in steps, passkeys and Recent activity on PostgreSQL (its own product, on the run's PostgreSQL).
  'tests/account-security.spec.ts',
];
// The many-node topology when SKYNET_CHAOS=1: .ci/run sets it when PostgreSQL, Redis and HAProxy are installed (both
// start their own servers from them). The proxy's balancing, stickiness and readiness (about 30 s), then the fault
// suite (`npm run chaos -- --ci`, about 3 minutes).
if (process.env.SKYNET_CHAOS === '1')
  steps.push(
    [
      'proxy (e2e/chaos/proxy.test.mjs)',
      ['node', '--test', '--test-reporter=spec', 'e2e/chaos/proxy.test.mjs'],
    ],
    // The browser tests of what crosses nodes (live messages, new posts, sign-out everywhere, notifications) against
    // 2 nodes behind HAProxy on PostgreSQL and Redis of their own (e2e/global-setup.ts), about 2 minutes.
    [
      'browser smoke on npm run cluster (E2E_TARGET=cluster)',
      [...pnpm, '--filter', '@skynet/e2e', 'exec', 'playwright', 'test', ...CLUSTER_SMOKE],
      { env: { E2E_TARGET: 'cluster' } },
    ],
    ['fault suite (npm run chaos -- --ci)', ['node', 'e2e/chaos/chaos.mjs', '--ci']],
  );

// The oldest supported Node (22) when SKYNET_OLDEST_NODE=1 (.ci/run): the built server starts and serves on it.
if (process.env.SKYNET_OLDEST_NODE === '1')
  steps.push([
    `the server on Node ${OLDEST_NODE_VERSION}`,
    [
      join(nodeBinDir(OLDEST_NODE_VERSION), 'node'),
      '--test',
      '--test-reporter=spec',
      'e2e/runtime/oldest-node.test.mjs',
    ],
  ]);

let failedSteps = 0;
for (const [label, command, options] of steps) {
  const code = await run(label, command, options);
  if (code !== 0) {
    failedSteps += 1;
    // Without dependencies or a build nothing after can run meaningfully.
    if (label === 'install' || label === 'contract and site build' || label === 'build') break;
  }
}

console.log('\nTimings:');
for (const line of timings) console.log(`  ${line}`);
if (failedSteps > 0) console.log(`\n${failedSteps} step(s) failed.`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
