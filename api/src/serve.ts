import { getHeapStatistics } from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { warmPasswordCheck } from './lib/password-strength.js';
import { shutdown } from './shutdown.js';
import { activeTracing } from './tracing/switch.js';

/** Exports the spans still buffered (tracing on), for at most 2 s: the last requests' traces are the interesting ones. */
async function flushTracing(): Promise<void> {
  const tracing = activeTracing();
  if (!tracing) return;
  await Promise.race([
    tracing.shutdown().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
  ]);
}

/**
 * Boots the server (imported by server.ts, after tracing started when it is configured): read the configuration, build the app, listen, and on SIGINT/SIGTERM drain and close within
 * SHUTDOWN_TIMEOUT_MS (shutdown.ts).
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
      // The last word: whatever still hangs after the budget (plus a little for the log) does not keep the process.
      setTimeout(() => {
        app.log.error('shutdown did not finish in time; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs + 2_000).unref();
      shutdown(app, config.shutdownTimeoutMs).then(
        async (clean) => {
          app.log.info({ clean }, 'shut down');
          await flushTracing();
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await warmPasswordCheck();
  await app.listen({ port: config.port, host: config.host });
  // So an operator sees the limit the launcher gave V8 took effect (API_HEAP_MB, scripts/heap-limit.mjs): V8's limit
  // is the old generation's (API_HEAP_MB) plus the young generation's, so the default 256 shows as 304.
  const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  app.log.info({ heapLimitMb }, `V8 heap limit ${heapLimitMb} MB`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
