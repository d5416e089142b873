// Starts the real product (the API server serving a published site) on a free port with its own data folder.
// Used by playwright.config.ts for the shared server, and by tests that need a product of their own
// (to change its registry, or to restart it).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface Product {
  baseURL: string;
  port: number;
  dataDir: string;
  siteDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server at ${baseURL} was not healthy within ${timeoutMs} ms`);
}

/** Publishes the current builds into a fresh site folder and starts the server on it. */
export async function startProduct(
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skynet-e2e-'));
  const siteDir = join(dataDir, 'site');
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    RATE_LIMIT: 'off',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const { publishSite } = await import('../tooling/site/publish-site.mjs');
  const previous = { DATA_DIR: process.env.DATA_DIR, SITE_DIR: process.env.SITE_DIR };
  process.env.DATA_DIR = dataDir;
  process.env.SITE_DIR = siteDir;
  try {
    publishSite({ log: () => {} });
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }

  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'server.js')], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(baseURL, child);
  };
  const halt = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  await launch();
  return {
    baseURL,
    port,
    dataDir,
    siteDir,
    env,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
  };
}
