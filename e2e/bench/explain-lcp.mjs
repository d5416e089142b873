#!/usr/bin/env node
// Why a page's LCP and TBT are what they are: one Lighthouse run (mobile defaults) of a served product, then the LCP
// element, every request as the browser made it (start, end, bytes, priority) and the renderer's main-thread tasks
// before the observed LCP, in real milliseconds. Lighthouse's simulation multiplies CPU time by 4 and replays the
// requests at 150 ms RTT / 1.6 Mbit/s, so the two lists show whether a page is waiting on the network or on the main
// thread. Then the simulated graphs of the LCP, the simulated long tasks (the TBT) and each script's CPU time.
// Signed in, as the reader of seed.mjs (the content lighthouse.mjs measures).
// Usage: node e2e/bench/explain-lcp.mjs [path, default /feed; or a route as budgets.mjs names it, `/post/{id}`]
//   [--signed-out] [--monolith]  (needs npm run build); EXPLAIN_TRACE=file.json also writes the run's trace there
//   (its paint events show when a frame was painted and when it was presented: firstContentfulPaint)
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { startProduct } from '../../tooling/site/product.mjs';
import { routeKey, SIGNED_IN_ROUTES } from './budgets.mjs';
import { CHROMIUM_PATH } from './cli.mjs';
import { seed } from './seed.mjs';

const args = process.argv.slice(2);
let path = args.find((arg) => arg.startsWith('/')) ?? '/feed';
const signedIn = !args.includes('--signed-out');
const product = await startProduct({ quiet: true, monolith: args.includes('--monolith') });
let chrome;

/** The renderer main thread's top-level tasks before the observed LCP, each with its biggest inner events. */
function mainThreadTasks(events) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (t) => events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
  const main = threads.sort((a, b) => count(b) - count(a))[0];
  const slices = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? slices[0].ts;
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === main.pid)
    .pop();
  const until = lcp?.ts ?? Number.POSITIVE_INFINITY;
  const rows = [];
  for (const task of slices.filter((e) => e.name === 'RunTask' && e.dur >= 5000 && e.ts < until)) {
    const inside = slices.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const byName = {};
    for (const slice of inside) byName[slice.name] = (byName[slice.name] ?? 0) + slice.dur;
    const script =
      inside
        .find((e) => e.args?.data?.url)
        ?.args.data.url.split('/')
        .pop() ?? '';
    const top = Object.entries(byName)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, dur]) => `${name} ${Math.round(dur / 1000)}`);
    rows.push({ at: (task.ts - start) / 1000, ms: task.dur / 1000, script, top });
  }
  return { rows, lcpAt: lcp ? (lcp.ts - start) / 1000 : null };
}

/**
 * What Lighthouse's simulation charged to the LCP: its optimistic and pessimistic graphs (the LCP is their mean), each
 * node with its simulated start and end. Requests are named by path; CPU nodes by the scripts they evaluate.
 */
async function simulatedGraphs(artifacts, settings, baseURL) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
  for (const [name, estimate] of [
    ['optimistic', lcp.optimisticEstimate],
    ['pessimistic', lcp.pessimisticEstimate],
  ]) {
    console.log(`\nSimulated, ${name} graph: ${Math.round(estimate.timeInMs)} ms (start, end, what)`);
    const entries = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of entries) {
      const what =
        node.type === 'network'
          ? `${node.request.url.replace(baseURL, '')} (${node.request.transferSize} B)`
          : `cpu ${Math.round((node.endTime - node.startTime) / 1000)} ms real${
              node.getEvaluateScriptURLs().size
                ? `: evaluates ${[...node.getEvaluateScriptURLs()].map((url) => url.split('/').pop()).join(', ')}`
                : node.didPerformLayout()
                  ? ': layout'
                  : ''
            }`;
      console.log(
        `${String(Math.round(timing.startTime)).padStart(6)} ${String(Math.round(timing.endTime)).padStart(6)}  ${what}`,
      );
    }
  }
}

