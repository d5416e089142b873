// `npm run e2e`: the browser tests in two runs (the projects of playwright.config.ts). First every test not tagged
// @alone, two at a time; then the @alone ones by themselves, one worker and nothing beside them. release-analysis.spec.ts judges real page-load times: with
// another spec loading pages on the second worker of a two-core machine, both sides of its canary painted about
// 3.4 s apart by seconds and its 800 ms went under in the noise (it failed two CI runs so, and passed alone).
// Arguments (files, -g) go to both runs; a run they leave empty passes.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

// Resolved, not looked up on PATH: `node run.mjs` works outside `npm run` too.
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

const args = process.argv.slice(2);
const runs = [
  ['--project=together'],
  // Its own output folder: a run empties its folder when it starts, and the first run's failures stay to be read.
  ['--project=alone', '--workers=1', '--output=test-results/alone'],
];
let status = 0;
for (const run of runs) {
  const result = spawnSync(process.execPath, [cli, 'test', ...run, '--pass-with-no-tests', ...args], {
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  status = Math.max(status, result.status ?? 1);
}
process.exit(status);
