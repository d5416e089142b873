#!/usr/bin/env node
// Size budgets on the built files (gzip -9), so a budget overrun fails `npm test`. Budgets: budgets.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTES } from '../tooling/site/layout.mjs';

const root = join(import.meta.dirname, '..');
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const rows = [];
const check = (what, bytes, budget) => rows.push({ what, bytes, budget, ok: bytes <= budget });

for (const remote of REMOTES) {
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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings` as [generated column, source index] per line (base64 VLQ, fields 1 and 2). */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        segments.push([column, source]);
      } else segments.push([column, -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * The gzip bytes of a built JS file that come from the kit's sources (kit/src), estimated from its source map: the
 * minified characters each source produced, as a share of the file, times the file's gzip size.
 */
function kitBytes(file) {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return 0;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const isKit = (map.sources ?? []).map((name) => /(^|[\\/])kit[\\/]src[\\/]/.test(name));
  const code = readFileSync(file, 'utf8').split('\n');
  let kit = 0;
  let total = 0;
  decodeMappings(map.mappings ?? '').forEach((segments, line) => {
    const length = code[line]?.length ?? 0;
    segments.forEach(([column, source], i) => {
      const span = (segments[i + 1]?.[0] ?? length) - column;
      total += span;
      if (source >= 0 && isKit[source]) kit += span;
    });
  });
  return total === 0 ? 0 : Math.round((kit / total) * gz(file));
}

// The kit is bundled into each package that imports it (docs/decisions.md): what it costs each, all files.
for (const folder of ['shell', ...REMOTES]) {
  const dist = join(root, folder, 'dist');
  const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
  check(
    `${folder} kit (all chunks)`,
    files.reduce((sum, f) => sum + kitBytes(join(dist, f)), 0),
    budgets.kitPerPackage,
  );
}

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
