#!/usr/bin/env node
// Navigating to an area whose remote is already loaded: signed in, load /feed (mfe-feed), then switch between
// /feed and /saved (both mfe-feed) on the client, timing from the history change to the new page's post list in the
// DOM (its role=feed element; the posts themselves arrive later from the API). Median of 10 switches.
// Debian Chromium, no throttling. Usage: node e2e/bench/navigate.mjs [--json]  (needs a build: npm run build).
import { chromium } from '@playwright/test';
import { startProduct } from '../../tooling/site/product.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, flag, median } from './cli.mjs';
import { postAndSave, signUp } from './sign-up.mjs';

const SWITCHES = 10;
const PAGES = [
  { path: '/saved', label: 'Saved posts' },
  { path: '/feed', label: 'Galactic Feed' },
];

const product = await startProduct({ quiet: true });
// The browser launches inside the try: when it cannot start, the served product must still stop.
let browser;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const token = await signUp(product.baseURL);
  // An empty list has no role=feed (nothing to navigate): give both pages a post.
  await postAndSave(product.baseURL, token);
  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('jwt', t), token);
  const page = await context.newPage();
  await page.goto(`${product.baseURL}/feed`, { waitUntil: 'networkidle' });
  await page.locator('section[aria-label="Galactic Feed"]').waitFor({ timeout: 30_000 });
  const shown = [];
  for (let i = 0; i < SWITCHES; i++) {
    const target = PAGES[i % 2];
    const timing = await page.evaluate(
      ({ path, label }) =>
        new Promise((resolve, reject) => {
          const t0 = performance.now();
          const check = () => {
            if (!document.querySelector(`section[aria-label="${label}"] [role="feed"]`)) return false;
            resolve(performance.now() - t0);
            return true;
          };
          const observer = new MutationObserver(() => check() && observer.disconnect());
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          setTimeout(() => {
            observer.disconnect();
            reject(new Error(`${path} did not show within 10 s`));
          }, 10_000);
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
          if (check()) observer.disconnect();
        }),
      target,
    );
    shown.push(timing);
    await page.waitForTimeout(300);
  }
  const result = {
    switches: SWITCHES,
    shown: median(shown),
    each: shown,
  };
  if (flag('--json')) console.log(JSON.stringify(result, null, 2));
  else
    console.log(
      `/feed <-> /saved (mfe-feed already loaded), median of ${SWITCHES}: the page's list on screen in ${result.shown.toFixed(1)} ms`,
    );
} finally {
  await browser?.close();
  await product.stop();
}
