#!/usr/bin/env node
// `npm start`: install, build every package, publish the builds into the site folder, serve on PORT (8080).
// For a quicker loop while developing: `node scripts/start.mjs --skip-install --skip-build`
// re-publishes the existing builds and serves them.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pnpm } from './pnpm.mjs';

const root = join(import.meta.dirname, '..');
const flags = new Set(process.argv.slice(2));
const step = (label, status) => {
  if (status !== 0) {
    console.error(`\n${label} failed (exit ${status}).`);
    process.exit(status);
  }
};

if (!flags.has('--skip-install'))
  step('Installing dependencies', pnpm(['install', '--frozen-lockfile'], { cwd: root }));
if (!flags.has('--skip-build'))
  step('Building', pnpm(['-r', '--workspace-concurrency=2', 'build'], { cwd: root }));
const { publishSite } = await import('../tooling/site/publish-site.mjs');
publishSite();

const server = spawn(process.execPath, [join(root, 'api', 'dist', 'server.js')], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
