import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { isDatabaseUnavailable } from '../../db/postgres-watchdog.js';

/** `ok`, `down` (with the reason in `problems`), or `off` (Redis not configured). */
export type CheckState = 'ok' | 'down' | 'off';

export interface Readiness {
  ready: boolean;
  database: CheckState;
  redis: CheckState;
  /** What failed, readable: `database: ...`, `redis: ...`. */
  problems: string[];
}

export interface Health {
  /** NODE_NAME (default `<hostname>-<pid>`): also in every answer's `x-skynet-node` header. */
  node: string;
  pid: number;
  /**
   * Whether this process can serve: the database answers SELECT 1, Redis (when configured) answers PING, and every
   * check added with `addCheck` says nothing is wrong.
   */
  readiness(): Promise<Readiness>;
  /** Adds a readiness check: `check()` answers what is wrong (a problem `<name>: <text>`), or null when ready. */
  addCheck(name: string, check: () => string | null): void;
  /** Requests being handled now. */
  inflight(): number;
  /**
   * Shutdown's first step: readiness answers 503 from now on (a proxy stops sending), answers say
   * `connection: close`, and this waits until no request is being handled or `ms` have passed. True if it drained.
   */
  drain(ms: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
}

/** How long a readiness probe waits for each dependency. */
const PROBE_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Names the process on every answer (`x-skynet-node`, so a proxy's sticky routing and a failover can be seen from
 * outside) and probes its dependencies for the readiness check.
 */
async function healthPlugin(app: FastifyInstance, opts: { config: Config }) {
  const node = opts.config.nodeName;
  let inflight = 0;
  let draining = false;
  let drained: (() => void) | null = null;
  const finished = () => {
    inflight -= 1;
    if (inflight === 0 && drained) drained();
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-skynet-node', node);
    if (draining) reply.header('connection', 'close');
    inflight += 1;
    reply.raw.once('close', finished);
    done();
  });

  const checks = new Map<string, () => string | null>();
  const health: Health = {
    node,
    addCheck(name, check) {
      checks.set(name, check);
    },
    pid: process.pid,
    inflight: () => inflight,
    async drain(ms) {
      draining = true;
      if (inflight === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        new Promise<true>((resolve) => {
          drained = () => resolve(true);
        }),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), ms);
        }),
      ]);
      clearTimeout(timer);
      drained = null;
      return done;
    },
    async readiness() {
      const problems: string[] = [];
      if (draining) problems.push('node: shutting down');
      const database = await withTimeout(app.db.execute(sql`SELECT 1`), PROBE_MS, 'the database').then(
        () => 'ok' as const,
        (err: unknown) => {
          problems.push(`database: ${isDatabaseUnavailable(err) ? 'not answering' : reason(err)}`);
          return 'down' as const;
        },
      );
      let redis: CheckState = 'off';
      const client = app.redis;
      if (client) {
        if (!client.isReady) {
          redis = 'down';
          problems.push('redis: not connected');
        } else if (app.redisDeadline?.stalled) {
          // A call is already overdue: a PING would only wait behind it.
          redis = 'down';
          problems.push(`redis: not answering (a call is past its ${app.redisDeadline.ms} ms deadline)`);
        } else {
          redis = await withTimeout(client.ping(), PROBE_MS, 'redis').then(
            () => 'ok' as const,
            (err: unknown) => {
              problems.push(`redis: ${reason(err)}`);
              return 'down' as const;
            },
          );
        }
      }
      for (const [name, check] of checks) {
        const problem = check();
        if (problem !== null) problems.push(`${name}: ${problem}`);
      }
      return { ready: problems.length === 0, database, redis, problems };
    },
  };
  app.decorate('health', health);
}

export default fp(healthPlugin, { name: 'health', dependencies: ['database', 'redis'] });
