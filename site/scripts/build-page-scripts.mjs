// Builds the site's own inline page scripts (src/page-scripts/*.ts, one script each) into dist/page-scripts.json,
// `{ "<name>": "<code>" }`, which the page server reads (src/page-scripts.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPageScript } from './page-script.mjs';

const siteDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sourceDir = path.join(siteDir, 'src', 'page-scripts');
const scripts = {};
for (const file of readdirSync(sourceDir).sort()) {
  if (!file.endsWith('.ts') || file.endsWith('.d.ts') || file.endsWith('.test.ts')) continue;
  scripts[file.replace(/\.ts$/, '')] = await buildPageScript(path.join(sourceDir, file));
}
mkdirSync(path.join(siteDir, 'dist'), { recursive: true });
writeFileSync(path.join(siteDir, 'dist', 'page-scripts.json'), `${JSON.stringify(scripts, null, 2)}\n`);
