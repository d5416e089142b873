#!/usr/bin/env node
// Size budgets on the built files (gzip -9), so a budget overrun fails `npm test`. Budgets: budgets.json.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const rows = [];
const check = (what, bytes, budget) => rows.push({ what, bytes, budget, ok: bytes <= budget });

for (const remote of ['mfe-map', 'mfe-feed', 'mfe-chat', 'mfe-account', 'mfe-static']) {
  check(`${remote} remoteEntry.js`, gz(join(root, remote, 'dist', 'remoteEntry.js')), budgets.remoteEntry);
}
const shellDist = join(root, 'shell', 'dist');
const entry = readFileSync(join(shellDist, 'index.html'), 'utf8').match(/src="\/([^"]+\.js)"/)?.[1];
if (!entry) throw new Error('shell/dist/index.html names no script');
check('shell entry script', gz(join(shellDist, entry)), budgets.shellEntry);
const shellJs = readdirSync(shellDist).filter((f) => f.endsWith('.js'));
check(
  'shell, all JS files',
  shellJs.reduce((sum, f) => sum + gz(join(shellDist, f)), 0),
  budgets.shellTotalJs,
);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const row of rows) {
  console.log(
    `${row.ok ? 'ok  ' : 'OVER'}  ${row.what.padEnd(28)} ${kb(row.bytes).padStart(9)}  budget ${kb(row.budget)}`,
  );
}
const over = rows.filter((row) => !row.ok);
if (over.length) {
  console.error(`\n${over.length} size budget(s) exceeded.`);
  process.exit(1);
}
