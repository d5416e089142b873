// Issue 33, "Done when", in browsers: real page loads judge a canary, and the release analysis job acts on its own
// with nobody running a command. (a) A canary of mfe-static whose About page paints about 800 ms later than stable's
// is rolled back, its figures in the history; (b) one as good as stable goes through the policy's steps, 50% then
// 100%, and is promoted; (c) the release console (/admin/releases) shows those decisions in the history and a chart of
// LCP, stable against canary, at 390 and 1280 px with axe finding nothing, and a canary rolled back there with a
// reason (the history names it and who), while anyone else gets the 404 page and none of its code. The same scenarios
// from beacons made in the API's tests: api/test/routes/api/release-analysis.test.ts.
//
// One product for the three, its job judging every second (RELEASE_ANALYSIS_SECONDS=1). A page's largest paint is
// reported when the page is hidden: each visitor is a fresh browser context (a visitor of its own) that loads /about
// and leaves it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { expectNoViolations, settle, viewport, WIDTHS } from '../a11y';
import { grantAdministrator } from '../administrator';
import { apiFor, expect, signIn, type TestUser, test } from '../fixtures';
import { runOps } from '../ops';
import { type Product, startProduct } from '../product';
import { staticBuild } from '../static-build';

test.describe.configure({ mode: 'serial' });
/** Page-load times are what these tests judge: `npm run e2e` (run.mjs) runs them with no other test beside them. */
const ALONE = { tag: '@alone' };

let product: Product;
let admin: TestUser;
let builds: string;

test.beforeAll(async ({ playwright }) => {
  // Two server starts: the product, and again after making its administrator.
  test.setTimeout(180_000);
  product = await startProduct({ quiet: true, env: { RELEASE_ANALYSIS_SECONDS: '1' } });
  builds = mkdtempSync(join(tmpdir(), 'skynet-release-analysis-'));
  const api = apiFor(await playwright.request.newContext(), product.baseURL);
  admin = await grantAdministrator(product, api, 'e2e release analysis');
});

test.afterAll(async () => {
  await product?.stop();
  if (builds) rmSync(builds, { recursive: true, force: true });
});

/** `npm run ops -- <args>` on this product's site, which must succeed. */
function ops(...args: string[]) {
  const run = runOps(product, ...args);
  expect(run.status, `ops ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** A new version of mfe-static (its About heading says `About v<version>`), published and out to 50%. */
function canary(version: string, edit?: (text: string) => string) {
  const dir = staticBuild(builds, `v${version}`, undefined, edit);
  ops('publish', 'mfe-static', '--from', dir, '--version', version);
  ops('rollout', 'mfe-static', version, '--percent', '50', '--reason', `e2e canary ${version}`);
}

interface Entry {
  stable: string;
  canary: { version: string; percent: number } | null;
}
interface HistoryLine {
  command: string;
  version?: string;
  decision?: string;
  reason?: string;
  figures?: string[];
  to?: { stable: string; canary: { version: string; percent: number } | null };
}

const entry = (): Entry =>
  JSON.parse(readFileSync(join(product.siteDir, 'remotes.json'), 'utf8')).remotes['mfe-static'];
const jobLines = (version: string): HistoryLine[] =>
  readFileSync(join(product.siteDir, 'registry-history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as HistoryLine)
    .filter((line) => line.command === 'release-analysis' && line.version === version);

/**
 * The samples of a measure on each side in the job's current analysis (GET /api/admin/releases). Node's fetch: it
 * keeps an idle connection 4 s at most (the test's request context would reuse one the server has since closed).
 */
async function samples(name: string): Promise<{ stable: number; canary: number }> {
  const response = await fetch(`${product.baseURL}/api/admin/releases`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  const { value } = (await response.json()) as {
    value: Record<
      string,
      { analysis: { measures: Array<{ name: string; stableSamples: number; canarySamples: number }> } | null }
    >;
  };
  const measure = value['mfe-static']?.analysis?.measures.find((m) => m.name === name);
  return { stable: measure?.stableSamples ?? 0, canary: measure?.canarySamples ?? 0 };
}

interface Visit {
  version: string;
  /** Leaves the page (it is hidden: its largest paint is reported), and closes the visitor's browser. */
  leave(): Promise<void>;
}

/**
 * A fresh visitor on /about, until the page's measures are being taken (`measured`: the shell's vitals chunk has
 * loaded, which it does only while some remote has a canary).
 */
async function visit(browser: Browser, measured = true): Promise<Visit> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${product.baseURL}/about`, { waitUntil: 'domcontentloaded' });
  const area = page.locator('#area-mfe-static');
  // A visitor's page on a loaded machine may take more than the default 10 s.
  await expect(area.getByRole('heading', { level: 1 })).toContainText('About', { timeout: 30_000 });
  if (measured)
    await page
      .waitForFunction(
        () =>
          performance.getEntriesByType('resource').some((entry) => /\/vitals\.[^/]*\.js$/.test(entry.name)),
        undefined,
        { timeout: 15_000 },
      )
      // The job may have ended the canary meanwhile: then no measures are taken, and none are needed.
      .catch((error) => {
        if (entry().canary !== null) throw error;
      });
  const version = (await area.getAttribute('data-version')) ?? '';
  return {
    version,
    async leave() {
      await page.goto('about:blank');
      // The beacon sent as the page went away is on its way; let it land before the browser closes.
      await page.waitForTimeout(300);
      await context.close();
    },
  };
}

