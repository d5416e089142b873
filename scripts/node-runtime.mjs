#!/usr/bin/env node
// Skynet's runtime is Node 24 LTS, the version in .node-version; Node 22 is still supported (CI checks the server on
// it). On a machine with an older Node (these development machines have 20, past its end of life since April 2026)
// `npm start`, `npm test`, `npm run cluster` and `npm run dev` fetch the pinned Node from the npm registry's
// `node-<os>-<arch>` package (the official binaries, about 60 MB once, kept in ~/.cache/skynet) and run again on it.
// `node scripts/node-runtime.mjs --bin` prints the folder of that Node's binary (installing it when missing): .ci/run
// puts it first on PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const NODE_VERSION = readFileSync(join(root, '.node-version'), 'utf8').trim();
/** The oldest major Skynet runs on, and the release of it CI checks the server on (`npm test`, SKYNET_OLDEST_NODE=1). */
export const OLDEST_MAJOR = 22;
export const OLDEST_NODE_VERSION = '22.23.3';

/** The folder holding `node` of `version`, installed from the npm registry when it is not there yet. */
export function nodeBinDir(version = NODE_VERSION) {
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'skynet', `node-${version}`);
  const name = `node-${process.platform}-${process.arch}`;
  const bin = join(cache, 'node_modules', name, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  mkdirSync(cache, { recursive: true });
  console.error(`Installing Node ${version} (${name} from the npm registry) into ${cache}`);
  const installed = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      cache,
      `${name}@${version}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_update_notifier: 'false' } },
  );
  if (installed.status !== 0 || !existsSync(join(bin, 'node')))
    throw new Error(`could not install ${name}@${version}: install Node ${version} and run again`);
  return bin;
}

/**
 * On a Node older than OLDEST_MAJOR, runs this same command again on NODE_VERSION (its folder first on PATH, so every
 * `node` it starts is that one too) and exits with its code; otherwise returns at once. Ctrl-C and SIGTERM reach the
 * command, which shuts down as it would have.
 */
export async function onSupportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= OLDEST_MAJOR) return;
  const bin = nodeBinDir();
  console.error(
    `Node ${process.versions.node} is past its end of life: running on Node ${NODE_VERSION} (.node-version) instead.`,
  );
  const child = spawn(join(bin, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === '--bin') {
  console.log(nodeBinDir());
}
