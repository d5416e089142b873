import { createHash } from 'node:crypto';
import rateLimit, { type CreateRateLimitOptions, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { tooManyRequests } from '../../lib/errors.js';
import { type ChildLimitParams, redisStore } from './rate-limit-store.js';

type Limit = { max: number; timeWindow: string };

/** Every API write not named below: per person (or per address when signed out). */
export const DEFAULT_WRITE_LIMIT: Limit = { max: 120, timeWindow: '1 minute' };

/**
 * Limits named per route (they replace a route's own): the ones that check a secret, cost CPU or disk, or could tell
 * whether an address has an account.
 */
export const ROUTE_LIMITS: Record<string, Limit> = {
  // Guessing the current password with a stolen session; changing the address; deleting: a person does these rarely.
  'PATCH /api/user/changepassword': { max: 10, timeWindow: '15 minutes' },
  'PATCH /api/user/changeEmail': { max: 10, timeWindow: '15 minutes' },
  'POST /api/user/deleteaccount/delete': { max: 10, timeWindow: '15 minutes' },
  // Answers 409 for an address that has an account (the spec's flow shows the server's text): few tries per address.
  'POST /api/user/signup': { max: 10, timeWindow: '10 minutes' },
  // sharp decodes and re-encodes up to 3 MB.
  'PATCH /api/user/changeavatar': { max: 10, timeWindow: '1 minute' },
  'POST /api/post': { max: 30, timeWindow: '1 minute' },
  'POST /api/post/:id/comment': { max: 30, timeWindow: '1 minute' },
  // Searches are reads, but each one scans an index.
  'GET /api/post/search/:text': { max: 60, timeWindow: '1 minute' },
  'GET /api/user/search/:text': { max: 60, timeWindow: '1 minute' },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url` of every route with a rate limit (tests prove every write has one). */
    rateLimitedRoutes: ReadonlySet<string>;
  }
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The client's address as counted: an IPv6 address by its /64 (what one subscriber usually holds), IPv4 as is. */
export const addressKey = (request: FastifyRequest) => `ip:${normalizeIP(request.ip)}`;

/** Per person when signed in (the auth hook ran before), per client address otherwise. */
export const rateLimitKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : addressKey(request);

/**
 * A public call's limit counted per client address whatever token the caller sends: sign-in, sign-up, reset and the
 * other calls that check a secret or create an account. Keyed per person, every account an attacker holds would add
 * its own budget.
 */
export const byAddress = (limit: Limit) => ({ ...limit, keyGenerator: addressKey });

type NamedLimit = Limit & { name: string };

/**
 * Limits per target account, from any address and with any token: the e-mail address a call names. An attacker
 * with many addresses still gets this many tries at one account; the account's owner may meet the same 429 meanwhile.
 */
export const ACCOUNT_LIMITS = {
  signIn: { name: 'sign-in-per-account', max: 20, timeWindow: '15 minutes' },
  resetRequest: { name: 'reset-per-account', max: 5, timeWindow: '1 hour' },
} satisfies Record<string, NamedLimit>;

/** An e-mail address as counted: trimmed, lower case, hashed (Redis holds no address). */
const accountKey = (email: string) =>
  `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/**
 * A preHandler counting a call against the account its body names (`emailOf`), with the route limits' store, switch
 * and 429 answer (`Retry-After` included). It runs after the route's own per-address limit: a call that limit
 * refuses does not count here.
 */
export function perAccountLimit(
  app: FastifyInstance,
  limit: NamedLimit,
  emailOf: (request: FastifyRequest) => string,
) {
  const { name, ...window } = limit;
  const options: CreateRateLimitOptions & ChildLimitParams = {
    ...window,
    keyGenerator: (request) => accountKey(emailOf(request)),
    limitName: name,
  };
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw tooManyRequests(result.ttl);
  };
}

/**
 * Every API write is rate-limited (DEFAULT_WRITE_LIMIT unless the route or ROUTE_LIMITS names its own), and so are
 * the routes of ROUTE_LIMITS; RATE_LIMIT=off disables them all.
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }) {
  const limited = new Set<string>();
  app.decorate('rateLimitedRoutes', limited);
  // Before the plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    const named = methods.map((m) => ROUTE_LIMITS[`${m} ${route.url}`]).find(Boolean);
    const config = (route.config ?? {}) as { rateLimit?: unknown };
    // A named limit replaces the route's numbers; how the route counts (its keyGenerator) stays.
    const own = typeof config.rateLimit === 'object' ? config.rateLimit : {};
    if (named) route.config = { ...config, rateLimit: { ...own, ...named } };
    else if (config.rateLimit === undefined && methods.some((m) => WRITES.has(m)))
      route.config = { ...config, rateLimit: DEFAULT_WRITE_LIMIT };
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit)
      for (const m of methods) limited.add(`${m} ${route.url}`);
  });

  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    ...(opts.config.rateLimit ? {} : { max: Number.MAX_SAFE_INTEGER, allowList: () => true }),
    ...(app.redis && app.redisDeadline ? { store: redisStore(app.redis, app.redisDeadline) as never } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['redis'] });
