import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeedCache, type FeedChange } from '../../lib/feed-cache.js';
import { PAGE_SIZE } from '../../lib/paging.js';
import { createRedisDeadline } from '../../lib/redis-deadline.js';
import { closeRedis, connectBounded, watchRedis } from '../external/redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    feedCache: FeedCache;
    /** Applies a change to this process's feed cache and announces it to the other processes (awaited). */
    feedChanged: (change: FeedChange) => Promise<void>;
  }
}

const CHANNEL = 'skynet:feed-cache';
const ECHO_WAIT_MS = 50;

/**
 * The feed page cache (lib/feed-cache) and, when Redis is configured, its bus: every write that changes a cached
 * page is published on one channel before the write's response goes out, and every process applies the others'.
 * While this process's subscription is down the cache is off (cleared, every read goes to PostgreSQL), so a missed
 * message can never leave a page stale. FEED_CACHE=off turns it off altogether.
 */
async function feedCachePlugin(app: FastifyInstance) {
  const cache = new FeedCache({ pageSize: PAGE_SIZE });
  app.decorate('feedCache', cache);
  if (process.env.FEED_CACHE === 'off') cache.setEnabled(false);
  if (!app.redis || process.env.FEED_CACHE === 'off') {
    app.decorate('feedChanged', async (change: FeedChange) => cache.apply(change));
    return;
  }
  const origin = randomUUID();
  const pub = app.redis.duplicate();
  const sub = app.redis.duplicate();
  watchRedis(pub, app.log, 'feed cache pub');
  watchRedis(sub, app.log, 'feed cache sub');
  cache.setEnabled(false);
  let subscribed = false;
  // This process's own messages coming back: Redis wrote each to every subscriber at once, so once ours is back the
  // others have theirs in hand too (a write waits for that, at most ECHO_WAIT_MS, before it answers).
  const echoes = new Map<number, () => void>();
  let sent = 0;
  const onMessage = (message: string) => {
    try {
      const m = JSON.parse(message) as { origin: string; n: number; change: FeedChange };
      if (m.origin !== origin) cache.apply(m.change);
      else echoes.get(m.n)?.();
    } catch (err) {
      app.log.warn({ err }, 'feed cache: bad message');
    }
  };
  const subscribe = () => {
    sub.subscribe(CHANNEL, onMessage).then(
      () => {
        subscribed = true;
        cache.setEnabled(true);
      },
      (err: Error) => app.log.warn({ err }, 'feed cache: subscribe failed; cache off until Redis is back'),
    );
  };
  // node-redis renews the subscription on reconnection; until it is ready again the cache stays off.
  sub.on('ready', () => {
    if (subscribed) cache.setEnabled(true);
    else subscribe();
  });
  sub.on('error', () => cache.setEnabled(false));
  sub.on('reconnecting', () => cache.setEnabled(false));
  sub.on('end', () => cache.setEnabled(false));
  const wait = app.redis.isReady ? 5_000 : 0;
  await Promise.all([
    connectBounded(pub, app.log, 'feed cache pub', wait),
    connectBounded(sub, app.log, 'feed cache sub', wait),
  ]);
  // A write waits at most REDIS_DEADLINE_MS for its announcement; while Redis does not read, announcements are still
  // sent (the other processes get them once it reads again) but not waited for.
  const deadline = createRedisDeadline({
    ms: app.config.redisDeadlineMs,
    log: app.log,
    name: 'feed cache pub',
    effect: 'writes answer without waiting for their feed-cache announcement',
  });
  let closing = false;
  app.decorate('feedChanged', async (change: FeedChange) => {
    cache.apply(change);
    if (closing || !pub.isReady) return;
    const n = ++sent;
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      echoes.set(n, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    });
    try {
      await deadline.run(() => pub.publish(CHANNEL, JSON.stringify({ origin, n, change })), {
        sendWhileStalled: true,
      });
      if (subscribed && sub.isReady) await echoed;
    } catch (err) {
      app.log.debug({ err }, 'feed cache: publish failed or not answered');
    } finally {
      clearTimeout(timer);
      echoes.delete(n);
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    cache.setEnabled(false);
    await Promise.allSettled([closeRedis(pub), closeRedis(sub)]);
  });
}

export default fp(feedCachePlugin, { name: 'feed-cache', dependencies: ['redis'] });
