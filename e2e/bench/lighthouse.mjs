#!/usr/bin/env node
// Lighthouse 13 (mobile defaults: simulated throttling, Moto G Power emulation) against a served product in Debian
// Chromium, for the signed-out landing page `/` and a signed-in `/feed`: median of N runs (5 by default) of LCP, TBT,
// CLS, performance and accessibility scores, and the JS transfer size Lighthouse saw.
// Usage: node e2e/bench/lighthouse.mjs [--json] [--runs N] [--monolith]  (needs a build: npm run build; --monolith
// measures the monolithic comparison build instead: cd shell && npm run build:monolith).
//
// Every run is a cold load: Lighthouse clears the HTTP cache (and service workers, cache storage) before it loads the
// page. Its default clearStorageTypes leave localStorage alone, so the signed-in run sets the jwt once on the origin
// (through a JSON URL, so no page file lands in the cache) and each run starts signed in.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProduct } from '../../tooling/site/product.mjs';
import { signUp } from './sign-up.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--headless=new',
];

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const runsArg = argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(argv[runsArg + 1]) : 5;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
    jsTransfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsRequests: scripts.length,
    // Lighthouse's own CPU benchmark of this machine (higher is faster): timing rows only compare at similar values.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    finalUrl: lhr.finalDisplayedUrl,
    failed: lhr.runtimeError?.code,
    a11yFailures: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score === 0 &&
          lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0),
      )
      .map((a) => a.id),
  };
}

/** Median of `runs` Lighthouse runs of `path`, in one Chromium (signed in when `token` is given). */
async function measure(baseURL, path, token, runs) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  try {
    if (token) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${baseURL}/api/health`);
      await page.evaluate((t) => window.localStorage.setItem('jwt', t), token);
      await page.close();
      await browser.close(); // disconnects; the Chromium keeps running
    }
    const results = [];
    // Lighthouse now and then fails a run on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most.
    let retries = 2;
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const run = figures(result.lhr);
      if (run.failed && retries-- > 0) {
        process.stderr.write(`  ${path} run ${i + 1}: Lighthouse failed (${run.failed}); running it again\n`);
        i--;
        continue;
      }
      if (run.failed) throw new Error(`Lighthouse failed on ${path}: ${run.failed}`);
      if (token && !new URL(run.finalUrl).pathname.startsWith(path))
        throw new Error(`${path} ended on ${run.finalUrl}: not signed in?`);
      results.push(run);
      if (!json)
        process.stderr.write(
          `  ${path} run ${i + 1}/${runs}: LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, perf ${run.performance}\n`,
        );
    }
    const pick = (key) => median(results.map((r) => r[key]));
    return {
      path,
      signedIn: Boolean(token),
      runs,
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      jsTransfer: pick('jsTransfer'),
      jsRequests: pick('jsRequests'),
      benchmarkIndex: pick('benchmarkIndex'),
      a11yFailures: [...new Set(results.flatMap((r) => r.a11yFailures))],
      each: results.map(({ lcp, tbt, cls, performance, accessibility, jsTransfer }) => ({
        lcp,
        tbt,
        cls,
        performance,
        accessibility,
        jsTransfer,
      })),
    };
  } finally {
    chrome.kill();
  }
}

const monolith = argv.includes('--monolith');
const product = await startProduct({ quiet: true, monolith });
try {
  const token = await signUp(product.baseURL);
  const results = [
    await measure(product.baseURL, '/', null, RUNS),
    await measure(product.baseURL, '/feed', token, RUNS),
  ];
  if (json) console.log(JSON.stringify(results, null, 2));
  else {
    const rows = [
      ['page', 'LCP', 'TBT', 'CLS', 'perf', 'a11y', 'JS transfer'],
      ...results.map((r) => [
        `${r.path}${r.signedIn ? ' (signed in)' : ' (signed out)'}`,
        `${(r.lcp / 1000).toFixed(2)} s`,
        `${Math.round(r.tbt)} ms`,
        r.cls.toFixed(3),
        String(r.performance),
        String(r.accessibility),
        `${(r.jsTransfer / 1024).toFixed(1)} KB`,
      ]),
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    console.log(
      `\nLighthouse 13, mobile defaults, median of ${RUNS} runs${monolith ? ', monolithic build' : ''}`,
    );
    for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
    for (const r of results)
      if (r.a11yFailures.length)
        console.log(`${r.path} accessibility failures: ${r.a11yFailures.join(', ')}`);
  }
} finally {
  await product.stop();
}
