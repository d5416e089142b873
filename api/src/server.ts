// The server's entry (`node dist/server.js`). With OpenTelemetry tracing configured (OTEL_TRACES_EXPORTER or an OTLP
// endpoint: tracing/switch.ts), the SDK starts first and the app is imported after it, so its instrumentations see
// http, pg, redis and socket.io load; without, nothing of OpenTelemetry is loaded. Either way serve.ts does the rest.
import { tracingConfigured } from './tracing/switch.js';

if (tracingConfigured(process.env)) {
  const { startTracing } = await import('./tracing/start.js');
  await startTracing();
}
await import('./serve.js');