test(
  'a canary that paints 800 ms later than stable is rolled back by the job, with its figures, with nobody running a command',
  ALONE,
  async ({ browser }) => {
    // About 1 minute here; a machine twice as slow needs more visitors, each slower.
    test.setTimeout(480_000);
    // A first page load warms the server and the browser up (no canary yet: its measures are not even taken).
    await (await visit(browser, false)).leave();
    ops('policy', 'mfe-static', '--auto', '--steps', '50,100', '--bake-minutes', '0', '--min-samples', '5');
    // The About page holds the main thread for 800 ms each time it renders, after its code and everything it waits for
    // have arrived: its heading paints that much later. (Held while its chunk merely evaluated, the delay overlapped
    // with the waits of a loaded machine: stable's paints slowed as much, and the canary looked as good.)
    canary('1.1.0', (text) =>
      text.replace(
        'title:"About v1.1.0"',
        'title:(()=>{const t=performance.now()+800;while(performance.now()<t);return"About v1.1.0"})()',
      ),
    );

    // One visitor at a time: pages loading side by side on a loaded machine paint seconds apart, and the rank test
    // on a few samples sees only that. Canary visitors stay on the page until both sides have a sample to compare,
    // then leave together: were the canary's paints counted one by one from the first, the job, seeing no measure
    // worse yet at the minimum sample (5), would widen it and go on.
    let parked: Visit[] = [];
    let released = false;
    let visitors = 0;
    while (entry().canary !== null && visitors < 96) {
      const v = await visit(browser);
      visitors += 1;
      expect(['1.0.0', '1.1.0']).toContain(v.version);
      if (v.version === '1.1.0' && !released) parked.push(v);
      else await v.leave();
      if (!released && parked.length >= 6 && (await samples('lcp')).stable >= 10) {
        await Promise.all(parked.map((p) => p.leave()));
        parked = [];
        released = true;
      }
    }
    await Promise.all(parked.map((v) => v.leave()));
    await expect.poll(() => entry().canary, { timeout: 15_000 }).toBeNull();
    const decisions = jobLines('1.1.0');
    expect(entry().stable, decisions.map((l) => l.reason).join('\n')).toBe('1.0.0');

    const [line] = decisions.filter((l) => l.decision === 'rollback');
    console.log(`release-analysis (${visitors} visitors): ${line?.reason}`);
    expect(line?.reason).toMatch(
      /^rollback: worse than stable: lcp p75 [\d,]+ ms \(n=\d+\) vs stable [\d,]+ ms \(n=\d+\): worse, Mann-Whitney U, p = /,
    );
    // Every measure with its figures: failures, lcp, inp, cls, api-errors (and the server's own, file-errors).
    expect(line?.figures?.map((figure) => figure.split(' ')[0])).toEqual(
      expect.arrayContaining(['failures', 'lcp', 'inp', 'cls', 'api-errors']),
    );
    expect(line?.figures?.find((f) => f.startsWith('lcp p75'))).toMatch(/: worse, /);
    expect(line?.to).toEqual({ stable: '1.0.0', canary: null });
  },
);

