// A redis-server of a test's own on a free loopback port (never the shared one on 6379): started, killed, frozen
// (SIGSTOP) and thawed (SIGCONT) under the apps a test builds.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort, waitForPort } from './ports.mjs';

export { freePort };

export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** Why a test needing its own Redis is skipped (printed once), or false when redis-server is there. */
export function redisServerMissing(what: string): string | false {
  if (existsSync(REDIS_SERVER)) return false;
  const why = `redis-server not found at ${REDIS_SERVER} (apt-get install redis-server, or set REDIS_SERVER): skipping ${what}`;
  console.log(`# ${why}`);
  return why;
}

/** A throwaway redis-server: loopback only, no persistence. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  private frozen = false;
  constructor(readonly port: number) {}
  static async onFreePort(): Promise<OwnRedis> {
    return new OwnRedis(await freePort());
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    await waitForPort(this.port);
  }
  /** SIGSTOP: the server keeps its connections open (the kernel still accepts on its socket) but answers nothing. */
  freeze() {
    if (!this.child || this.child.exitCode !== null) throw new Error('redis-server is not running');
    this.child.kill('SIGSTOP');
    this.frozen = true;
  }
  /** SIGCONT: it answers again, everything it was sent meanwhile included. */
  thaw() {
    if (this.frozen && this.child && this.child.exitCode === null) this.child.kill('SIGCONT');
    this.frozen = false;
  }
  async kill() {
    const c = this.child;
    this.child = null;
    this.frozen = false;
    if (!c || c.exitCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL'); // ends a stopped process too
    await gone;
  }
}
