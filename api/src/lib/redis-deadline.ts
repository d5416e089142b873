import type { FastifyBaseLogger } from 'fastify';

/** A Redis call given up: not answered within its deadline, or not waited for because an earlier one is overdue. */
export class RedisDeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisDeadlineError';
  }
}

export interface RedisDeadlineStats {
  /** Calls not answered within the deadline. */
  late: number;
  /** Calls given up at once (or sent and not waited for) because an earlier call was overdue. */
  skipped: number;
  /** Calls Redis or the client refused (while Redis is away they fail at once). */
  failed: number;
}

export interface RedisDeadline {
  readonly ms: number;
  /** Whether a call Redis accepted is still unanswered past its deadline (a frozen or black-holed Redis). */
  readonly stalled: boolean;
  /**
   * Sends one call and waits at most `ms` for its answer. Past it, rejects with a RedisDeadlineError; the command
   * itself stays with the client, and its late answer (or failure) ends the stall. While a call is overdue, later ones
   * reject at once without being sent: nothing piles up behind a Redis that does not read, and no request waits
   * again. With `sendWhileStalled` the call is still sent, not waited for (a publish that the other processes should
   * receive once Redis reads again).
   */
  run<T>(send: () => Promise<T>, opts?: { sendWhileStalled?: boolean }): Promise<T>;
  /** Counts since the start of the process. */
  stats(): RedisDeadlineStats;
}

/**
 * A deadline for every request-path call on one Redis client. node-redis's own command timeout stops counting once
 * a command is written to the socket, so a Redis that accepts but never answers (SIGSTOP, a hung node, a black-holed
 * link) would hold each request until the request timeout. The caller decides what going on without Redis means
 * (`effect`, for the log): a warning is logged once when calls start failing and a line when Redis answers again.
 */
export function createRedisDeadline(opts: {
  ms: number;
  log: FastifyBaseLogger;
  /** The client, as watchRedis names it: `redis`, `feed cache pub`. */
  name: string;
  /** What happens meanwhile: `rate limits let requests through`. */
  effect: string;
}): RedisDeadline {
  const { ms, log, name, effect } = opts;
  const counts: RedisDeadlineStats = { late: 0, skipped: 0, failed: 0 };
  let overdue = 0;
  let outage: { since: number; calls: number } | null = null;

  const trouble = (what: string, err?: unknown) => {
    if (outage) {
      outage.calls += 1;
      return;
    }
    outage = { since: Date.now(), calls: 1 };
    log.warn({ err, deadlineMs: ms }, `${name}: ${what}; ${effect} until it answers`);
  };
  const answered = () => {
    if (!outage || overdue > 0) return;
    log.info(
      { calls: outage.calls, ms: Date.now() - outage.since },
      `${name}: Redis answers again; ${outage.calls} call(s) went on without it`,
    );
    outage = null;
  };

  return {
    ms,
    get stalled() {
      return overdue > 0;
    },
    stats: () => ({ ...counts }),
    run<T>(send: () => Promise<T>, runOpts: { sendWhileStalled?: boolean } = {}): Promise<T> {
      if (overdue > 0) {
        counts.skipped += 1;
        trouble('Redis is not answering');
        if (runOpts.sendWhileStalled) send().catch(() => {});
        return Promise.reject(new RedisDeadlineError(`${name}: Redis has not answered an earlier call`));
      }
      return new Promise<T>((resolve, reject) => {
        let late = false;
        let done = false;
        const timer = setTimeout(() => {
          // An answer already read from the socket (the event loop was busy) still counts: check after the poll phase.
          setImmediate(() => {
            if (done) return;
            late = true;
            done = true;
            overdue += 1;
            counts.late += 1;
            trouble(`Redis did not answer within ${ms} ms`);
            reject(new RedisDeadlineError(`${name}: Redis did not answer within ${ms} ms`));
          });
        }, ms);
        const settle = () => {
          clearTimeout(timer);
          if (late) overdue -= 1;
        };
        send().then(
          (value) => {
            settle();
            answered();
            if (done) return;
            done = true;
            resolve(value);
          },
          (err: unknown) => {
            settle();
            if (done) return;
            done = true;
            counts.failed += 1;
            trouble('a Redis call failed', err);
            reject(err);
          },
        );
      });
    },
  };
}
