import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/errors.js';
import type { RedisClient } from './redis.js';

const INCR_SCRIPT = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

/**
 * A rate-limit store on node-redis (the plugin's built-in Redis store expects ioredis), so every API process shares
 * the same counters.
 */
function redisStore(client: RedisClient, prefix = 'skynet:rl:') {
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly routeKey = '') {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      client
        .eval(INCR_SCRIPT, { keys: [`${prefix}${this.routeKey}${key}`], arguments: [String(timeWindow)] })
        .then((r) => {
          const [current, ttl] = r as [number, number];
          callback(null, { current, ttl });
        })
        .catch((err: Error) => callback(err));
    }
    child(routeOptions: { path: string; method?: string | string[] }): FastifyRateLimitStore {
      return new RedisRateLimitStore(`${String(routeOptions.method)}:${routeOptions.path}:`);
    }
  };
}

/** Rate limits are opt-in per route (config.rateLimit); RATE_LIMIT=off disables them all. */
async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }) {
  await app.register(rateLimit, {
    global: false,
    ...(opts.config.rateLimit ? {} : { max: Number.MAX_SAFE_INTEGER, allowList: () => true }),
    ...(app.redis ? { store: redisStore(app.redis) as never } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(
        ctx.statusCode,
        `Too many requests. Please try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`,
      ),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['redis'] });
