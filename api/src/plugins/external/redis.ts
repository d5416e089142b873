import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient, type RedisClientOptions } from 'redis';
import type { Config } from '../../config.js';
import { createRedisDeadline, type RedisDeadline } from '../../lib/redis-deadline.js';

export type RedisClient = ReturnType<typeof createClient>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The client when REDIS_URL is set (rate-limit store, readiness), else null. It may be disconnected: commands then
     * fail at once (no offline queue) and it reconnects by itself.
     */
    redis: RedisClient | null;
    /**
     * The deadline of every request-path call on `redis` (REDIS_DEADLINE_MS): the rate-limit and socket-event
     * counters run through it. Null without Redis.
     */
    redisDeadline: RedisDeadline | null;
  }
}

/** Reconnect delays: 50 ms doubling to at most 2 s, with jitter, forever (Redis coming back is always picked up). */
export function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** Math.min(retries, 10), 2_000) + Math.floor(Math.random() * 100);
}

/**
 * Options for every Redis client of the API (the main one and the socket.io adapter's, which `duplicate()` it).
 * Fail fast while Redis is away: no offline queue (a command sent while disconnected is rejected at once instead of
 * waiting and then running late, possibly twice), a timeout on every command still waiting to be written, a short
 * connect timeout, and a bounded backoff between reconnection attempts. node-redis stops timing a command once it is
 * written, so a Redis that accepts but does not answer is met by the callers' own deadline (lib/redis-deadline.ts).
 */
export function redisClientOptions(
  url: string,
  config: Pick<Config, 'redisCommandTimeoutMs'>,
): RedisClientOptions {
  return {
    url,
    disableOfflineQueue: true,
    ...(config.redisCommandTimeoutMs > 0
      ? { commandOptions: { timeout: config.redisCommandTimeoutMs } }
      : {}),
    socket: { connectTimeout: 2_000, reconnectStrategy: reconnectDelay },
  };
}

/**
 * Connects, but waits at most `ms`: if Redis is not there yet, the API starts degraded (limits fail open, socket.io
 * rooms stay on this process) and the client keeps reconnecting in the background.
 */
export async function connectBounded(
  client: RedisClient,
  log: FastifyBaseLogger,
  name: string,
  ms = 5_000,
): Promise<void> {
  const connecting = client.connect().then(
    () => true,
    (err: unknown) => {
      log.error({ err }, `${name}: could not connect`);
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const connected = await Promise.race([connecting, late]);
  clearTimeout(timer);
  if (!connected)
    log.error(`${name}: Redis is not answering; starting without it and reconnecting in the background`);
}

/** Logs a client's state changes once each (not every failed reconnection attempt at full volume). */
export function watchRedis(client: RedisClient, log: FastifyBaseLogger, name: string): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) log.debug({ err }, `${name} error`);
    else log.warn({ err }, `${name} error`);
  });
  client.on('reconnecting', () => {
    if (!down) log.warn(`${name}: connection lost, reconnecting`);
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info(`${name}: connected again`);
    down = false;
  });
}

/**
 * Closes gracefully when connected, waiting at most `ms` for the answers still due (a frozen Redis never sends them);
 * while Redis is away, or past that, the socket just goes.
 */
export async function closeRedis(client: RedisClient, ms = 1_000): Promise<void> {
  if (!client.isOpen) return;
  if (!client.isReady) {
    client.destroy();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    client.close().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  if (!closed && client.isOpen) client.destroy();
}

async function redisPlugin(app: FastifyInstance, opts: { config: Config }) {
  if (!opts.config.redisUrl) {
    app.decorate('redis', null);
    app.decorate('redisDeadline', null);
    return;
  }
  const client = createClient(redisClientOptions(opts.config.redisUrl, opts.config)) as RedisClient;
  watchRedis(client, app.log, 'redis');
  await connectBounded(client, app.log, 'redis');
  app.decorate('redis', client);
  app.decorate(
    'redisDeadline',
    createRedisDeadline({
      ms: opts.config.redisDeadlineMs,
      log: app.log,
      name: 'redis',
      effect: 'rate limits let requests through',
    }),
  );
  app.addHook('onClose', () => closeRedis(client));
}

export default fp(redisPlugin, { name: 'redis' });
