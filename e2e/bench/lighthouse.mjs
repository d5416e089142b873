#!/usr/bin/env node
// Lighthouse 13 (mobile defaults: simulated throttling, Moto G Power emulation) against a served product in Debian
// Chromium: the signed-out landing page `/` and every signed-in route of issue 23 (/feed, /home, /home-list, a planet
// feed, /post/{id}, /profile, /user/{id}, /messages, /messages/{id}, /search, /search/{text}, /settings), each the
// median of N runs (5 by default) of LCP, TBT, CLS, performance and accessibility scores, the JS transfer size
// Lighthouse saw, and the LCP element (of the run whose LCP is the median), against the budgets (budgets.mjs).
// Before measuring, seed.mjs makes real content through the API: two users who post, follow, like, save, comment and
// talk; the routes' ids come from its answers.
// Usage: node e2e/bench/lighthouse.mjs [--json] [--runs N] [--routes /feed,/post/{id},...] [--monolith] [--port N]
//   --routes   a subset, by name (`/post/{id}`, `/post/:id` and `/post/*` all match; `/` is the signed-out landing)
//   --monolith measures the monolithic comparison build (cd shell && npm run build:monolith); without --routes it
//              measures `/` and `/feed` only, the pages the bench compares
//   (needs a build: npm run build)
//
// Every run is a cold load: Lighthouse clears the HTTP cache (and service workers, cache storage) before it loads the
// page. Its default clearStorageTypes leave localStorage alone, so the signed-in Chromium gets the jwt once on the
// origin (through a JSON URL, so no page file lands in the cache) and each run starts signed in.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProduct } from '../../tooling/site/product.mjs';
import { budgetsFor, routeKey, SIGNED_IN_ROUTES } from './budgets.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, flag, median, option, runsOption } from './cli.mjs';
import { seed } from './seed.mjs';

const json = flag('--json');
const RUNS = runsOption();
const monolith = flag('--monolith');
const wanted = option('--routes')
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const port = option('--port') ? Number(option('--port')) : undefined;

/** The LCP element Lighthouse found: its label (text or alt) and CSS selector. */
function lcpElement(lhr) {
  const items = [
    ...(lhr.audits['lcp-breakdown-insight']?.details?.items ?? []),
    ...(lhr.audits['largest-contentful-paint-element']?.details?.items ?? []),
  ];
  const node = items
    .flatMap((item) => (item.type === 'table' ? (item.items ?? []).map((row) => row.node) : [item]))
    .find((item) => item?.type === 'node');
  if (!node) return '?';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  return `${label.length > 60 ? `${label.slice(0, 57)}...` : label} (${node.selector ?? node.snippet ?? '?'})`;
}

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
    lcpElement: lcpElement(lhr),
    a11yFailures: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score === 0 &&
          lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0),
      )
      .map((a) => a.id),
  };
}

