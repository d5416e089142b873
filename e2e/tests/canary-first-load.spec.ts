// Issue 33, the shell's side: a canary is caught on the first page load that meets it, named for what broke with
// its error text, and its area never blanks while stable takes its place; beacons carry the page token and the
// page's measures. Against a served product of our own (its registry changed by the ops command line).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { runOps } from '../ops';
import { type Product, repoRoot, startProduct } from '../product';

test.describe.configure({ mode: 'serial' });

let product: Product;
let builds: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  product = await startProduct();
  builds = mkdtempSync(join(tmpdir(), 'skynet-first-load-'));
});

test.afterAll(async () => {
  await product?.stop();
  if (builds) rmSync(builds, { recursive: true, force: true });
});

/** Runs `npm run ops -- <args>` (the CLI itself) on this product's site folder. */
const ops = (...args: string[]) => runOps(product, ...args);

/** A build of mfe-static with one edit to its scripts (which must find its place), published and on 100% canary. */
function canaryOf(version: string, pattern: RegExp, replacement: string): void {
  const dir = join(builds, version);
  cpSync(join(repoRoot, 'mfe-static', 'dist'), dir, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const next = text.replace(pattern, replacement);
    if (next === text) continue;
    changed += 1;
    writeFileSync(join(dir, file), next);
    rmSync(join(dir, `${file}.br`), { force: true });
  }
  expect(changed, 'the edit found its place in the build').toBe(1);
  expect(ops('publish', 'mfe-static', '--from', dir, '--version', version).status).toBe(0);
  const rolled = ops('rollout', 'mfe-static', version, '--percent', '100', '--reason', 'first-load test');
  expect(rolled.status, rolled.stderr).toBe(0);
}

interface Beacon {
  token?: string;
  events: Array<{ type: string; remote: string; version: string; message?: string; source?: string }>;
  measures?: Array<{ metric: string; remote: string; version: string; value: number }>;
}

/** Every body the page posts to /api/platform/events with fetch (a beacon's body is not shown: sentBeacons). */
function beacons(page: Page): Beacon[] {
  const bodies: Beacon[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (request.url().endsWith('/api/platform/events') && body) bodies.push(JSON.parse(body));
  });
  return bodies;
}

/** Keeps, in the page, the body of each sendBeacon to the events (the browser sends it as usual). */
function recordBeacons() {
  const send = navigator.sendBeacon.bind(navigator);
  const sent: string[] = [];
  (window as unknown as { sentBeacons: string[] }).sentBeacons = sent;
  navigator.sendBeacon = (url, data) => {
    if (String(url).endsWith('/platform/events') && data instanceof Blob)
      void data.text().then((t) => sent.push(t));
    return send(url, data);
  };
}

