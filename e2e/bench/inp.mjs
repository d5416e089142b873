#!/usr/bin/env node
// INP (Interaction to Next Paint) of the interactions issues 23 and 34 budget: like a post, save a post, follow a
// user, open a post (click its link to the post's page), send a message, block a user, report a user. Playwright on Debian Chromium, signed in, the CPU
// slowed 4x (CDP Emulation.setCPUThrottlingRate), the web-vitals library (e2e's pinned devDependency, its IIFE build
// injected before the page's scripts) reporting with onINP(..., { reportAllChanges: true, durationThreshold: 16 }).
// Each interaction is measured on a freshly loaded page (a fresh post where the action toggles; the follow undone
// through the API first), one interaction per page load, median of N (5 by default). The Event Timing API
// (PerformanceObserver type 'event', durationThreshold 16) runs beside it: a run where web-vitals reported nothing for
// the click uses the longest Event Timing entry of that interaction instead, and the table says so.
// Usage: node e2e/bench/inp.mjs [--json] [--runs N] [--only like,save,follow,open,send,block,report] [--port N]  (needs npm run build)
// INP_TRACE_DIR=dir writes a Chromium trace of each interaction there (from the click to its result on screen).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { startProduct } from '../../tooling/site/product.mjs';
import { INP_BUDGET } from './budgets.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, flag, median, option, runsOption } from './cli.mjs';
import { api, post, seed } from './seed.mjs';

const CPU_SLOWDOWN = 4;

const json = flag('--json');
const RUNS = runsOption();
const port = option('--port') ? Number(option('--port')) : undefined;
const only = option('--only')?.split(',');

// The IIFE build (a `webVitals` global) beside the package's main file; the package exports no path to it.
const WEB_VITALS = join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js');

/** Runs in the page before its own scripts: web-vitals' INP reports and the raw Event Timing entries. */
function collect() {
  window.__inp = [];
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.__events.push({
          name: entry.name,
          start: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  try {
    window.webVitals.onINP(
      (metric) =>
        window.__inp.push({
          value: metric.value,
          start: Math.min(...metric.entries.map((entry) => entry.startTime)),
        }),
      { reportAllChanges: true, durationThreshold: 16 },
    );
  } catch (error) {
    window.__inpError = String(error);
  }
}

/**
 * One measured interaction on `page`: marks the time, runs `act` (the click), waits for `done` (the page's answer),
 * then for the reports of that interaction. Returns its INP and where the figure came from.
 */
async function interaction(page, act, done) {
  const mark = await page.evaluate(() => {
    if (window.__inpError) throw new Error(`web-vitals did not start: ${window.__inpError}`);
    return performance.now();
  });
  const tracing = process.env.INP_TRACE_DIR ? page.context().browser() : null;
  if (tracing)
    await tracing.startTracing(page, {
      path: `${process.env.INP_TRACE_DIR}/inp-${Date.now()}.json`,
      categories: [
        'devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'blink.user_timing',
      ],
    });
  await act();
  await done();
  if (tracing) await tracing.stopTracing();
  // web-vitals reports after the interaction's next paint; let the reports and event entries of this one arrive.
  const deadline = Date.now() + 3000;
  let reports = [];
  let events = [];
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    ({ reports, events } = await page.evaluate((t0) => {
      const after = (entry) => entry.start >= t0;
      return { reports: window.__inp.filter(after), events: window.__events.filter(after) };
    }, mark));
    if (reports.length) break;
  }
  await page.waitForTimeout(300);
  ({ reports, events } = await page.evaluate((t0) => {
    const after = (entry) => entry.start >= t0;
    return { reports: window.__inp.filter(after), events: window.__events.filter(after) };
  }, mark));
  if (reports.length) return { inp: Math.max(...reports.map((r) => r.value)), source: 'web-vitals' };
  if (events.length) return { inp: Math.max(...events.map((e) => e.duration)), source: 'event-timing' };
  // Neither saw an interaction of 16 ms or more: it was faster than the threshold.
  return { inp: 16, source: 'under 16 ms' };
}

/** A fresh page, signed in, web-vitals injected, its CPU slowed 4x, at `path` once its content shows. */
async function openPage(context, baseURL, path, ready) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'load', timeout: 60_000 });
  await ready(page);
  // Let the page settle (late chunks, the like/save state calls) so the click is the page's only work.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(500);
  return page;
}

