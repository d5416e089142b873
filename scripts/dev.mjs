#!/usr/bin/env node
// `npm run dev -- <remote>`: that remote's rspack dev server (rebuilds and reloads on save) inside the local product,
// through a developer override, and the URL to open. It builds only that remote (the dev server does, in memory).
// - A product already answering on PORT (8080): used as it is (attached). Its devOverrideOrigins must allow the dev
//   server's origin; if not, it says how to restart it.
// - Otherwise it starts one (scripts/start.mjs --skip-install --skip-build, with loopback overrides allowed), from
//   the existing builds (any package with no build yet is built first, once).
// It never publishes and never changes the registry: the local build reaches this browser only, by the override.
// See docs/operations.md, "npm run dev".
// First: on a Node older than 22 this command runs again on Node 24 (scripts/node-runtime.mjs).
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { devPortOf, REMOTES } from '../tooling/site/layout.mjs';
import { pnpm } from './pnpm.mjs';

const root = join(import.meta.dirname, '..');
const LOOPBACK = 'http://localhost:*,http://127.0.0.1:*';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const [remote, ...extra] = args;
if (!remote || !REMOTES.includes(remote) || extra.length > 0) {
  console.error(
    `npm run dev: ${extra.length > 0 ? `unexpected ${extra.join(' ')}` : `unknown remote "${remote ?? ''}"`}\n` +
      `usage: npm run dev -- <remote>   (remotes: ${REMOTES.join(', ')}; PORT names the product's port, default 8080)`,
  );
  process.exit(2);
}

// The dev server port: the remote's package.json `skynet.devPort` (layout.mjs, the one list of remotes).
const port = devPortOf(remote);
const devOrigin = `http://localhost:${port}`;
const manifest = `${devOrigin}/mf-manifest.json`;
const productPort = Number(process.env.PORT ?? 8080);
const product = `http://localhost:${productPort}`;
const children = [];
const log = (line) => console.log(`[dev] ${line}`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

async function answers(url, timeoutMs = 1500) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

async function waitFor(url, label, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    if (await answers(url)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!stopping) console.error(`[dev] ${label} did not answer at ${url}`);
  return false;
}

/** Does one of the product's override patterns allow this origin? (The shell's rule: registry/overrides.ts.) */
function allows(patterns, origin) {
  const url = new URL(origin);
  return patterns.some((pattern) => {
    const match = /^(https?):\/\/([^/:]+|\[[^\]]+\])(?::(\d+|\*))?\/?$/.exec(pattern.trim());
    if (!match || `${match[1]}:` !== url.protocol || match[2].toLowerCase() !== url.hostname) return false;
    return match[3] === '*' || (match[3] ?? (url.protocol === 'https:' ? '443' : '80')) === url.port;
  });
}

/**
 * The remote's own rspack config in development mode, served by @rspack/dev-server (a dependency of
 * @skynet/tooling, so no remote needs it). The config's devServer (tooling/rspack) serves it cross-origin.
 */
async function startDevServer() {
  const require = createRequire(join(root, 'tooling', 'package.json'));
  const { rspack } = require('@rspack/core');
  const { RspackDevServer } = await import(pathToFileURL(require.resolve('@rspack/dev-server')).href);
  const configModule = await import(pathToFileURL(join(root, remote, 'rspack.config.mjs')).href);
  const exported = configModule.default;
  const config = typeof exported === 'function' ? exported({}, { mode: 'development' }) : exported;
  config.mode = 'development';
  const compiler = rspack(config);
  const server = new RspackDevServer({ ...config.devServer, port }, compiler);
  await server.start();
  process.on('exit', () => void server.stop());
}

/** Builds the packages the product needs that have no build yet (a fresh clone); never the ones that have one. */
function buildMissing() {
  const needed = ['shell', ...REMOTES.filter((name) => name !== remote)].filter(
    (folder) => !existsSync(join(root, folder, 'dist')),
  );
  // The remote itself is served by its dev server, but the product's site needs a build of it the first time.
  if (!existsSync(join(root, remote, 'dist'))) needed.push(remote);
  if (!existsSync(join(root, 'api', 'dist', 'server.js'))) needed.push('api');
  if (needed.length === 0) return;
  log(`no build yet of ${needed.join(', ')}: building those once (with what they depend on)`);
  const filters = needed.flatMap((folder) => ['--filter', `@skynet/${folder}...`]);
  const status = pnpm([...filters, '--workspace-concurrency=2', 'build'], { cwd: root });
  if (status !== 0) {
    console.error(`[dev] the build failed (exit ${status})`);
    process.exit(status);
  }
}

// A fresh clone: install first, as npm start does.
if (!existsSync(join(root, 'node_modules', '.modules.yaml'))) {
  log('no dependencies installed yet: installing (pnpm install --frozen-lockfile)');
  const status = pnpm(['install', '--frozen-lockfile'], { cwd: root });
  if (status !== 0) process.exit(status);
}

let attached = false;
const health = await answers(`${product}/api/health`);
if (health) {
  attached = true;
  const config = await (await answers(`${product}/config.json`))?.json().catch(() => null);
  const registry = await (await answers(`${product}/remotes.json`))?.json().catch(() => null);
  const patterns = Array.isArray(config?.devOverrideOrigins) ? config.devOverrideOrigins : [];
  if (!registry?.remotes?.[remote]) {
    console.error(`[dev] the product on ${product} has no ${remote} in its registry: nothing to override.`);
    process.exit(1);
  }
  if (!allows(patterns, devOrigin)) {
    console.error(
      `[dev] the product on ${product} does not allow developer overrides from ${devOrigin} ` +
        `(its devOverrideOrigins: ${patterns.join(', ') || 'none'}).\n` +
        `[dev] Restart it with DEV_OVERRIDE_ORIGINS=${LOOPBACK} npm start, or stop it and run npm run dev -- ${remote} ` +
        'again to start one.',
    );
    process.exit(1);
  }
  log(`attached to the product already running on ${product} (its registry is not touched)`);
} else {
  buildMissing();
  log(
    `no product on ${product}: starting one (npm start --skip-install --skip-build, overrides from loopback)`,
  );
  const child = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.mjs'), '--skip-install', '--skip-build'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(productPort),
        DEV_OVERRIDE_ORIGINS: process.env.DEV_OVERRIDE_ORIGINS ?? LOOPBACK,
        PUBLISH: '',
        SKYNET_START_COMMAND: 'npm run dev',
      },
    },
  );
  children.push(child);
  child.on('exit', (code, signal) => {
    console.error(`\n[dev] the product stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
}

startDevServer().catch((error) => {
  console.error(`[dev] the ${remote} dev server could not start:`, error);
  stop(1);
});

const [devUp, productUp] = await Promise.all([
  waitFor(manifest, `${remote} dev server`),
  attached ? true : waitFor(`${product}/api/health`, 'the product'),
]);
if (devUp && productUp) {
  const url = `${product}/?override=${remote}=${manifest}`;
  console.log(
    `\n[dev] ${remote} is served by its dev server on ${devOrigin} (rebuilds on save; reload the page to see it).` +
      `\n[dev] Open ${url}\n[dev] and confirm the override once (or add it in ${product}/?overrides-panel).` +
      `\n[dev] The banner at the top shows it and clears it. Nothing was published: other people get the registry's version.` +
      `\n[dev] Ctrl+C stops the dev server${attached ? ' (the product keeps running)' : ' and the product'}.\n`,
  );
}
