// What a heap snapshot (BENCH_HEAP_SNAPSHOT_DIR, or DevTools) is made of, without DevTools: the biggest groups of
// objects by their own size (constructor name for objects; strings grouped by their first 24 characters, so post
// texts or SQL show as what they are), with counts. Usage: node bench/heap-summary.mjs <file.heapsnapshot> [top]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/heap-summary.mjs <file.heapsnapshot> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
let snapshot;
try {
  snapshot = JSON.parse(readFileSync(file, 'utf8'));
  if (!snapshot?.snapshot?.meta || !Array.isArray(snapshot.nodes)) throw new Error('not a V8 heap snapshot');
} catch (err) {
  console.error(`heap-summary: cannot read ${file}: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
const width = fields.length;
const typeAt = fields.indexOf('type');
const nameAt = fields.indexOf('name');
const sizeAt = fields.indexOf('self_size');
const typeNames = types[typeAt];
const { nodes, strings } = snapshot;

const groups = new Map();
const stringGroups = new Map();
let total = 0;
for (let i = 0; i < nodes.length; i += width) {
  const type = typeNames[nodes[i + typeAt]];
  const name = strings[nodes[i + nameAt]];
  const size = nodes[i + sizeAt];
  total += size;
  const key =
    type === 'string' || type === 'concatenated string' || type === 'sliced string'
      ? `${type} ${JSON.stringify(name.slice(0, 24))}`
      : `${type} ${name}`;
  const into = type.includes('string') ? stringGroups : groups;
  const g = into.get(key) ?? { count: 0, size: 0 };
  g.count++;
  g.size += size;
  into.set(key, g);
}
const mb = (n) => (n / 2 ** 20).toFixed(1);
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, g] of [...map].sort((a, b) => b[1].size - a[1].size).slice(0, top))
    console.log(`${mb(g.size).padStart(8)} MB ${String(g.count).padStart(9)}  ${key.slice(0, 110)}`);
};
console.log(`${file}: ${nodes.length / width} objects, ${mb(total)} MB`);
print('objects by constructor (own size)', groups);
print('strings by their first 24 characters (own size)', stringGroups);
