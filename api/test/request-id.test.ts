// One id per request, end to end (issue 30 item 3): the caller's (a proxy's) X-Request-Id when it is a plain token,
// else a fresh UUID; in the answer and in every log line of the request.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { build } from './helper.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it("answers with the caller's id, or a new unique one, and logs each line of the request with it", async (t) => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        callback();
      },
    });
    const { app } = await build(t, { logger: { level: 'info', stream } });

    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.9' },
    });
    assert.equal(given.headers['x-request-id'], 'lb-7f3a.9');
    const mine = lines.filter((line) => line.reqId === 'lb-7f3a.9').map((line) => line.msg);
    assert.deepEqual(mine, ['incoming request', 'request completed']);

    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ method: 'GET', url: '/api/health' });
      assert.match(String(r.headers['x-request-id']), UUID);
      ids.add(String(r.headers['x-request-id']));
    }
    assert.equal(ids.size, 3, 'unique, not a per-process counter');

    for (const bad of ['two words', 'a'.repeat(129), 'x\ny', '']) {
      const r = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      assert.match(String(r.headers['x-request-id']), UUID, JSON.stringify(bad));
    }
  });
});
