// The committed OpenAPI document (contract/openapi.json) is exactly what the schemas generate, and the call table
// is well formed: a schema changed without the document fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { OPENAPI_FILE, openApiText } from '../scripts/openapi.ts';
import * as api from '../src/api/index.ts';

const { calls } = api;

describe('the OpenAPI document', () => {
  it('is what the schemas generate (otherwise: run npm run openapi)', () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    assert.ok(
      committed === openApiText(),
      'contract/openapi.json differs from what contract/src/api generates: run npm run openapi and commit it',
    );
  });

  it('names each call once, by the key it has in the call table', () => {
    const seen = new Set<string>();
    for (const [key, call] of Object.entries(calls)) {
      assert.equal(call.operationId, key, `${key}'s operationId`);
      const route = `${call.method} ${call.path}`;
      assert.ok(!seen.has(route), `${route} is defined twice`);
      seen.add(route);
    }
    // No area's call hides another's of the same name when the areas are merged into one table.
    const areas = Object.entries(api).filter(([name]) => name.endsWith('Calls'));
    const total = areas.reduce((sum, [, table]) => sum + Object.keys(table as object).length, 0);
    assert.equal(Object.keys(calls).length, total);
  });
});
