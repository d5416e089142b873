// Issue 30 item 3: OpenTelemetry traces. With tracing on, one HTTP request is one trace holding the HTTP server span
// (named after its route, with the request id), the PostgreSQL queries and the Redis commands made for it, and the
// socket.io emits it causes; its log lines carry its trace id. With tracing off, nothing of OpenTelemetry is loaded.
// The SDK starts before the app's modules are imported (as server.ts does), so this file imports them dynamically.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { startTracing } from '../../src/tracing/start.js';
import { activeTracing, tracingConfigured } from '../../src/tracing/switch.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('tracingConfigured: the standard OTEL_* variables', () => {
  it('is off unless an exporter or an OTLP endpoint is named, and OTEL_SDK_DISABLED wins', () => {
    assert.equal(tracingConfigured({}), false);
    assert.equal(tracingConfigured({ OTEL_TRACES_EXPORTER: 'none' }), false);
    assert.equal(tracingConfigured({ OTEL_TRACES_EXPORTER: ' ' }), false);
    assert.equal(tracingConfigured({ OTEL_TRACES_EXPORTER: 'console' }), true);
    assert.equal(tracingConfigured({ OTEL_TRACES_EXPORTER: 'otlp,console' }), true);
    assert.equal(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), true);
    assert.equal(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }), true);
    assert.equal(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
      false,
    );
    assert.equal(tracingConfigured({ OTEL_TRACES_EXPORTER: 'console', OTEL_SDK_DISABLED: 'true' }), false);
  });
});

/**
 * The modules `node src/server.ts` resolves before it exits on a configuration error (serve.ts has imported the whole
 * app by then), recorded by a resolve hook in front of tsx's.
 */
