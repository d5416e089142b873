#!/usr/bin/env node
// `npm run dev -- <remote>`: that remote's rspack dev server (rebuilds and reloads on save), inside the local
// product (the built shell and the other remotes, served by scripts/start.mjs --skip-install), with a developer
// override pointing the remote at the dev server. Prints the URL to open. Extra flags go to start.mjs
// (e.g. --skip-build to reuse the existing builds). See docs/operations.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const REMOTES = ['mfe-map', 'mfe-feed', 'mfe-chat', 'mfe-account', 'mfe-static'];
const DEFAULT_PORTS = {
  'mfe-map': 3001,
  'mfe-feed': 3002,
  'mfe-chat': 3003,
  'mfe-account': 3004,
  'mfe-static': 3005,
};

const [remote, ...rest] = process.argv.slice(2);
if (!remote || !REMOTES.includes(remote)) {
  console.error(`usage: npm run dev -- <remote> [--skip-build]\nremotes: ${REMOTES.join(', ')}`);
  process.exit(2);
}

/** The dev server port: the `port:` its rspack.config.mjs gives remoteConfig, else the default map. */
function devPort(folder) {
  const config = readFileSync(join(root, folder, 'rspack.config.mjs'), 'utf8');
  const match = /\bport:\s*(\d+)/.exec(config);
  return match ? Number(match[1]) : DEFAULT_PORTS[folder];
}

const port = devPort(remote);
const productPort = Number(process.env.PORT ?? 8080);
const manifest = `http://localhost:${port}/mf-manifest.json`;
const children = [];

function run(label, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  children.push(child);
  child.on('exit', (code, signal) => {
    console.error(`\n[dev] ${label} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

async function waitFor(url, label, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!stopping) console.error(`[dev] ${label} did not answer at ${url}`);
  return false;
}

/**
 * The remote's own rspack config in development mode, served by @rspack/dev-server (a dependency of
 * @skynet/tooling, so no remote needs it).
 */
async function startDevServer() {
  const require = createRequire(join(root, 'tooling', 'package.json'));
  const { rspack } = require('@rspack/core');
  const { RspackDevServer } = await import(pathToFileURL(require.resolve('@rspack/dev-server')).href);
  const configModule = await import(pathToFileURL(join(root, remote, 'rspack.config.mjs')).href);
  const exported = configModule.default;
  const config = typeof exported === 'function' ? exported({}, { mode: 'development' }) : exported;
  config.mode = 'development';
  // The page's React is the shell's production build (a singleton), and react/jsx-dev-runtime is not shared:
  // compile JSX for the production runtime (react/jsx-runtime, shared) so the remote renders with the shell's copy.
  for (const rule of config.module?.rules ?? []) {
    const react = rule?.loader === 'builtin:swc-loader' ? rule.options?.jsc?.transform?.react : undefined;
    if (react) react.development = false;
  }
  const compiler = rspack(config);
  const server = new RspackDevServer({ ...config.devServer, port }, compiler);
  await server.start();
  process.on('exit', () => void server.stop());
}
startDevServer().catch((error) => {
  console.error(`[dev] the ${remote} dev server could not start:`, error);
  stop(1);
});
run('the product', process.execPath, [join(root, 'scripts', 'start.mjs'), '--skip-install', ...rest]);

const [devUp, productUp] = await Promise.all([
  waitFor(manifest, `${remote} dev server`),
  waitFor(`http://localhost:${productPort}/api/health`, 'the product'),
]);
if (devUp && productUp) {
  const url = `http://localhost:${productPort}/?override=${remote}=${manifest}`;
  console.log(
    `\n[dev] ${remote} is served by its dev server on http://localhost:${port} (rebuilds and reloads on save).` +
      `\n[dev] Open ${url}\n[dev] and confirm the override once; the banner at the top clears it.` +
      `\n[dev] Ctrl+C stops both.\n`,
  );
}