/** The seven interactions: each `run(i)` loads its page, interacts once and returns the interaction's INP. */
function interactions(context, baseURL, seeded) {
  const { reader, friend } = seeded;
  const card = (page, id) => page.locator(`article[data-post-id="${id}"]`);
  /** A post by the friend, new, so it tops /feed and the reader has neither liked nor saved it. */
  const freshPost = (i) =>
    post(
      baseURL,
      friend,
      `A fresh post for the INP bench, number ${i + 1}: the dust storm has finally passed.`,
    );
  const toggle = (before, after) => async (i) => {
    const made = await freshPost(i);
    const page = await openPage(context, baseURL, '/feed', (p) =>
      card(p, made._id).getByRole('button', { name: before }).and(p.locator(':enabled')).waitFor(),
    );
    try {
      const target = card(page, made._id);
      return await interaction(
        page,
        () => target.getByRole('button', { name: before }).click(),
        () => target.getByRole('button', { name: after }).waitFor(),
      );
    } finally {
      await page.close();
    }
  };
  return [
    { id: 'like', what: 'like a post (/feed, a fresh post)', run: toggle('Like', 'Unlike') },
    { id: 'save', what: 'save a post (/feed, a fresh post)', run: toggle('Save', 'Unsave') },
    {
      id: 'follow',
      what: 'follow a user (/user/{id}, unfollowed first)',
      run: async () => {
        await api(baseURL, reader.token, 'DELETE', `/user/${friend.id}/follow`);
        const follow = (p) => p.getByRole('main').getByRole('button', { name: 'Follow', exact: true });
        const page = await openPage(context, baseURL, `/user/${friend.id}`, (p) =>
          follow(p).and(p.locator(':enabled')).waitFor(),
        );
        try {
          return await interaction(
            page,
            () => follow(page).click(),
            () => page.getByRole('main').getByRole('button', { name: 'Unfollow' }).waitFor(),
          );
        } finally {
          await page.close();
        }
      },
    },
    {
      id: 'open',
      what: 'open a post (/feed, its comments link to /post/{id})',
      run: async () => {
        const link = (p) => card(p, seeded.postId).getByRole('link', { name: /comments?$/ });
        const page = await openPage(context, baseURL, '/feed', (p) => link(p).waitFor());
        try {
          return await interaction(
            page,
            () => link(page).click(),
            async () => {
              await page.waitForURL(`**/post/${seeded.postId}`);
              // The post's own page: its comment form is there once the page has rendered.
              await page.getByRole('textbox').first().waitFor();
            },
          );
        } finally {
          await page.close();
        }
      },
    },
    {
      id: 'send',
      what: 'send a message (/messages/{id}, the Send button)',
      run: async (i) => {
        const box = (p) => p.getByRole('textbox', { name: 'Message' });
        const page = await openPage(context, baseURL, `/messages/${friend.id}`, (p) =>
          p.getByRole('log', { name: 'Messages' }).getByRole('listitem').first().waitFor(),
        );
        try {
          const text = `INP bench message ${i + 1}: see you at the crater rim.`;
          await box(page).fill(text);
          return await interaction(
            page,
            () => page.getByRole('button', { name: 'Send' }).click(),
            () =>
              page
                .getByRole('log', { name: 'Messages' })
                .getByRole('listitem')
                .filter({ hasText: text })
                .waitFor(),
          );
        } finally {
          await page.close();
        }
      },
    },
    {
      id: 'block',
      what: "block a user (/user/{id}, the dialog's Block; unblocked after)",
      run: async () => {
        const main = (p) => p.getByRole('main');
        const page = await openPage(context, baseURL, `/user/${friend.id}`, (p) =>
          main(p).getByRole('button', { name: 'Block', exact: true }).and(p.locator(':enabled')).waitFor(),
        );
        try {
          await main(page).getByRole('button', { name: 'Block', exact: true }).click();
          const dialog = page.getByRole('dialog', { name: /^Block @/ });
          await dialog.waitFor();
          return await interaction(
            page,
            () => dialog.getByRole('button', { name: 'Block', exact: true }).click(),
            () => main(page).getByRole('button', { name: 'Unblock', exact: true }).waitFor(),
          );
        } finally {
          await page.close();
          await api(baseURL, reader.token, 'DELETE', `/user/${friend.id}/block`);
        }
      },
    },
    {
      id: 'report',
      what: "report a user (/user/{id}, the form's Send, a reason chosen)",
      run: async () => {
        const page = await openPage(context, baseURL, `/user/${friend.id}`, (p) =>
          p.getByRole('main').getByRole('button', { name: 'Report', exact: true }).waitFor(),
        );
        try {
          await page.getByRole('main').getByRole('button', { name: 'Report', exact: true }).click();
          const form = page.getByRole('dialog', { name: 'Report this account' });
          await form.getByRole('radio', { name: 'Other' }).check();
          return await interaction(
            page,
            () => form.getByRole('button', { name: 'Send' }).click(),
            () => page.getByRole('dialog', { name: 'Report sent' }).waitFor(),
          );
        } finally {
          await page.close();
        }
      },
    },
  ];
}