function modulesResolvedByServer(env: Record<string, string>): string[] {
  const hook = [
    "import { writeSync } from 'node:fs';",
    'export async function resolve(specifier, context, next) {',
    '  const result = await next(specifier, context);',
    "  writeSync(2, 'RESOLVED ' + result.url + '\\n');",
    '  return result;',
    '}',
  ].join('\n');
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(register)}`, 'src/server.ts'],
    {
      cwd: API_DIR,
      encoding: 'utf8',
      timeout: 60_000,
      // A RATE_LIMIT the configuration refuses: the server stops after its modules loaded, before opening anything.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RATE_LIMIT: 'bogus', ...env },
    },
  );
  assert.match(run.stderr, /RATE_LIMIT must be/, run.stderr.slice(-2000));
  return [...run.stderr.matchAll(/^RESOLVED (.+)$/gm)].map((m) => m[1] as string);
}

/** A module of OpenTelemetry's own (not a folder pnpm names after a peer, like drizzle-orm's `…_@opentelemetry+api@…`). */
const OTEL_MODULE = /\/node_modules\/(?:@opentelemetry\/|import-in-the-middle\/|require-in-the-middle\/)/;

describe('the server with tracing off', () => {
  it('loads nothing of OpenTelemetry (and with OTEL_TRACES_EXPORTER=console it does)', () => {
    const off = modulesResolvedByServer({});
    assert.ok(
      off.some((url) => url.endsWith('/src/app.ts')) && off.some((url) => url.includes('/fastify/')),
      'the hook saw the app load',
    );
    assert.deepEqual(
      off.filter((url) => OTEL_MODULE.test(url)),
      [],
    );
    const on = modulesResolvedByServer({ OTEL_TRACES_EXPORTER: 'console' });
    assert.ok(on.some((url) => url.includes('@opentelemetry/sdk-node')));
  });
});

const REDIS_MISSING = (await import('../redis-server.js')).redisServerMissing(
  'the Redis spans of the tracing test',
);

describe('one request, one trace: HTTP, SQL, Redis and socket.io spans', { skip: REDIS_MISSING }, () => {
  const exporter = new InMemorySpanExporter();
  const logLines: Record<string, unknown>[] = [];
  let helper: typeof import('../helper.js');
  let sockets: typeof import('../sockets.js');
  let url: string;
  let app: import('fastify').FastifyInstance;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    await startTracing({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
      env: { NODE_NAME: 'traced-1' },
    });
    // Only now: the instrumentations must see pg, redis and socket.io load.
    helper = await import('../helper.js');
    sockets = await import('../sockets.js');
    const { OwnRedis } = await import('../redis-server.js');
    const redis = await OwnRedis.onFreePort();
    await redis.start();
    cleanups.push(() => redis.kill());
    const logs = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const built = await helper.build(
      { after: (fn: () => Promise<void>) => cleanups.push(fn) },
      {
        env: { RATE_LIMIT: 'on', REDIS_URL: redis.url, NODE_NAME: 'traced-1' },
        logger: { level: 'info', stream: logs },
      },
    );
    app = built.app;
    url = await sockets.listen(app);
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  });

  /** The spans of the trace whose HTTP server span carries request id `id`, once that span has ended. */
  async function traceOf(id: string): Promise<{ http: ReadableSpan; spans: ReadableSpan[] }> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const spans = exporter.getFinishedSpans();
      const http = spans.find((s) => s.attributes['skynet.request_id'] === id);
      if (http)
        return { http, spans: spans.filter((s) => s.spanContext().traceId === http.spanContext().traceId) };
      if (Date.now() > deadline)
        assert.fail(
          `no HTTP span with request id ${id}: ${spans.map((s) => `${s.name} ${JSON.stringify(s.attributes)}`).join('; ')}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a sign-in: the HTTP span, its pg query and its Redis rate-limit commands in one trace; the log line names it', async () => {
    assert.ok(activeTracing(), 'tracing started');
    const res = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-test-login' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
    });
    assert.equal(res.status, 401);
    const { http, spans } = await traceOf('trace-test-login');
    assert.equal(http.name, 'POST /api/user/login');
    assert.equal(http.attributes['http.route'], '/api/user/login');
    assert.equal(http.parentSpanContext, undefined, 'the HTTP server span is the root');
    assert.equal(http.resource.attributes['service.name'], 'skynet-api');
    assert.equal(http.resource.attributes['service.instance.id'], 'traced-1');

    const redis = spans.filter((s) => s.instrumentationScope.name === '@opentelemetry/instrumentation-redis');
    assert.ok(redis.length >= 1, `a redis span in the trace: ${spans.map((s) => s.name).join(', ')}`);
    // The command only: the keys name the client's address and the account.
    for (const s of redis) assert.equal(s.attributes['db.query.text'], 'EVAL');

    if (helper.TEST_DB === 'postgres') {
      const sql = spans.filter((s) => s.instrumentationScope.name === '@opentelemetry/instrumentation-pg');
      assert.ok(
        sql.some((s) => String(s.attributes['db.query.text']).includes('FROM users')),
        `the account's query in the trace: ${sql.map((s) => s.name).join(', ')}`,
      );
    } else {
      console.log(
        '# PGlite (SKYNET_TEST_DB unset): no pg driver, no SQL spans; run with SKYNET_TEST_DB=postgres',
      );
    }
    for (const s of spans) assert.equal(s.spanContext().traceId, http.spanContext().traceId);

    const line = logLines.find((l) => l.reqId === 'trace-test-login' && l.msg === 'request completed');
    assert.ok(line, 'the request was logged');
    assert.equal(line.trace_id, http.spanContext().traceId);
    assert.equal(line.span_id, http.spanContext().spanId);
  });

  it('the URL on the span is the redacted one (a reset token never reaches the trace store)', async () => {
    const res = await fetch(`${url}/api/user/resetpassword/secret-reset-token-123?code=abc`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-test-reset' },
      body: JSON.stringify({ password: 'another password 1' }),
    });
    assert.ok(res.status >= 400);
    const { http } = await traceOf('trace-test-reset');
    const recorded = JSON.stringify(http.attributes);
    assert.ok(!recorded.includes('secret-reset-token-123') && !recorded.includes('abc'), recorded);
    assert.equal(http.attributes['url.path'], '/api/user/resetpassword/[redacted]');
  });

  it("a new post's socket.io emit is in the post request's trace", async () => {
    const who = await helper.signup(app);
    const socket = await sockets.openSocket(url, who.token);
    try {
      const { SOCKET_EVENTS } = await import('@skynet/contract');
      assert.deepEqual(await socket.emitWithAck(SOCKET_EVENTS.followFeed, 'galaxy'), { ok: true });
      const heard = sockets.next(socket, SOCKET_EVENTS.newPost);
      const res = await fetch(`${url}/api/post`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${who.token}`,
          'x-request-id': 'trace-test-post',
        },
        body: JSON.stringify({
          content: 'traced',
          location: { planetId: 'mars', latitude: 1, longitude: 2 },
        }),
      });
      assert.equal(res.status, 200);
      await heard;
      const { spans } = await traceOf('trace-test-post');
      const emits = spans.filter(
        (s) => s.instrumentationScope.name === '@opentelemetry/instrumentation-socket.io',
      );
      assert.ok(
        emits.some(
          (s) =>
            s.name === 'send /' && s.attributes['messaging.socket.io.event_name'] === SOCKET_EVENTS.newPost,
        ),
        `the newPost emit in the trace: ${spans.map((s) => `${s.name} ${JSON.stringify(s.attributes)}`).join('; ')}`,
      );
    } finally {
      socket.close();
    }
  });
});
