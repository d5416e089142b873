#!/usr/bin/env node
// `npm start`: install, build every package, and serve the product on PORT (8080). On a site folder with no registry
// yet (a fresh clone) it publishes the builds into it first; an existing site's registry is left as it is unless
// `-- --publish` (or PUBLISH=1) says to publish the current builds and make each stable (tooling/site/publish-site.mjs
// prepareSite). It says which it did.
// For a quicker loop: `node scripts/start.mjs --skip-install --skip-build` serves the existing builds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pnpm } from './pnpm.mjs';

const root = join(import.meta.dirname, '..');
const KNOWN = ['--skip-install', '--skip-build', '--publish'];
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = args.filter((arg) => !KNOWN.includes(arg));
if (unknown.length > 0) {
  console.error(`npm start: unknown ${unknown.join(' ')} (it takes ${KNOWN.join(', ')})`);
  process.exit(2);
}
const flags = new Set(args);
const publish = flags.has('--publish') || ['1', 'true', 'yes'].includes(process.env.PUBLISH ?? '');
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
const { prepareSite } = await import('../tooling/site/publish-site.mjs');
const prepared = await prepareSite({ publish, command: process.env.SKYNET_START_COMMAND ?? 'npm start' });
console.log(`\n${prepared.message}\n`);

const server = spawn(process.execPath, [join(root, 'api', 'dist', 'server.js')], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
