// Whether OpenTelemetry tracing is on, and what the app asks of it while it is (issue 30 item 3). This module imports
// nothing of OpenTelemetry: with tracing off (the default) server.ts never loads ./start.js, so no SDK, no loader hook
// and no hook or log mixin in the app (app.ts and server-options.ts ask `activeTracing()` and add nothing on null).

/** What the app calls while tracing is on (set by start.ts). */
export interface ActiveTracing {
  /** The active span's ids, for the log line (pino mixin); undefined outside a traced operation. */
  currentIds(): { trace_id: string; span_id: string } | undefined;
  /**
   * Names the active HTTP server span after its route (a pattern: `/api/post/:id`), puts the request id on it and
   * replaces the URL the HTTP instrumentation recorded with the redacted one (server-options.ts redactUrl).
   */
  annotateRequest(request: {
    id: string;
    method: string;
    route: string | undefined;
    redactedUrl: string;
  }): void;
  /** Exports what is still buffered and stops (on shutdown). */
  shutdown(): Promise<void>;
}

let active: ActiveTracing | null = null;

export function setActiveTracing(value: ActiveTracing | null): void {
  active = value;
}

/** The running tracing, or null when it is off. */
export function activeTracing(): ActiveTracing | null {
  return active;
}

/**
 * Tracing is configured by the OpenTelemetry SDK's standard variables: OTEL_TRACES_EXPORTER (otlp, console; none or
 * unset: off unless an OTLP endpoint is set), OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (OTLP,
 * http/protobuf by default), and OTEL_SDK_DISABLED=true turns it off whatever else is set.
 */
export function tracingConfigured(env: Record<string, string | undefined>): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (exporters.length > 0) return !exporters.includes('none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