test(
  'a canary as good as stable goes through 50% and 100% and is promoted by the job',
  ALONE,
  async ({ browser }) => {
    test.setTimeout(360_000);
    canary('1.2.0');
    let visitors = 0;
    while (entry().canary !== null && visitors < 80) {
      await (await visit(browser)).leave();
      visitors += 1;
    }
    await expect.poll(() => entry().canary, { timeout: 15_000 }).toBeNull();
    expect(
      entry().stable,
      jobLines('1.2.0')
        .map((l) => l.reason)
        .join('\n'),
    ).toBe('1.2.0');
    expect(entry().canary).toBeNull();
    const lines = jobLines('1.2.0');
    console.log(`release-analysis (${visitors} visitors): ${lines.map((l) => l.reason).join('\n  ')}`);
    expect(lines.map((l) => l.decision)).toEqual(['advance', 'promote']);
    expect(lines[0]?.reason).toMatch(/^advance: as good as stable at 50%: /);
    expect(lines[0]?.to?.canary).toMatchObject({ version: '1.2.0', percent: 100 });
    expect(lines[1]?.reason).toMatch(/^promote: as good as stable after its last step: /);
  },
);

test(
  'the release console shows the job’s decisions and LCP stable against canary, at 390 and 1280 px with axe finding nothing; rolled back there with a reason; the 404 page for anyone else',
  ALONE,
  async ({ browser, playwright }, testInfo) => {
    test.setTimeout(300_000);
    // A canary held where it is (manual: the job analyses it, moves it only to roll it back), with figures on both sides.
    ops('policy', 'mfe-static', '--manual');
    canary('1.3.0');
    let visitors = 0;
    for (;;) {
      const count = await samples('lcp');
      if ((count.stable >= 2 && count.canary >= 2) || visitors >= 24) break;
      await (await visit(browser)).leave();
      visitors += 1;
    }

    // Not an administrator: the 404 page, and none of the area's files.
    const person = await apiFor(await playwright.request.newContext(), product.baseURL).createUser();
    const other = await browser.newContext({ baseURL: product.baseURL, viewport: viewport(390) });
    const outsider = await other.newPage();
    const adminCode: string[] = [];
    outsider.on('request', (request) => {
      if (request.url().includes('/remotes/mfe-admin/')) adminCode.push(request.url());
    });
    await signIn(outsider, person);
    await outsider.goto('/admin/releases');
    await expect(outsider.getByRole('heading', { level: 1, name: 'Suspect page not found' })).toBeVisible();
    expect(adminCode).toEqual([]);
    await other.close();

    const reason = `Rolled back from the console ${Math.random().toString(36).slice(2, 8)}`;
    for (const width of WIDTHS) {
      const context = await browser.newContext({ baseURL: product.baseURL, viewport: viewport(width) });
      try {
        const page = await context.newPage();
        await signIn(page, admin);
        await page.goto('/admin/releases');
        await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
        await expect(
          page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Releases' }),
        ).toHaveAttribute('aria-current', 'page');
        const remote = page.getByRole('article', { name: 'mfe-static' });
        await expect(remote).toContainText('Canary 1.3.0 serves 50% of people, stable 1.2.0 the other 50%.');
        await expect(remote.getByRole('img', { name: 'Split: stable 50%, canary 50%' })).toBeVisible();
        await expect(remote.getByRole('heading', { name: 'Policy' })).toBeVisible();
        await expect(remote.getByRole('heading', { name: 'Analysis' })).toBeVisible();
        // The job's decision, whatever these few visits made it, with its reason.
        await expect(
          remote.locator('strong').filter({
            hasText:
              /^(Waiting for enough samples|Holding at this step|Advancing to the next step|Promote to stable|Roll back)$/,
          }),
        ).toBeVisible();
        await expect(remote.getByRole('table', { name: 'Measures, stable against canary' })).toBeVisible();
        await expect(
          remote.getByRole('img', {
            name: /^Largest paint \(LCP, p75\), stable against canary .*Latest: stable [\d,]+ ms, canary [\d,]+ ms\.$/,
          }),
        ).toBeVisible();
        // Each chart is named for what it shows, and its figures are a table.
        const chart = remote.getByRole('figure').first();
        await expect(chart.getByRole('img')).toHaveAccessibleName(/, stable against canary per minute from /);
        await chart.getByText('Figures of this chart').click();
        await expect(
          chart.getByRole('table', { name: /per minute \(UTC\), stable against canary/ }),
        ).toBeVisible();
        await expect(remote.getByRole('table', { name: /Published versions/ })).toContainText('1.3.0');
        const history = remote.getByRole('list', { name: 'History, newest first' });
        await expect(
          history
            .getByRole('listitem')
            .filter({ hasText: /release-analysis 1\.1\.0 by release-analysis/ })
            .filter({ hasText: 'rollback: worse than stable: lcp p75' }),
        ).toHaveCount(1);
        await expect(
          history
            .getByRole('listitem')
            .filter({ hasText: /release-analysis 1\.2\.0 by release-analysis/ })
            .filter({ hasText: 'promote: as good as stable after its last step' }),
        ).toHaveCount(1);
        // Another remote, without a canary: stable, versions and history, no analysis.
        const plain = page.getByRole('article', { name: 'mfe-feed' });
        await expect(plain.getByRole('heading', { name: 'Versions' })).toBeVisible();
        await expect(plain.getByRole('heading', { name: 'Analysis' })).toHaveCount(0);
        await settle(page);
        await expectNoViolations(page, `/admin/releases at ${width} px`);
        await page.screenshot({ path: testInfo.outputPath(`release-analysis-${width}.png`), fullPage: true });

        await remote.getByRole('button', { name: 'Roll back' }).click();
        const form = remote.getByRole('form', { name: 'Roll back mfe-static: end the canary 1.3.0' });
        await expect(form.getByRole('textbox', { name: 'Reason' })).toBeFocused();
        await settle(page);
        await expectNoViolations(page, `/admin/releases asking for a reason at ${width} px`);
        if (width !== WIDTHS[WIDTHS.length - 1]) {
          await form.getByRole('button', { name: 'Cancel' }).click();
          await expect(form).toHaveCount(0);
          continue;
        }

        // The last width rolls back: the canary ends, the history's newest line says why and who.
        await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
        await form.getByRole('button', { name: 'Confirm roll back' }).click();
        await expect(page.getByText('mfe-static rolled back: everyone gets 1.2.0.')).toBeVisible();
        await expect(form).toHaveCount(0);
        await expect(remote.getByRole('img', { name: /^Split/ })).toHaveCount(0);
        await expect(remote.getByRole('heading', { name: 'Analysis' })).toHaveCount(0);
        const newest = history.getByRole('listitem').first();
        await expect(newest).toContainText('rollback');
        await expect(newest).toContainText(reason);
        await expect(newest).toContainText(new RegExp(`${admin.userName}|${admin.email}`));
        await page.screenshot({
          path: testInfo.outputPath(`release-rolled-back-${width}.png`),
          fullPage: true,
        });
        // And it holds after a reload: the registry changed, not the page.
        await page.reload();
        await expect(page.getByRole('article', { name: 'mfe-static' })).toContainText(reason);
        await expect(
          page.getByRole('article', { name: 'mfe-static' }).getByRole('img', { name: /^Split/ }),
        ).toHaveCount(0);
        expect(entry()).toEqual(expect.objectContaining({ stable: '1.2.0', canary: null }));
      } finally {
        await context.close();
      }
    }
  },
);