/** A Chromium for Lighthouse, signed in as `token` when given (the jwt saved on the origin). */
async function openChrome(baseURL, token) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  if (token) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${baseURL}/api/health`);
    await page.evaluate((t) => window.localStorage.setItem('jwt', t), token);
    await page.close();
    await browser.close(); // disconnects; the Chromium keeps running
  }
  return chrome;
}

/** Median of `runs` Lighthouse runs of `path` (route `name`) in `chrome`. */
async function measure(chrome, baseURL, { name, path, signedIn }, runs) {
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
    if (signedIn && !new URL(run.finalUrl).pathname.startsWith(path))
      throw new Error(`${path} ended on ${run.finalUrl}: not signed in?`);
    results.push(run);
    if (!json)
      process.stderr.write(
        `  ${path} run ${i + 1}/${runs}: LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, ` +
          `CLS ${run.cls.toFixed(3)}, perf ${run.performance}, LCP element ${run.lcpElement}\n`,
      );
  }
  const pick = (key) => median(results.map((r) => r[key]));
  const lcp = pick('lcp');
  // The element of the run whose LCP is nearest the median (runs may paint different elements last).
  const typical = [...results].sort((a, b) => Math.abs(a.lcp - lcp) - Math.abs(b.lcp - lcp))[0];
  return {
    name,
    path,
    signedIn,
    runs,
    lcp,
    tbt: pick('tbt'),
    cls: pick('cls'),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    jsTransfer: pick('jsTransfer'),
    jsRequests: pick('jsRequests'),
    benchmarkIndex: pick('benchmarkIndex'),
    lcpElement: typical.lcpElement,
    budgets: budgetsFor(name, signedIn),
    a11yFailures: [...new Set(results.flatMap((r) => r.a11yFailures))],
    each: results.map(({ lcp, tbt, cls, performance, accessibility, jsTransfer, lcpElement }) => ({
      lcp,
      tbt,
      cls,
      performance,
      accessibility,
      jsTransfer,
      lcpElement,
    })),
  };
}

/** The routes to measure: all (or `--routes`), each with its seeded path. */
function routesToMeasure(seeded) {
  const all = [
    { name: '/', path: '/', signedIn: false },
    ...SIGNED_IN_ROUTES.map((name, i) => ({ name, path: seeded.routes[i], signedIn: true })),
  ];
  const names = wanted ?? (monolith ? ['/', '/feed'] : all.map((route) => route.name));
  const unknown = names.filter((name) => !all.some((route) => routeKey(route.name) === routeKey(name)));
  if (unknown.length)
    throw new Error(`unknown route ${unknown.join(', ')}; known: ${all.map((r) => r.name).join(' ')}`);
  return all.filter((route) => names.some((name) => routeKey(route.name) === routeKey(name)));
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok) => (ok ? '' : ' !');

const product = await startProduct({ quiet: true, monolith, port });
const chromes = [];
// A crash outside the try below (an error event of a child process, say) must not leave the served product running.
for (const event of ['uncaughtException', 'unhandledRejection'])
  process.on(event, async (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    for (const chrome of chromes) chrome?.kill();
    await product.stop().catch(() => {});
    process.exit(1);
  });
try {
  const seeded = await seed(product.baseURL);
  const routes = routesToMeasure(seeded);
  process.stderr.write(
    `seeded: reader ${seeded.reader.userName}, friend ${seeded.friend.userName}, post ${seeded.postId}; ` +
      `measuring ${routes.map((r) => r.path).join(' ')}\n`,
  );
  const signedOut = routes.some((r) => !r.signedIn) ? await openChrome(product.baseURL, null) : null;
  const signedIn = routes.some((r) => r.signedIn)
    ? await openChrome(product.baseURL, seeded.reader.token)
    : null;
  chromes.push(signedOut, signedIn);
  const results = [];
  for (const route of routes) {
    try {
      results.push(await measure(route.signedIn ? signedIn : signedOut, product.baseURL, route, RUNS));
    } catch (error) {
      process.stderr.write(`  ${route.path}: ${error.message}\n`);
      results.push({ ...route, error: error.message, budgets: budgetsFor(route.name, route.signedIn) });
    }
  }
  if (json) console.log(JSON.stringify(results, null, 2));
  else {
    const rows = [
      ['page', 'LCP', 'budget', 'TBT', 'CLS', 'perf', 'a11y', 'JS transfer', 'LCP element'],
      ...results.map((r) => {
        const page = `${r.path}${r.signedIn ? '' : ' (signed out)'}`;
        if (r.error) return [page, 'failed', '', '', '', '', '', '', r.error];
        const b = r.budgets;
        return [
          page,
          `${seconds(r.lcp)}${mark(r.lcp <= b.lcp)}`,
          `${seconds(b.lcp)} / ${b.tbt} ms / ${b.cls}`,
          `${Math.round(r.tbt)} ms${mark(r.tbt <= b.tbt)}`,
          `${r.cls.toFixed(3)}${mark(r.cls <= b.cls)}`,
          String(r.performance),
          String(r.accessibility),
          `${(r.jsTransfer / 1024).toFixed(1)} KB`,
          r.lcpElement,
        ];
      }),
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    console.log(
      `\nLighthouse 13, mobile defaults, median of ${RUNS} runs${monolith ? ', monolithic build' : ''}` +
        `, CPU benchmarkIndex ${Math.round(median(results.filter((r) => !r.error).map((r) => r.benchmarkIndex)))}` +
        '; budget: LCP / TBT / CLS, "!" marks a figure over it',
    );
    for (const row of rows)
      console.log(
        row
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      );
    for (const r of results)
      if (r.a11yFailures?.length)
        console.log(`${r.path} accessibility failures: ${r.a11yFailures.join(', ')}`);
  }
} finally {
  for (const chrome of chromes) chrome?.kill();
  await product.stop();
}
