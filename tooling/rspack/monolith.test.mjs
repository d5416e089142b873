// The monolithic comparison build (`cd shell && npm run build:monolith`, `npm run bench`) replaces the shell's
// platform/federation.ts with a generated module: it must export every name the shell imports from there, or that
// build fails (it did, silently to `npm test`, once the shell began to import EvaluationError).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loaderModule } from './monolith.mjs';

const exportsOf = (source) =>
  new Set([...source.matchAll(/^export (?:async )?(?:function|class|const) (\w+)/gm)].map((m) => m[1]));

test("the monolith's stand-in exports every name of the shell's federation.ts", () => {
  const federation = readFileSync(
    join(import.meta.dirname, '../../shell/src/platform/federation.ts'),
    'utf8',
  );
  const standIn = exportsOf(loaderModule([{ remote: 'mfe-x', name: './app', file: '/x.js' }]));
  const missing = [...exportsOf(federation)].filter((name) => !standIn.has(name));
  assert.deepEqual(missing, []);
});
