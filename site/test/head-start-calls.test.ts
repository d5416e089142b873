// The calls a page's HTML starts (issue 34): the route's `early` calls with its parameters, `:me` left for the page's
// script (it fills in the id the saved token names), and none where a parameter is not one plain path segment.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseRegistry } from '@skynet/contract';
import { headStartFor } from '../src/head-start.js';

const site = mkdtempSync(path.join(os.tmpdir(), 'skynet-head-start-'));
after(() => rmSync(site, { recursive: true, force: true }));

const document = {
  remotes: {
    'mfe-feed': {
      routes: [
        { path: '/profile', access: 'signed-in', early: ['/user/:me', '/planet', '/feed/:me?page=0'] },
        { path: '/user/:id', access: 'signed-in', early: ['/user/:id', '/user/:id/relationship'] },
      ],
      stable: '1.0.0',
      versions: { '1.0.0': { manifest: '/remotes/mfe-feed/1.0.0/mf-manifest.json' } },
    },
  },
};
const { registry } = parseRegistry(document);
const state = { key: 'k', text: '{}', registry, document, revision: 1, etag: '' };
const start = headStartFor(
  site,
  {},
  { kind: 'file', current: () => state, problem: () => null, close: async () => {} },
);

describe("a page's head start calls", () => {
  it('carries :me as it is (the same HTML for everyone), between the session lookup and its refresh', () => {
    assert.deepEqual(start('/profile', false).calls, [
      '/user',
      '/user/:me',
      '/planet',
      '/feed/:me?page=0',
      '/user/login?token=refresh',
    ]);
  });

  it("puts the route's parameters into its calls", () => {
    const block = start('/user/3f2c8a4e-1b7d-4c2a-9e0f-5a6b7c8d9e0f', false);
    assert.ok(block.calls.includes('/user/3f2c8a4e-1b7d-4c2a-9e0f-5a6b7c8d9e0f/relationship'));
    assert.equal(block.routeCalls, true);
  });

  for (const param of ['%2e%2e', '%2E', '..%2Fadmin', '%5Cadmin', '%3Fpage=9', '%E0%A4%A']) {
    it(`starts none of the route's calls for a parameter that is not one segment (${param})`, () => {
      const block = start(`/user/${param}`, false);
      assert.deepEqual(block.calls, ['/user', '/user/login?token=refresh']);
      assert.equal(block.routeCalls, false);
    });
  }
});