try {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--no-sandbox', '--disable-gpu', '--headless=new', '--no-first-run'],
    logLevel: 'silent',
  });
  if (signedIn) {
    // The content lighthouse.mjs measures (seed.mjs), so the LCP element is the one its rows name; a route named
    // with placeholders (`/post/{id}`, as lighthouse.mjs --routes takes them) gets the seeded ids.
    const seeded = await seed(product.baseURL);
    const { token } = seeded.reader;
    const at = SIGNED_IN_ROUTES.findIndex((name) => routeKey(name) === routeKey(path));
    if (at >= 0) path = seeded.routes[at] ?? path;
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${product.baseURL}/api/health`);
    await page.evaluate((t) => window.localStorage.setItem('jwt', t), token);
    await page.close();
    await browser.close();
  }
  const result = await lighthouse(`${product.baseURL}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const { lhr, artifacts } = result;
  if (process.env.EXPLAIN_TRACE) writeFileSync(process.env.EXPLAIN_TRACE, JSON.stringify(artifacts.Trace));
  const audit = (id) => lhr.audits[id];
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `${path} (${signedIn ? 'signed in' : 'signed out'}): simulated LCP ${ms(audit('largest-contentful-paint').numericValue)}, FCP ${ms(audit('first-contentful-paint').numericValue)}, TBT ${ms(audit('total-blocking-time').numericValue)}`,
  );
  const failed = audit('largest-contentful-paint').errorMessage ?? lhr.runtimeError?.message;
  if (failed) console.log(`Lighthouse could not measure this run: ${failed}`);
  const element = audit('lcp-breakdown-insight')?.details?.items?.find((item) => item.type === 'node');
  console.log(`LCP element: ${element?.selector ?? '?'} "${element?.nodeLabel ?? ''}"`);

  console.log('\nRequests (observed; ms from navigation start)');
  for (const request of audit('network-requests').details.items) {
    console.log(
      `${String(Math.round(request.networkRequestTime)).padStart(6)} ${String(Math.round(request.networkEndTime)).padStart(6)} ${String(request.transferSize).padStart(7)} B  ${(request.priority ?? '').padEnd(8)} ${request.url.replace(product.baseURL, '')}`,
    );
  }

  const { rows, lcpAt } = mainThreadTasks(artifacts.Trace.traceEvents);
  console.log(`\nMain-thread tasks of 5 ms or more before the observed LCP (${ms(lcpAt ?? 0)}), real ms`);
  for (const row of rows) {
    console.log(
      `${String(Math.round(row.at)).padStart(6)} ${String(Math.round(row.ms)).padStart(4)} ms  ${row.script.padEnd(30)} ${row.top.join(', ')}`,
    );
  }
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`total ${ms(total)} (x4 in Lighthouse's simulation: ${ms(total * 4)})`);
  await simulatedGraphs(artifacts, lhr.configSettings, product.baseURL);

  // What the TBT is made of: the simulated long tasks (Lighthouse's own audit) and the scripts' CPU time.
  console.log(
    '\nLong tasks (simulated: start ms, duration ms, script), the TBT counts what is over 50 ms of each',
  );
  for (const task of audit('long-tasks')?.details?.items ?? []) {
    console.log(
      `${String(Math.round(task.startTime)).padStart(6)} ${String(Math.round(task.duration)).padStart(5)}  ${String(task.url).replace(product.baseURL, '')}`,
    );
  }
  console.log('\nScript CPU (bootup-time: total ms, evaluation ms, parse/compile ms, script)');
  for (const item of audit('bootup-time')?.details?.items ?? []) {
    console.log(
      `${String(Math.round(item.total)).padStart(6)} ${String(Math.round(item.scripting)).padStart(6)} ${String(Math.round(item.scriptParseCompile)).padStart(6)}  ${String(item.url).replace(product.baseURL, '')}`,
    );
  }
} finally {
  chrome?.kill();
  await product.stop();
}
