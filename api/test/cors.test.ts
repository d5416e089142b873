// CORS for configured origins (CORS_ORIGINS): a page on another allowed origin may send the request headers the API
// reads, the chat's Idempotency-Key included (a retried send is then answered, not stored twice).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './helper.js';

describe('CORS preflight', () => {
  const ctx = useApp({ env: { CORS_ORIGINS: 'https://app.example' } });
  const preflight = (origin: string) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user/chat',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });

  it('allows Authorization, Content-Type, Idempotency-Key and the page headers from an allowed origin', async () => {
    const r = await preflight('https://app.example');
    assert.equal(r.statusCode, 204);
    assert.equal(r.headers['access-control-allow-origin'], 'https://app.example');
    const allowed = String(r.headers['access-control-allow-headers']).split(/,\s*/);
    // Issue 33: a remote developed against a deployed site names its page token and area on its calls too.
    assert.deepEqual(allowed, [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'x-skynet-page',
      'x-skynet-area',
    ]);
  });

  it('allows nothing to another origin', async () => {
    const r = await preflight('https://elsewhere.example');
    assert.equal(r.headers['access-control-allow-origin'], undefined);
  });
});
