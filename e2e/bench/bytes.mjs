#!/usr/bin/env node
// Gzipped JS bytes a real browser downloads for a cold load of the landing page (signed out) and /feed
// (signed in), split into MF runtime, shell, shared libraries and each remote's code.
// Usage: node e2e/bench/bytes.mjs [--json] [--monolith]  (needs a build: npm run build). Prints a table; --json for
// machines; --monolith measures the monolithic comparison build (cd shell && npm run build:monolith).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { repoRoot, startProduct } from '../../tooling/site/product.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, flag } from './cli.mjs';
import { signUp } from './sign-up.mjs';

const report = (folder) => {
  const file = join(repoRoot, folder, '.build', 'chunk-report.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
};
const shellReport = report('shell');

/** Which bucket a downloaded script belongs to. */
function classify(pathname) {
  const remote = pathname.match(/^\/remotes\/(mfe-[a-z]+)\/[^/]+\/(.+)$/);
  if (remote) {
    const [, name, file] = remote;
    if (file === 'remoteEntry.js') return `${name} entry`;
    return report(name)[file] === 'libraries' ? `${name} libraries` : `${name} code`;
  }
  const kind = shellReport[pathname.slice(1)];
  if (kind === 'mf-runtime') return 'MF runtime + shell entry';
  if (kind === 'own') return 'shell code';
  return 'shared libraries';
}

/** The text of every inline script the page runs (not the parked `type="text/plain"` tags). */
const inlineScripts = () =>
  [...document.scripts]
    .filter((script) => !script.src && (!script.type || /javascript|module/.test(script.type)))
    .map((script) => script.text);

async function measure(browser, baseURL, path, token) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((t) => window.localStorage.setItem('jwt', t), token);
  await context.addInitScript(() =>
    window.addEventListener('single-spa:first-mount', () => (window.__firstMount = performance.now()), {
      once: true,
    }),
  );
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && response.ok())
      bodies.push(response.body().then((b) => [url.pathname, b]));
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500); // past the prerendered page's script starter (1 s at most)
  // When each script was asked for, against the moment the route's area first mounted (single-spa's first-mount): what
  // the first working screen waited on, and what loads only after it (the HTTP client, later chunks).
  const timing = await page.evaluate(() => ({
    mounted: window.__firstMount ?? Number.POSITIVE_INFINITY,
    started: Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .map((entry) => [new URL(entry.name).pathname, entry.startTime]),
    ),
  }));
  const buckets = {};
  const afterMount = [];
  let total = 0;
  // The HTML's own scripts (the prerendered page's session probe and starter) count too.
  for (const text of await page.evaluate(inlineScripts)) {
    const bytes = gzipSync(text, { level: 9 }).length;
    buckets['inline scripts (in the HTML)'] = (buckets['inline scripts (in the HTML)'] ?? 0) + bytes;
    total += bytes;
  }
  for (const [pathname, body] of await Promise.all(bodies)) {
    const bytes = gzipSync(body, { level: 9 }).length;
    const bucket = classify(pathname);
    buckets[bucket] = (buckets[bucket] ?? 0) + bytes;
    total += bytes;
    if ((timing.started[pathname] ?? 0) > timing.mounted) afterMount.push({ script: pathname, bytes });
  }
  await context.close();
  return { path, total, buckets, requests: bodies.length, mounted: Math.round(timing.mounted), afterMount };
}

const monolith = flag('--monolith');
const product = await startProduct({ quiet: true, monolith });
// The browser launches inside the try: when it cannot start, the served product must still stop.
let browser;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const token = await signUp(product.baseURL);
  const results = [
    await measure(browser, product.baseURL, '/', null),
    await measure(browser, product.baseURL, '/feed', token),
  ];
  if (flag('--json')) console.log(JSON.stringify(results, null, 2));
  else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const result of results) {
      console.log(
        `\n${result.path === '/' ? 'Landing page (signed out) /' : `Signed in ${result.path}`}: ${kb(result.total)} gzip in ${result.requests} scripts`,
      );
      for (const [bucket, bytes] of Object.entries(result.buckets).sort((a, b) => b[1] - a[1])) {
        console.log(`  ${bucket.padEnd(28)} ${kb(bytes).padStart(9)}`);
      }
      if (!Number.isFinite(result.mounted)) continue; // no area mounts (the landing page is HTML only)
      const later = result.afterMount.reduce((sum, { bytes }) => sum + bytes, 0);
      console.log(
        `  of it asked for after the area's first mount (${result.mounted} ms): ${kb(later)}; before it ${kb(result.total - later)}`,
      );
      for (const { script, bytes } of result.afterMount.sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${script.padEnd(40)} ${kb(bytes).padStart(9)}`);
    }
  }
} finally {
  await browser?.close();
  await product.stop();
}
