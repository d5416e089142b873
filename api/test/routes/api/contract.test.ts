// The API serves exactly the calls of @skynet/contract: each route has a contract operationId with the same method,
// path and access, and every contract call has its route (the API refuses to start otherwise; this proves both).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { calls } from '@skynet/contract/api';
import { contractMismatches } from '../../../src/lib/route-schema.js';
import { call, useApp } from '../../helper.js';

describe('the API and the contract', () => {
  const ctx = useApp();

  it('serves every call of the contract at its method and path', () => {
    for (const c of Object.values(calls))
      assert.ok(ctx.app.hasRoute({ method: c.method, url: `/api${c.path}` }), `${c.operationId} is served`);
  });

  it('refuses a route without an operationId, one the contract places elsewhere, and a call not served', () => {
    const some = { login: calls.login, signup: calls.signup };
    assert.deepEqual(
      contractMismatches(
        [
          { method: 'POST', url: '/api/user/login', operationId: 'login', public: true },
          { method: 'GET', url: '/api/user/extra', operationId: undefined, public: false },
          { method: 'GET', url: '/api/user/signup', operationId: 'signup', public: false },
          { method: 'HEAD', url: '/api/user/login', operationId: 'login', public: true },
        ],
        some,
      ),
      [
        'GET /api/user/extra has no operationId of the contract (none).',
        'GET /api/user/signup serves signup, which the contract has at POST /user/signup.',
        'GET /api/user/signup is not public; the contract says otherwise.',
      ],
    );
    assert.deepEqual(contractMismatches([], { login: calls.login }), [
      "No route serves the contract's call login.",
    ]);
  });

  it("serves the contract's OpenAPI document (contract/openapi.json) at /api/docs/json with API_DOCS=on", async (t) => {
    const { build } = await import('../../helper.js');
    const { app } = await build(t, { env: { API_DOCS: 'on' } });
    const r = await call(app, 'GET /api/docs/json');
    assert.equal(r.status, 200);
    const committed = JSON.parse(
      readFileSync(new URL('../../../../contract/openapi.json', import.meta.url), 'utf8'),
    );
    assert.deepEqual(r.body.paths, committed.paths);
    assert.equal(r.body.paths['/api/post']?.post?.operationId, 'createPost');
  });
});
