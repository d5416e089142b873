#!/usr/bin/env node
// `npm start`: install, build every package, publish the builds into the site folder, serve on PORT (8080).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pnpm } from './pnpm.mjs';

const root = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const step = (label, status) => {
  if (status !== 0) {
    console.error(`\n${label} failed (exit ${status}).`);
    process.exit(status);
  }
};

step('Installing dependencies', pnpm(['install', '--frozen-lockfile'], { cwd: root }));
step('Building', pnpm(['-r', '--workspace-concurrency=2', 'build'], { cwd: root }));
const { publishSite } = await import('../tooling/site/publish-site.mjs');
publishSite();

const server = spawn(process.execPath, [join(root, 'api', 'dist', 'server.js')], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
