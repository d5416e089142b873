#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; the bench writes them with BENCH_CPU_PROF_DIR): the busy CPU time,
 * the top functions by self time (name, url:line, self ms, % of the busy time), the self time per category (the
 * database driver, socket.io, JSON, JWT, logging, GC...), and the top inclusive time of the API's own source files
 * (api/src/**). `--from A --to B` (seconds since the profile's start, as the bench prints them for each chat load)
 * weighs only that window; `--messages N` also prints the busy CPU ms per message.
 *
 *   node bench/profile-summary.mjs /tmp/chat-prof/api-18980-….cpuprofile --from 44.9 --to 60.9 --messages 9475 [--top 30]
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^[\d.]+$/.test(a));
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error(
    'usage: node bench/profile-summary.mjs <file.cpuprofile> [--from s] [--to s] [--messages n] [--top n]',
  );
  process.exit(2);
}
const from = opt('from', 0) * 1e6;
const to = opt('to', Number.POSITIVE_INFINITY) * 1e6;
const messages = opt('messages', 0);
const top = opt('top', 25);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Each sample's weight is the time until the next sample (the last one: the mean interval).
const self = new Map(); // node id -> µs
let t = 0;
let first = Number.NaN;
let last = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from || t > to) continue;
  const next = profile.timeDeltas[i + 1] ?? 1000;
  if (Number.isNaN(first)) first = t;
  last = t;
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + next);
}

const frame = (n) => n.callFrame;
const shortUrl = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/.*\/api\/src\//, 'api/src/')
    .replace(/.*\/node_modules\//, '');
const label = (n) => {
  const f = frame(n);
  return `${f.functionName || '(anonymous)'} ${f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
};
const idleNames = new Set(['(idle)', '(program)']);
let total = 0;
let idle = 0;
for (const [id, us] of self) {
  total += us;
  if (frame(nodes.get(id)).functionName === '(idle)') idle += us;
}
const busy = total - idle;
const ms = (us) => (us / 1000).toFixed(0);
const pct = (us) => `${((us / busy) * 100).toFixed(1)}%`;

console.log(
  `${file}\nwindow ${(first / 1e6).toFixed(1)}-${(last / 1e6).toFixed(1)} s: ${ms(total)} ms sampled, busy ${ms(busy)} ms (${((busy / total) * 100).toFixed(0)}% of the main thread), idle ${ms(idle)} ms`,
);
if (messages > 0)
  console.log(
    `busy CPU of the main thread per message: ${(busy / 1000 / messages).toFixed(3)} ms (${messages} messages) -> ceiling ${Math.round((messages * 1e6) / busy)} messages/s on one core`,
  );

// Self time by function (merged over call sites).
const byFunction = new Map();
for (const [id, us] of self) {
  const n = nodes.get(id);
  if (frame(n).functionName === '(idle)') continue;
  const k = label(n);
  byFunction.set(k, (byFunction.get(k) ?? 0) + us);
}
console.log(`\ntop ${top} functions by self time (% of busy):`);
for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms(us).padStart(7)} ms ${pct(us).padStart(6)}  ${k}`);

// Self time by category: the frame's own package, or V8's pseudo-frames.
const category = (n) => {
  const f = frame(n);
  const url = f.url;
  if (f.functionName === '(garbage collector)') return 'GC';
  if (f.functionName === '(program)') return '(program): V8/native outside JS';
  if (!url) {
    if (/^(parse|stringify)$/.test(f.functionName)) return 'JSON (native parse/stringify)';
    return 'native builtins (no url)';
  }
  if (
    /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+)\//.test(
      url,
    )
  )
    return 'pg driver';
  if (/drizzle-orm/.test(url)) return 'drizzle-orm';
  if (/socket\.io|engine\.io|\/ws\/|socket\.io-adapter|redis-adapter|@redis|\/redis\//.test(url))
    return 'socket.io / engine.io / ws / redis';
  if (/jose/.test(url)) return 'JWT (jose)';
  if (/pino|sonic-boom/.test(url)) return 'logging (pino)';
  if (/fast-json-stringify|ajv|typebox|fast-uri/.test(url))
    return 'validation / serialisation (ajv, typebox, fast-json-stringify)';
  if (/fastify|find-my-way|avvio|light-my-request|@fastify/.test(url)) return 'fastify and its plugins';
  if (/opentelemetry|import-in-the-middle|require-in-the-middle/.test(url)) return 'opentelemetry';
  if (/tsx|esbuild/.test(url)) return 'tsx loader';
  if (/\/api\/src\//.test(url)) return 'api/src (own code)';
  if (/^node:|^internal\//.test(url) || !url.includes('/')) return 'node core (net, http, streams, timers)';
  return `other: ${shortUrl(url).split('/')[0]}`;
};
const byCategory = new Map();
for (const [id, us] of self) {
  const n = nodes.get(id);
  if (frame(n).functionName === '(idle)') continue;
  const k = category(n);
  byCategory.set(k, (byCategory.get(k) ?? 0) + us);
}
console.log('\nself time by category (% of busy):');
for (const [k, us] of [...byCategory].sort((a, b) => b[1] - a[1]))
  console.log(
    `${ms(us).padStart(7)} ms ${pct(us).padStart(6)}${messages ? ` ${(us / 1000 / messages).toFixed(3).padStart(7)} ms/msg` : ''}  ${k}`,
  );

// Inclusive time of own functions: a sample counts once per distinct own function on its stack.
const inclusive = new Map();
for (const [id, us] of self) {
  if (frame(nodes.get(id)).functionName === '(idle)') continue;
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const n = nodes.get(cur);
    if (!/\/api\/src\//.test(frame(n).url)) continue;
    const k = label(n);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
}
console.log(`\ntop ${top} api/src functions by inclusive time (synchronous stacks only; % of busy):`);
for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms(us).padStart(7)} ms ${pct(us).padStart(6)}  ${k}`);
void idleNames;
