// OpenTelemetry tracing (issue 30 item 3): HTTP, PostgreSQL (pg), Redis (node-redis 5) and socket.io spans, exported
// where the standard OTEL_* variables say (docs/operations.md "Traces"). Loaded only when tracing/switch.ts says it is
// configured: server.ts imports this module, starts it, and only then imports the app, so the instrumentations see
// pg, redis and socket.io load (CommonJS through require-in-the-middle, ESM through import-in-the-middle's loader hook).

import { register } from 'node:module';
import os from 'node:os';
import { trace } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { SocketIoInstrumentation } from '@opentelemetry/instrumentation-socket.io';
import {
  envDetector,
  hostDetector,
  osDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { setActiveTracing } from './switch.js';

export interface TracingOptions {
  /** Where spans go (tests: an in-memory exporter). Default: OTEL_TRACES_EXPORTER / OTEL_EXPORTER_OTLP_* as the SDK reads them. */
  spanProcessors?: SpanProcessor[];
  env?: Record<string, string | undefined>;
}

/**
 * Starts the SDK. Call before the app's modules are imported: what was loaded before is not instrumented.
 * The service is OTEL_SERVICE_NAME (default `skynet-api`), its instance NODE_NAME (default `<hostname>-<pid>`, as
 * config.ts), so a span names the node whose log lines and `x-skynet-node` header go with it.
 */
export async function startTracing(options: TracingOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  // Only the modules the instrumentations ask for are wrapped (not every module the app imports).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'skynet-api',
    resource: resourceFromAttributes({
      'service.instance.id': env.NODE_NAME?.trim() || `${os.hostname()}-${process.pid}`,
    }),
    // The SDK's defaults less its random service.instance.id (ours is NODE_NAME); OTEL_RESOURCE_ATTRIBUTES still wins.
    resourceDetectors: [processDetector, hostDetector, osDetector, envDetector],
    instrumentations: [
      new HttpInstrumentation({
        // The Prometheus scrape (METRICS_PORT, every few seconds) is not worth a trace each.
        ignoreIncomingRequestHook: (request) => request.url === '/metrics',
      }),
      // Only queries and commands made for something traced (a request, a socket event): not pg-boss's polling, the
      // Redis adapter's pub/sub or the health checks' pings on their own.
      new PgInstrumentation({ requireParentSpan: true }),
      // The command's name only: its keys and arguments hold session ids, addresses and hashed e-mails.
      new RedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new SocketIoInstrumentation(),
    ],
    // Traces only: metrics stay with Prometheus (METRICS_PORT), logs with pino.
    metricReaders: [],
    logRecordProcessors: [],
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();

  setActiveTracing({
    currentIds() {
      const context = trace.getActiveSpan()?.spanContext();
      return context ? { trace_id: context.traceId, span_id: context.spanId } : undefined;
    },
    annotateRequest(request) {
      const span = trace.getActiveSpan();
      if (!span) return;
      span.setAttribute('skynet.request_id', request.id);
      // The instrumentation recorded the raw path and query: reset tokens and sign-in codes must not reach a trace store.
      const [path = '', query] = request.redactedUrl.split('?', 2);
      span.setAttribute('url.path', path);
      if (query !== undefined) span.setAttribute('url.query', query);
      if (request.route) {
        span.setAttribute('http.route', request.route);
        span.updateName(`${request.method} ${request.route}`);
      }
    },
    shutdown: () => sdk.shutdown(),
  });
}
