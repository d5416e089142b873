// Prometheus metrics (issue 30 item 3): on their own port only, with requests by route pattern and status, latency
// histograms, the event loop, the heap and the node's sockets; nothing of them on the public port.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, call, signup } from '../helper.js';

describe('metrics', () => {
  it('serves /metrics on METRICS_PORT with requests by route pattern, latencies and the process', async (t) => {
    const { app } = await build(t, { env: { METRICS_PORT: '0' } });
    const me = await signup(app);
    for (let i = 0; i < 3; i++) await call(app, 'GET /api/health');
    await call(app, `GET /api/user/${me.id}`, { token: me.token });
    await call(app, 'GET /api/user/no-such-user-id', { token: me.token });
    const address = app.metrics.address();
    assert.ok(address, 'listening');
    assert.equal(address.address, '127.0.0.1', 'on the loopback address unless METRICS_HOST says otherwise');
    const r = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await r.text();
    assert.match(text, /skynet_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 3/);
    // One series per route pattern, never per id.
    assert.match(text, /skynet_http_requests_total\{method="GET",route="\/api\/user\/:id",status="200"\} 1/);
    assert.match(text, /skynet_http_requests_total\{method="GET",route="\/api\/user\/:id",status="404"\} 1/);
    assert.doesNotMatch(text, /no-such-user-id|route="\/api\/user\/[0-9a-f-]{36}"/);
    assert.match(
      text,
      /skynet_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health"\} \d/,
    );
    assert.match(text, /skynet_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 3/);
    assert.match(text, /nodejs_eventloop_lag_seconds \d/);
    assert.match(text, /nodejs_heap_size_used_bytes \d/);
    assert.match(text, /skynet_sockets_connected 0/);
    assert.match(text, /skynet_jobs_queued\{queue="mail"\} \d/);
    // Issue 35: the Following timelines' fan-out, behind when it grows.
    assert.match(text, /skynet_jobs_queued\{queue="timeline"\} \d/);
    assert.equal((await fetch(`http://127.0.0.1:${address.port}/other`)).status, 404);
  });

  it('is not served on the public port, and not at all without METRICS_PORT', async (t) => {
    const { app } = await build(t);
    assert.equal(app.metrics.address(), null);
    for (const url of ['/metrics', '/api/metrics']) {
      const r = await app.inject({ method: 'GET', url });
      assert.equal(r.statusCode, 404, url);
      assert.doesNotMatch(r.body, /skynet_http_requests_total/);
    }
  });
});
