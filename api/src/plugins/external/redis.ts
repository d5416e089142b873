import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import type { Config } from '../../config.js';

export type RedisClient = ReturnType<typeof createClient>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Connected client when REDIS_URL is set (rate-limit store, socket.io adapter), else null. */
    redis: RedisClient | null;
  }
}

async function redisPlugin(app: FastifyInstance, opts: { config: Config }) {
  if (!opts.config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const client = createClient({ url: opts.config.redisUrl });
  client.on('error', (err) => app.log.warn({ err }, 'redis error'));
  await client.connect();
  app.decorate('redis', client);
  app.addHook('onClose', async () => {
    await client.close().catch(() => {});
  });
}

export default fp(redisPlugin, { name: 'redis' });
