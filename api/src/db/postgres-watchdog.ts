import type { Socket } from 'node:net';
import pg from 'pg';

/**
 * Thrown instead of waiting on a PostgreSQL that does not answer: the error handler answers it 503 with `message`.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'SKYNET_DATABASE_UNAVAILABLE';
  constructor() {
    super('The database is not answering. Please try again in a moment.');
    this.name = 'DatabaseUnavailableError';
  }
}

export interface WatchdogOptions {
  url: string;
  /** A probe (`SELECT 1`) unanswered this long means PostgreSQL is frozen or unreachable. */
  deadlineMs: number;
  /** How often a probe is sent while PostgreSQL answers, and how often it is tried again while it does not. */
  intervalMs?: number;
  /** Called once per change: `false` when PostgreSQL stops answering, `true` when it answers again. */
  onChange(answering: boolean): void;
}

export interface Watchdog {
  /** False from a missed deadline until a new connection answers a probe. */
  answering(): boolean;
  stop(): Promise<void>;
}

/**
 * Watches PostgreSQL with `SELECT 1` on a connection of its own. A server that stopped answering without closing its
 * connections (SIGSTOP, a hung host, a black-holed link) never makes a query fail: node-postgres waits on the socket,
 * `statement_timeout` is counted by the frozen server, and a new connection hangs in its handshake. Past `deadlineMs`
 * the watchdog says so (`onChange(false)`) and keeps trying a fresh connection every interval until one answers.
 *
 * A late timer is not a missed deadline: when the event loop was busy, the answer may be waiting in the socket, so
 * a deadline is only called missed after one more turn of the loop (setImmediate runs after pending I/O).
 */
export function startWatchdog(options: WatchdogOptions): Watchdog {
  const intervalMs = options.intervalMs ?? 250;
  let answering = true;
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const set = (value: boolean) => {
    if (answering === value || stopped) return;
    answering = value;
    options.onChange(value);
  };
  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(fn, ms);
    timer.unref();
  };
  const drop = (c: pg.Client | null) => {
    if (!c) return;
    if (client === c) client = null;
    destroyConnection(c);
  };

  /** Resolves true when `work` settles within the deadline (checked again after pending I/O), false otherwise. */
  const withinDeadline = (work: Promise<unknown>) =>
    new Promise<boolean>((resolve) => {
      let settled = false;
      work.then(
        () => {
          settled = true;
          resolve(true);
        },
        () => {
          settled = true;
          resolve(false);
        },
      );
      const deadline = setTimeout(() => setImmediate(() => settled || resolve(false)), options.deadlineMs);
      deadline.unref();
      work.finally(() => clearTimeout(deadline)).catch(() => {});
    });

  const probe = async () => {
    if (stopped) return;
    if (!client) {
      const fresh = new pg.Client({
        connectionString: options.url,
        connectionTimeoutMillis: options.deadlineMs,
      });
      fresh.on('error', () => drop(fresh));
      const connected = await withinDeadline(fresh.connect());
      if (!connected || stopped) {
        drop(fresh);
        set(false);
        schedule(probe, intervalMs);
        return;
      }
      client = fresh;
    }
    const current = client;
    const ok = await withinDeadline(current.query('SELECT 1'));
    if (!ok) drop(current);
    set(ok);
    schedule(probe, intervalMs);
  };
  schedule(probe, 0);

  return {
    answering: () => answering,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Closes a connection's socket at once: its queries fail now ("Connection terminated") instead of when a frozen
 * server wakes. `client.end()` would wait for the server; node-postgres keeps the socket on its (untyped) connection.
 */
export function destroyConnection(client: pg.Client | pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
}

/** Errors that mean PostgreSQL is away (not a bad query): answered 503 "try again", never 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((text) => e instanceof Error && e.message.includes(text))) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  // admin_shutdown, crash_shutdown, cannot_connect_now: PostgreSQL restarting.
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
