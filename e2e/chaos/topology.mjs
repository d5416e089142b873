// The private topology the fault suite and the soak run against: their own PostgreSQL (initdb in a temporary
// folder, as the postgres user), their own Redis on a free port, and `npm run cluster` (scripts/cluster.mjs) on both,
// with its own data folder. Loopback only; `cleanup()` stops and removes everything that was started.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../../tooling/site/product.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function need(file, hint) {
  if (!existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
  return file;
}
const PG_BIN = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
].find((dir) => existsSync(join(dir, 'initdb')));

export const work = mkdtempSync(
  join(tmpdir(), `skynet-${process.argv[1]?.match(/(\w+)\.mjs$/)?.[1] ?? 'faults'}-`),
);
export const cleanups = [];
export const cleanup = async () => {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error('[chaos] cleanup:', error.message);
    }
  }
  rmSync(work, { recursive: true, force: true });
};

// ---- private PostgreSQL -------------------------------------------------------------------------------------
export const postgres = {
  dir: join(work, 'pg'),
  port: 0,
  run(...argv) {
    // initdb and postgres refuse to run as root: as the postgres user.
    const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    const [command, ...rest] = [...asUser, ...argv];
    const result = spawnSync(command, rest, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${argv.join(' ')}: ${result.stderr || result.stdout}`);
  },
  async start() {
    this.port ||= await freePort();
    this.run(
      join(PG_BIN, 'pg_ctl'),
      '-D',
      this.dir,
      '-l',
      join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    );
  },
  stop(mode = 'fast') {
    this.run(join(PG_BIN, 'pg_ctl'), '-D', this.dir, '-m', mode, '-w', 'stop');
  },
  /**
   * Freezes the whole cluster with SIGSTOP: the postmaster first (so it forks no backend meanwhile), then every child
   * (backends, walwriter...). Connections stay open and nothing answers. Answers the pids stopped, for `thaw`.
   */
  freeze() {
    const postmaster = Number(readFileSync(join(this.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGSTOP');
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing paren.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
    for (const pid of children) process.kill(pid, 'SIGSTOP');
    this.frozen = [postmaster, ...children];
    return this.frozen;
  },
  thaw() {
    for (const pid of this.frozen ?? []) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    this.frozen = [];
  },
  async create() {
    if (!PG_BIN) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
    mkdirSync(this.dir);
    chmodSync(work, 0o755);
    spawnSync('chown', ['postgres', this.dir]);
    this.run(join(PG_BIN, 'initdb'), '-D', this.dir, '-A', 'trust', '-U', 'postgres', '--no-sync');
    await this.start();
    cleanups.push(() => {
      this.thaw();
      this.stop('immediate');
    });
  },
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  },
  /** Another (empty) database on this server. */
  createDatabase(name) {
    this.run(join(PG_BIN, 'createdb'), '-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', name);
  },
  urlOf(database) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  },
};

// ---- private Redis ----------------------------------------------------------------------------------------
export const redis = {
  port: 0,
  child: null,
  async start() {
    this.port ||= await freePort();
    const binary = need('/usr/bin/redis-server', 'apt-get install redis-server');
    this.child = spawn(
      binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50; i += 1) {
      if (
        spawnSync('redis-cli', ['-p', String(this.port), 'ping'], { encoding: 'utf8' }).stdout.includes(
          'PONG',
        )
      )
        return;
      await sleep(100);
    }
    throw new Error('the private redis-server did not start');
  },
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  },
};

// ---- the cluster ------------------------------------------------------------------------------------------
export const cluster = {
  port: 0,
  child: null,
  stateFile: join(work, 'cluster.json'),
  dataDir: join(work, 'data'),
  /** Starts `npm run cluster` on the private PostgreSQL and Redis; `ready()` says when it serves. */
  async start({ nodes = 2, ready }) {
    this.port = await freePort();
    this.child = spawn(
      process.execPath,
      [join(repoRoot, 'scripts', 'cluster.mjs'), '--skip-install', '--skip-build'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(this.port),
          NODES: String(nodes),
          DATABASE_URL: postgres.url,
          REDIS_URL: `redis://127.0.0.1:${redis.port}`,
          DATA_DIR: this.dataDir,
          SITE_DIR: join(this.dataDir, 'site'),
          CLUSTER_STATE: this.stateFile,
          RATE_LIMIT: 'off',
          LOG_LEVEL: 'error',
        },
      },
    );
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-20_000);
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.output = () => output;
    cleanups.push(
      () =>
        new Promise((resolve) => {
          if (this.child.exitCode !== null) return resolve();
          this.child.once('exit', resolve);
          this.child.kill('SIGTERM');
        }),
    );
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`npm run cluster exited:\n${output}`);
      if (await ready()) return;
      await sleep(500);
    }
    throw new Error(`the cluster did not come up:\n${output}`);
  },
  nodes() {
    return JSON.parse(readFileSync(this.stateFile, 'utf8')).nodes;
  },
  get base() {
    return `http://127.0.0.1:${this.port}`;
  },
};

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanup().then(() => process.exit(130)));