const sentBeacons = async (page: Page): Promise<Beacon[]> =>
  (await page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons)).map(
    (text) => JSON.parse(text) as Beacon,
  );

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a canary whose module throws while evaluating: a cold first load shows stable, reports the real error, counts no load of it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The first statement of the module ./app exposes throws (as in delivery.spec.ts).
  canaryOf(
    '1.3.1',
    /(\w+\(\w,\w,\w\)\{)(\w\.r\(\w\),\w\.d\(\w,\{bootstrap:)/,
    '$1throw new Error("canary evaluation");$2',
  );
  const { context, page } = await freshPage(browser);
  try {
    const posted = beacons(page);
    await page.goto(`${product.baseURL}/about`, { waitUntil: 'domcontentloaded' });
    const area = page.locator('#area-mfe-static');
    await expect(area).toHaveAttribute('data-version', '1.0.0');
    await expect(area).toContainText('About');
    await expect(page.getByText('not responding')).toHaveCount(0);
    await expect
      .poll(() => posted.flatMap((body) => body.events).find((e) => e.type === 'evaluate-failure'))
      .toMatchObject({ remote: 'mfe-static', version: '1.3.1', message: 'Error: canary evaluation' });
    const failure = posted.flatMap((body) => body.events).find((e) => e.type === 'evaluate-failure');
    // Where: the canary's file and line, not a misleading ReferenceError somewhere else.
    expect(failure?.source).toMatch(/^\/remotes\/mfe-static\/1\.3\.1\/.+\.js:\d+/);
    await page.waitForTimeout(1500); // a later batch would carry a wrongly counted load
    const events = posted.flatMap((body) => body.events);
    expect(events.filter((e) => e.version === '1.3.1').map((e) => e.type)).toEqual(['evaluate-failure']);
    expect(events.some((e) => e.type === 'load' && e.version === '1.0.0')).toBe(true);
    expect(events.some((e) => e.type === 'load-failure')).toBe(false);
  } finally {
    await context.close();
    expect(ops('rollout', 'mfe-static', '1.0.0', '--reason', 'drop the broken canary').status).toBe(0);
  }
});

/** Logs, in the page, whether the About area shows something, each time it changes (from addInitScript). */
function watchArea() {
  const log: Array<{ at: number; state: string }> = [];
  (window as unknown as { areaLog: typeof log }).areaLog = log;
  new MutationObserver(() => {
    const area = document.getElementById('area-mfe-static');
    const state = !area ? 'none' : area.textContent?.trim() ? 'content' : 'empty';
    if (log.at(-1)?.state !== state) log.push({ at: performance.now(), state });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

test('a canary whose page throws while rendering: its area never blanks before stable has painted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The About page's heading, computed while it renders, throws; the other pages work.
  canaryOf('1.3.2', /title:"About"/, 'title:(()=>{throw new Error("canary render")})()');
  const { context, page } = await freshPage(browser);
  try {
    await context.addInitScript(watchArea);
    const posted = beacons(page);
    await page.goto(`${product.baseURL}/about/terms`, { waitUntil: 'domcontentloaded' });
    const area = page.locator('#area-mfe-static');
    await expect(area).toHaveAttribute('data-version', '1.3.2');
    await expect(area).toContainText(/terms/i);
    // A person moves to the page that breaks, within the canary.
    const movedAt = await page.evaluate(() => {
      window.history.pushState(null, '', '/about');
      window.dispatchEvent(new PopStateEvent('popstate'));
      return performance.now();
    });
    await expect(area).toHaveAttribute('data-version', '1.0.0');
    await expect(area.getByRole('heading', { name: 'About' })).toBeVisible();
    await expect
      .poll(() => posted.flatMap((body) => body.events).some((e) => e.type === 'render-failure'))
      .toBe(true);
    const log = await page.evaluate(
      () => (window as unknown as { areaLog: Array<{ at: number; state: string }> }).areaLog,
    );
    expect(log.filter((entry) => entry.at >= movedAt).map((entry) => entry.state)).not.toContain('empty');
    const failure = posted.flatMap((body) => body.events).find((e) => e.type === 'render-failure');
    expect(failure).toMatchObject({ version: '1.3.2', message: 'Error: canary render' });
  } finally {
    await context.close();
    expect(ops('rollout', 'mfe-static', '1.0.0', '--reason', 'drop the broken canary').status).toBe(0);
  }
});

test("beacons carry the head start's page token when the page has one, and the page's measures arrive after a pagehide", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // With no canary anywhere no release is being judged: the measures' code is never fetched (issue 33's bytes).
  const quiet = await freshPage(browser);
  try {
    await quiet.page.goto(`${product.baseURL}/about`, { waitUntil: 'domcontentloaded' });
    await expect(quiet.page.locator('#area-mfe-static')).toHaveAttribute('data-version', '1.0.0');
    await quiet.page.waitForTimeout(4000);
    expect(
      await quiet.page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/vitals\.[^/]*\.js$/.test(entry.name)),
      ),
    ).toBe(false);
  } finally {
    await quiet.context.close();
  }
  // A canary for 1% of people: every page is measured now, stable's visitors' too (this one is on stable, or falls
  // back to it).
  expect(ops('rollout', 'mfe-static', '1.3.2', '--percent', '1', '--reason', 'measure').status).toBe(0);
  const { context, page } = await freshPage(browser);
  try {
    await context.addInitScript(recordBeacons);
    const posted = beacons(page);
    await page.goto(`${product.baseURL}/about`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#area-mfe-static')).toHaveAttribute('data-version', '1.0.0');
    const release = await page.evaluate(() => {
      const block = document.getElementById('skynet-head-start');
      return block ? (JSON.parse(block.textContent ?? '{}').release as string | undefined) : undefined;
    });
    await expect.poll(() => posted.length).toBeGreaterThan(0);
    // The measures' code arrives once the area is up and the browser idle.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/vitals\.[^/]*\.js$/.test(entry.name)),
    );
    await page.waitForTimeout(500);
    // The person clicks (the largest paint is then final), then leaves: the page is hidden, then `pagehide`. The
    // page stays open here so that its beacon can be seen (a synthetic event is not trusted, hence the click).
    await page.getByRole('heading', { name: 'About', exact: true }).click();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    });
    const all = async () => [...posted, ...(await sentBeacons(page))];
    await expect
      .poll(async () => (await all()).flatMap((body) => body.measures ?? []).map((m) => m.metric))
      .toEqual(expect.arrayContaining(['lcp', 'cls']));
    // The layout shift goes as the page is left, with a beacon.
    expect((await sentBeacons(page)).flatMap((body) => body.measures ?? []).map((m) => m.metric)).toContain(
      'cls',
    );
    posted.push(...(await sentBeacons(page)));
    for (const body of posted) expect(body.token).toBe(release); // absent where the server issues none yet
    for (const measure of posted.flatMap((body) => body.measures ?? [])) {
      expect(measure).toMatchObject({ remote: 'mfe-static', version: '1.0.0' });
    }
  } finally {
    await context.close();
    expect(ops('rollout', 'mfe-static', '1.0.0', '--reason', 'measured').status).toBe(0);
  }
});
