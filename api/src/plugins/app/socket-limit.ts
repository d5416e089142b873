import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { tooManyRequestsText } from '../../lib/errors.js';
import type { RedisDeadline } from '../../lib/redis-deadline.js';
import { INCR_SCRIPT } from '../external/rate-limit-store.js';
import type { RedisClient } from '../external/redis.js';

/** Events one person may send over all their sockets in one window (joining and leaving rooms). */
export const SOCKET_EVENT_LIMIT = { max: 60, windowMs: 10_000 };

export const socketLimitText = tooManyRequestsText;

/** At most this many people counted in memory (without Redis); the oldest window goes first. */
const LOCAL_MAX_KEYS = 100_000;

export interface EventLimiter {
  /** Counts one event of `key`: null when allowed, otherwise the milliseconds until the window ends. */
  take(key: string): Promise<number | null>;
}

/**
 * A fixed-window counter per key: in Redis when configured (the same counters on every API process, as the HTTP
 * rate limits), in memory otherwise. Each count runs within the Redis deadline (which logs the outage once); a Redis
 * failure or silence lets the event through, as the HTTP limits do (skipOnError).
 */
export function createEventLimiter(opts: {
  enabled: boolean;
  redis: { client: RedisClient; deadline: RedisDeadline } | null;
  log: FastifyBaseLogger;
  max?: number;
  windowMs?: number;
}): EventLimiter {
  const max = opts.max ?? SOCKET_EVENT_LIMIT.max;
  const windowMs = opts.windowMs ?? SOCKET_EVENT_LIMIT.windowMs;
  if (!opts.enabled) return { take: async () => null };
  if (opts.redis) {
    const { client, deadline } = opts.redis;
    return {
      async take(key) {
        try {
          const [count, ttl] = (await deadline.run(() =>
            client.eval(INCR_SCRIPT, { keys: [`skynet:rl:socket:${key}`], arguments: [String(windowMs)] }),
          )) as [number, number];
          return count > max ? Math.max(ttl, 1) : null;
        } catch (err) {
          opts.log.debug({ err }, 'socket rate limit: Redis failed or did not answer, event let through');
          return null;
        }
      },
    };
  }
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async take(key) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        windows.delete(key);
        if (windows.size >= LOCAL_MAX_KEYS) {
          const oldest = windows.keys().next();
          if (!oldest.done) windows.delete(oldest.value);
        }
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count > max ? w.resetAt - now : null;
    },
  };
}

/**
 * Rate-limits every event a socket sends, keyed per person. An event over the limit is dropped; when it carries an
 * acknowledgement, that answers `{ ok: false, error }` with the 429 text of the HTTP API.
 */
export function limitSocketEvents(socket: Socket, key: string, limiter: EventLimiter) {
  socket.use((packet, next) => {
    limiter
      .take(key)
      .then((retryMs) => {
        if (retryMs === null) return next();
        const ack = packet[packet.length - 1];
        if (typeof ack === 'function') ack({ ok: false, error: socketLimitText(retryMs) });
      })
      .catch(() => next());
  });
}
