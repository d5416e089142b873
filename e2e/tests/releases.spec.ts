// The release console (issue 33, point 4) against the real API, at phone (390 px) and desktop (1280 px) width: a
// second version of mfe-static goes out as a 50% canary (`npm run ops`, as delivery.spec.ts does), fresh visitors
// load its pages so both versions have figures, and an administrator's /admin/releases shows the remote's stable,
// canary, share and analysis (axe finds nothing; screenshots in test-results). Rolling back with a reason ends the
// canary and writes the history line with the reason and who. Anyone else gets the 404 page there and never loads
// the area's code.
//
// The administrator is made as in moderation.spec.ts (`admin grant` with the server stopped: the embedded database
// is held by one process at a time), so this file runs a product of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { expectNoViolations, settle, viewport, WIDTHS } from '../a11y';
import { type Api, apiFor, expect, signIn, type TestUser, test } from '../fixtures';
import { type Product, repoRoot, startProduct } from '../product';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let product: Product;
let api: Api;
let admin: TestUser;
let builds: string;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  product = await startProduct({ quiet: true });
  builds = mkdtempSync(join(tmpdir(), 'skynet-release-builds-'));
  api = apiFor(await playwright.request.newContext(), product.baseURL);
  admin = await api.createUser();
  await product.restart(() => {
    const out = execFileSync(
      process.execPath,
      [join(repoRoot, 'api', 'dist', 'cli', 'admin.js'), 'grant', admin.email, 'e2e release manager'],
      { env: product.env, encoding: 'utf8' },
    );
    expect(out).toContain(`${admin.email} is now an administrator.`);
  });
});

test.afterAll(async () => {
  await product?.stop();
  if (builds) rmSync(builds, { recursive: true, force: true });
});

/** `npm run ops -- <args>` on this product's site (the CLI itself). */
function ops(...args: string[]) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'tooling', 'ops', 'cli.mjs'), ...args], {
    env: { ...process.env, SITE_DIR: product.siteDir, DATA_DIR: product.dataDir },
    encoding: 'utf8',
  });
  expect(run.status, `ops ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** A new build of mfe-static from the current one, its About heading saying `About <label>`. */
function staticBuild(label: string): string {
  const dir = join(builds, label);
  cpSync(join(repoRoot, 'mfe-static', 'dist'), dir, { recursive: true });
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!text.includes('title:"About"')) continue;
    writeFileSync(join(dir, file), text.replaceAll('title:"About"', `title:"About ${label}"`));
    // Its precompressed twin is the old file: ops publish refuses such a build.
    rmSync(join(dir, `${file}.br`), { force: true });
  }
  return dir;
}

/** A fresh visitor (a browser context of its own, so a bucket of its own) loads /about twice. */
async function visit(browser: Browser) {
  const context = await browser.newContext({ baseURL: product.baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.locator('#area-mfe-static')).toHaveAttribute('data-version', /.+/);
    await expect(page.locator('#area-mfe-static')).toContainText('About');
    await page.reload();
    await expect(page.locator('#area-mfe-static')).toHaveAttribute('data-version', /.+/);
    // Leaving the page sends its last measures.
    await page.goto('/faqs');
    await expect(page.locator('#area-mfe-static')).toHaveAttribute('data-version', /.+/);
  } finally {
    await context.close();
  }
}

test('a canary in the console at both widths, rolled back with a reason; the 404 page for anyone else', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const version = '1.0.1';
  ops('publish', 'mfe-static', '--from', staticBuild(`v${version}`), '--version', version);
  ops('rollout', 'mfe-static', version, '--percent', '50', '--reason', 'e2e: a canary for the console');
  for (let batch = 0; batch < 3; batch += 1)
    await Promise.all(Array.from({ length: 4 }, () => visit(browser)));

  // Not an administrator: the 404 page, and none of the area's files.
  const person = await api.createUser();
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
    const page = await context.newPage();
    await signIn(page, admin);
    await page.goto('/admin/releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Releases' }),
    ).toHaveAttribute('aria-current', 'page');
    const remote = page.getByRole('article', { name: 'mfe-static' });
    await expect(remote).toContainText(`Canary ${version} serves 50% of people, stable 1.0.0 the other 50%.`);
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
    // The charts come with the visitors' first per-minute figures (the console reads again every 15 s): each is
    // named for what it shows, and its figures are a table.
    const chart = remote.getByRole('figure').first();
    await expect(chart).toBeVisible({ timeout: 75_000 });
    await expect(chart.getByRole('img')).toHaveAccessibleName(/, stable against canary per minute from /);
    await chart.getByText('Figures of this chart').click();
    await expect(
      chart.getByRole('table', { name: /per minute \(UTC\), stable against canary/ }),
    ).toBeVisible();
    await expect(remote.getByRole('table', { name: /Published versions/ })).toContainText(version);
    // Another remote, without a canary: stable, versions and history, no analysis.
    const plain = page.getByRole('article', { name: 'mfe-feed' });
    await expect(plain.getByRole('heading', { name: 'Versions' })).toBeVisible();
    await expect(plain.getByRole('heading', { name: 'Analysis' })).toHaveCount(0);

    await settle(page);
    await expectNoViolations(page, `/admin/releases at ${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`releases-${width}.png`), fullPage: true });

    await remote.getByRole('button', { name: 'Roll back' }).click();
    const form = remote.getByRole('form', { name: `Roll back mfe-static: end the canary ${version}` });
    await expect(form.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    await settle(page);
    await expectNoViolations(page, `/admin/releases asking for a reason at ${width} px`);
    if (width !== WIDTHS[WIDTHS.length - 1]) {
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toHaveCount(0);
      await context.close();
      continue;
    }

    // The last width rolls back: the canary ends, the history's newest line says why and who.
    await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await form.getByRole('button', { name: 'Confirm roll back' }).click();
    await expect(page.getByText('mfe-static rolled back: everyone gets 1.0.0.')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(remote.getByRole('img', { name: /^Split/ })).toHaveCount(0);
    await expect(remote.getByRole('heading', { name: 'Analysis' })).toHaveCount(0);
    const newest = remote.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').first();
    await expect(newest).toContainText('rollback');
    await expect(newest).toContainText(reason);
    await expect(newest).toContainText(new RegExp(`${admin.userName}|${admin.email}`));
    await page.screenshot({ path: testInfo.outputPath(`releases-rolled-back-${width}.png`), fullPage: true });
    // And it holds after a reload: the registry changed, not the page.
    await page.reload();
    await expect(page.getByRole('article', { name: 'mfe-static' })).toContainText(reason);
    await expect(
      page.getByRole('article', { name: 'mfe-static' }).getByRole('img', { name: /^Split/ }),
    ).toHaveCount(0);
    await context.close();
  }
});