const product = await startProduct({ quiet: true, port });
// A crash outside the try below (an error event of a child process, say) must not leave the served product running.
for (const event of ['uncaughtException', 'unhandledRejection'])
  process.on(event, async (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    await product.stop().catch(() => {});
    process.exit(1);
  });
let browser;
try {
  const seeded = await seed(product.baseURL);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('jwt', t), seeded.reader.token);
  // As one script's content: Playwright runs each init script in its own function scope, so the IIFE's `var
  // webVitals` would stay local.
  await context.addInitScript({
    content: `${readFileSync(WEB_VITALS, 'utf8')}\nwindow.webVitals = webVitals;`,
  });
  await context.addInitScript(collect);
  const results = [];
  for (const item of interactions(context, product.baseURL, seeded)) {
    if (only && !only.includes(item.id)) continue;
    const each = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const run = await item.run(i);
        each.push(run);
        if (!json)
          process.stderr.write(
            `  ${item.id} ${i + 1}/${RUNS}: INP ${Math.round(run.inp)} ms (${run.source})\n`,
          );
      }
      const sources = [...new Set(each.map((r) => r.source))];
      results.push({
        id: item.id,
        what: item.what,
        runs: RUNS,
        inp: median(each.map((r) => r.inp)),
        budget: INP_BUDGET,
        source: sources.join(', '),
        each,
      });
    } catch (error) {
      process.stderr.write(`  ${item.id}: ${error.message.split('\n')[0]}\n`);
      results.push({ id: item.id, what: item.what, error: error.message.split('\n')[0], budget: INP_BUDGET });
    }
  }
  if (json) console.log(JSON.stringify(results, null, 2));
  else {
    const rows = [
      ['interaction', 'INP', 'budget', 'result', 'measured by', 'each run'],
      ...results.map((r) =>
        r.error
          ? [r.what, 'failed', `<= ${r.budget} ms`, '', '', r.error]
          : [
              r.what,
              `${Math.round(r.inp)} ms`,
              `<= ${r.budget} ms`,
              r.inp <= r.budget ? 'pass' : 'FAIL',
              r.source,
              r.each.map((e) => Math.round(e.inp)).join(' '),
            ],
      ),
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    console.log(
      `\nINP, signed in, CPU slowed ${CPU_SLOWDOWN}x, web-vitals onINP (reportAllChanges), median of ${RUNS} runs`,
    );
    for (const row of rows)
      console.log(
        row
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      );
  }
} finally {
  await browser?.close();
  await product.stop();
}
