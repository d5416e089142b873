import type { RedisDeadline } from '../../lib/redis-deadline.js';
import type { RedisClient } from './redis.js';

/** One fixed window: count, and start the window's expiry with the first count. */
export const INCR_SCRIPT = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

/**
 * What @fastify/rate-limit 11 hands a store's `child()`: the plugin's options merged with the route's limit, and
 * `routeInfo`, the route's options (`{}` for a limit made with `createRateLimit`, which then names itself with
 * `limitName`). Its types still say the route's options come directly, as in earlier versions; they no longer do.
 */
export interface ChildLimitParams {
  routeInfo?: { method?: string | string[]; url?: string };
  limitName?: string;
}

/** A store as the plugin really calls it (its declared FastifyRateLimitStore has the old `child` parameter). */
interface LimitStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void;
  child(params: ChildLimitParams): LimitStore;
}

/**
 * The counter's name for one route or named limit, so that each has its own counter in Redis as each has its own
 * store in memory: `POST:/api/user/login` or the limit's name. Throws for a limit that has neither, which would
 * otherwise count together with every other such limit.
 */
export function counterName(params: ChildLimitParams): string {
  const { routeInfo, limitName } = params;
  if (routeInfo?.url) return `${[routeInfo.method ?? 'ALL'].flat().join(',')}:${routeInfo.url}`;
  if (limitName) return limitName;
  throw new Error('A rate limit needs a route or a limitName: it would share its counter with other limits.');
}

/**
 * A rate-limit store on node-redis (the plugin's built-in Redis store expects ioredis), so every API process shares
 * the same counters: `skynet:rl:<counter name>:<key>`. Each count runs within `deadline`: when Redis does not answer
 * in time the count fails and the plugin lets the request through (skipOnError).
 */
export function redisStore(client: RedisClient, deadline: RedisDeadline, prefix = 'skynet:rl:') {
  return class RedisRateLimitStore implements LimitStore {
    constructor(private readonly counter = '') {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      deadline
        .run(() =>
          client.eval(INCR_SCRIPT, {
            keys: [`${prefix}${this.counter}${key}`],
            arguments: [String(timeWindow)],
          }),
        )
        .then((r) => {
          const [current, ttl] = r as [number, number];
          callback(null, { current, ttl });
        })
        .catch((err: Error) => callback(err));
    }
    child(params: ChildLimitParams): LimitStore {
      return new RedisRateLimitStore(`${counterName(params)}:`);
    }
  };
}
