// Prometheus metrics (issue 30 item 3, prom-client): served at /metrics on a port of their own (METRICS_PORT, on
// METRICS_HOST, 127.0.0.1 by default), never on the public port, so nothing about the nodes is published to visitors.
// One registry per app (tests build many apps in one process). docs/operations.md "Metrics" says what to alert on.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config.js';

export interface Metrics {
  registry: Registry;
  /** Where /metrics is served (null: METRICS_PORT unset). */
  address(): AddressInfo | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request latency buckets, in seconds: the API's calls answer in a few ms; a slow one is 1 s and more. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A route's label: its pattern (`/api/post/:id`), never the URL (ids would make a series each). */
const routeLabel = (url: string | undefined) => url ?? 'unmatched';

async function metricsPlugin(app: FastifyInstance, opts: { config: Config }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // event-loop lag, heap, GC, handles, CPU, memory

  const requests = new Counter({
    name: 'skynet_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'skynet_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'skynet_db_pool_connections',
    help: 'PostgreSQL pool connections by state (open, idle, waiting: queries waiting for one); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'skynet_sockets_connected',
    help: 'socket.io clients connected to this node.',
    registers: [registry],
    collect() {
      if (app.hasDecorator('realtime')) this.set(app.realtime.io.engine.clientsCount);
    },
  });
  new Gauge({
    name: 'skynet_jobs_queued',
    help: 'Jobs waiting in each pg-boss queue (created or retrying), the whole database.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      if (!app.hasDecorator('jobs')) return;
      for (const queue of ['mail', 'purge', 'timeline']) {
        try {
          this.set({ queue }, await app.jobs.boss.getQueueSize(queue));
        } catch {
          // The database is away: no figure this scrape (readiness says why).
        }
      }
    },
  });
  new Gauge({
    name: 'skynet_redis_deadline_calls',
    help: 'Redis calls on a request path that were late, skipped or refused (REDIS_DEADLINE_MS), since start.',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const stats = app.redisDeadline?.stats();
      if (!stats) return;
      for (const [outcome, count] of Object.entries(stats)) this.set({ outcome }, count);
    },
  });

  let server: Server | null = null;
  const { metricsPort, metricsHost } = opts.config;
  if (metricsPort !== null) {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          app.log.warn({ err }, 'metrics: collecting failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting the metrics failed.\n');
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(metricsPort, metricsHost, () => resolve());
    });
    app.log.info({ address: server.address() }, 'metrics: serving /metrics');
  }
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  app.decorate('metrics', {
    registry,
    address: () => (server?.address() as AddressInfo | null) ?? null,
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['database'] });
