// Preloaded into the bench's API process (node --require): every 250 ms, one JSON line of process.memoryUsage()
// (rss, heapTotal, heapUsed, external, arrayBuffers, in bytes) appended to BENCH_MEMORY_FILE, so the bench can say
// what an RSS peak is made of: the JS heap, buffers outside it, or the rest (native allocations, code).
const { appendFileSync } = require('node:fs');

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const timer = setInterval(() => {
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), ...process.memoryUsage() })}\n`);
  }, 250);
  timer.unref();
}
