// Runs the suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
// node's test runner (not jest): openid-client 6, jose 6 and oauth2-mock-server 8 are ESM-only, see README.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts')) files.push(path.relative(process.cwd(), p));
  }
};
walk(root);
files.sort();
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((x) => f.includes(x))) : files;

const backends = ['pglite'];
if (process.env.TEST_DATABASE_URL) backends.push('postgres');
let failed = false;
for (const backend of backends) {
  console.log(`\n=== api tests on ${backend} (${selected.length} files) ===`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...selected],
    { stdio: 'inherit', env: { ...process.env, SKYNET_TEST_DB: backend } },
  );
  console.log(
    `=== ${backend}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
