import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient, type RedisClientOptions } from 'redis';
import type { Config } from '../../config.js';

export type RedisClient = ReturnType<typeof createClient>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The client when REDIS_URL is set (rate-limit store, readiness), else null. It may be disconnected: commands then
     * fail at once (no offline queue) and it reconnects by itself.
     */
    redis: RedisClient | null;
  }
}

/** Reconnect delays: 50 ms doubling to at most 2 s, with jitter, forever (Redis coming back is always picked up). */
export function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** Math.min(retries, 10), 2_000) + Math.floor(Math.random() * 100);
}

/**
 * Options for every Redis client of the API (the main one and the socket.io adapter's, which `duplicate()` it).
 * Fail fast while Redis is away: no offline queue (a command sent while disconnected is rejected at once instead of
 * waiting and then running late, possibly twice), a timeout on every command (a Redis that accepts connections but
 * does not answer), a short connect timeout, and a bounded backoff between reconnection attempts.
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

/** Closes gracefully when connected; while Redis is away there is nothing to wait for, so the socket just goes. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  if (client.isReady) await client.close().catch(() => client.destroy());
  else client.destroy();
}

async function redisPlugin(app: FastifyInstance, opts: { config: Config }) {
  if (!opts.config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const client = createClient(redisClientOptions(opts.config.redisUrl, opts.config)) as RedisClient;
  watchRedis(client, app.log, 'redis');
  await connectBounded(client, app.log, 'redis');
  app.decorate('redis', client);
  app.addHook('onClose', () => closeRedis(client));
}

export default fp(redisPlugin, { name: 'redis' });
