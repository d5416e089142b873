// Writes contract/openapi.json from the call table (`npm run openapi`); `--check` only compares and fails on a
// difference (contract's test does the same, with the message to run this).
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApi, calls } from '../src/api/index.ts';

export const OPENAPI_FILE = new URL('../openapi.json', import.meta.url);
export const openApiText = () => `${JSON.stringify(buildOpenApi(calls), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = openApiText();
  if (process.argv.includes('--check')) {
    if (readFileSync(OPENAPI_FILE, 'utf8') !== text) {
      console.error('contract/openapi.json is not what the schemas generate: run npm run openapi');
      process.exit(1);
    }
  } else {
    writeFileSync(OPENAPI_FILE, text);
    console.log(`wrote ${OPENAPI_FILE.pathname} (${Object.keys(calls).length} calls)`);
  }
}
