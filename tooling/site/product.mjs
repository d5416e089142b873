// Starts the real product (the API server serving a published site) on a free port with its own data folder.
// Used by the browser tests (e2e/) and the benchmarks (scripts/bench/).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './layout.mjs';
import { publishSite } from './publish-site.mjs';

export { repoRoot };

/** @returns {Promise<number>} */
export async function freePort() {
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

async function waitForHealth(baseURL, child, timeoutMs = 90_000) {
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

/** Runs `fn` (and waits for it) with DATA_DIR/SITE_DIR pointing at this product, restoring them after. */
async function withSiteEnv(dataDir, siteDir, fn) {
  const previous = { DATA_DIR: process.env.DATA_DIR, SITE_DIR: process.env.SITE_DIR };
  process.env.DATA_DIR = dataDir;
  process.env.SITE_DIR = siteDir;
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * An embedded database (PGlite folder) migrated and seeded once per schema, which each new product starts from as a
 * copy: a first start on an empty one applies every migration (3.4 s here, 45 s once on a loaded CI machine), and
 * the browser tests start a dozen products. It is made by the product's own `migrate` command; its name hashes the
 * migrations, the seed and the PGlite version, so a changed schema makes a new one. `npm start` and
 * delivery.spec.ts's "npm start creates a new site" still start from nothing.
 */
function migratedTemplate() {
  const api = join(repoRoot, 'api');
  const hash = createHash('sha256');
  const drizzle = join(api, 'drizzle');
  for (const name of readdirSync(drizzle, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(join(drizzle, name)));
  }
  hash.update(readFileSync(join(api, 'dist', 'db', 'seed.js')));
  hash.update(readFileSync(join(api, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  const dir = join(tmpdir(), `skynet-product-db-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, 'pglite', 'PG_VERSION'))) return dir;
  // Made aside and renamed into place: two workers starting products at once each make one, and one of them wins.
  const making = mkdtempSync(`${dir}.making-`);
  try {
    const { DATABASE_URL: _, ...env } = process.env;
    execFileSync(process.execPath, [join(api, 'dist', 'cli', 'migrate.js')], {
      env: { ...env, DATA_DIR: making },
      stdio: 'ignore',
    });
    renameSync(making, dir);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(join(dir, 'pglite', 'PG_VERSION'))) throw error;
  }
  return dir;
}

/**
 * Publishes the current builds into a fresh site folder and starts the server on it.
 * `monolith: true` serves the monolithic comparison build (shell/dist-monolith, tooling/rspack/monolith.mjs) in place
 * of the shell: same API, data and routes; the remotes' folders stay but are never loaded.
 * `emptyDatabase: true` starts the embedded database from nothing (otherwise from a migrated copy, migratedTemplate).
 * @param {{ env?: Record<string, string>, port?: number, quiet?: boolean, monolith?: boolean, emptyDatabase?: boolean }} [options]
 */
export async function startProduct(options = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skynet-product-'));
  const siteDir = join(dataDir, 'site');
  const port = options.port ?? (await freePort());
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    RATE_LIMIT: 'off',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const publish = async () => {
    const published = await withSiteEnv(dataDir, siteDir, () => publishSite({ log: () => {} }));
    if (options.monolith) {
      const monolith = join(repoRoot, 'shell', 'dist-monolith');
      if (!existsSync(monolith)) throw new Error('No monolithic build: cd shell && npm run build:monolith');
      cpSync(monolith, siteDir, { recursive: true });
    }
    return published;
  };
  await publish();
  if (!env.DATABASE_URL && !options.emptyDatabase)
    cpSync(join(migratedTemplate(), 'pglite'), join(dataDir, 'pglite'), { recursive: true });

  const baseURL = `http://127.0.0.1:${port}`;
  let child;
  const launch = async () => {
    child = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'server.js')], {
      env,
      stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    try {
      await waitForHealth(baseURL, child);
    } catch (error) {
      // A server that never became healthy (a loaded machine, a broken build) must not outlive the caller.
      child.kill('SIGKILL');
      throw error;
    }
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
    /** Re-publishes the current builds into this product's site folder (no restart needed). */
    republish: publish,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    /**
     * Stops the server and starts it again on the same data; `whileStopped` runs in between (e.g. a CLI that opens
     * the embedded database, which only one process may hold).
     * @param {() => unknown | Promise<unknown>} [whileStopped]
     */
    async restart(whileStopped) {
      await halt();
      await whileStopped?.();
      await launch();
    },
  };
}
