// Independent delivery (issue 8): publish, roll out, canary, fall back and roll back one remote at a time,
// against a served product of our own (its registry is changed by the ops command line, no restart, no rebuild).
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { collectErrors, expect, test } from '../fixtures';
import { type Product, repoRoot, startProduct } from '../product';

test.describe.configure({ mode: 'serial' });

let product: Product;
let builds: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  product = await startProduct();
  builds = mkdtempSync(join(tmpdir(), 'skynet-builds-'));
});

test.afterAll(async () => {
  await product?.stop();
  if (builds) rmSync(builds, { recursive: true, force: true });
});

/** Runs `npm run ops -- <args>` (the CLI itself) on this product's site folder. */
function ops(...args: string[]) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'tooling', 'ops', 'cli.mjs'), ...args], {
    env: { ...process.env, SITE_DIR: product.siteDir, DATA_DIR: product.dataDir },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * A new build of mfe-static with a visible change: the About page's heading says `About <label>`.
 * (Made from the current build, so the test needs no rebuild.) `manifest` may edit its mf-manifest.json.
 */
function staticBuild(label: string, manifest?: (json: Record<string, unknown>) => void): string {
  const dir = join(builds, label);
  cpSync(join(repoRoot, 'mfe-static', 'dist'), dir, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (text.includes('title:"About"')) {
      writeFileSync(join(dir, file), text.replaceAll('title:"About"', `title:"About ${label}"`));
      // Its precompressed twin is the old file: ops publish refuses such a build.
      rmSync(join(dir, `${file}.br`), { force: true });
      changed += 1;
    }
  }
  expect(changed, 'the About heading is in the mfe-static build').toBeGreaterThan(0);
  if (manifest) {
    const file = join(dir, 'mf-manifest.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    manifest(json);
    writeFileSync(file, JSON.stringify(json));
  }
  return dir;
}

const registry = async () => JSON.parse(readFileSync(join(product.siteDir, 'remotes.json'), 'utf8'));

/** The version an area runs, once it has loaded (the shell marks it on the area element). */
async function areaVersion(page: Page, remote: string): Promise<string> {
  const area = page.locator(`#area-${remote}`);
  await expect(area).toHaveAttribute('data-version', /.+/);
  return (await area.getAttribute('data-version'))!;
}

test('a new version of one remote: published, rolled out, seen after a reload; the others keep theirs; rolled back', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(`${product.baseURL}/about`);
  await expect(page.locator('#area-mfe-static')).toContainText('About');
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
  const before = await registry();

  const published = ops('publish', 'mfe-static', '--from', staticBuild('v1.0.1'), '--version', '1.0.1');
  expect(published.status, published.stderr).toBe(0);
  expect(published.stdout).toContain('published mfe-static@1.0.1');
  // Published is not live: nobody gets it until it is rolled out.
  await page.reload();
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');

  const rolled = ops('rollout', 'mfe-static', '1.0.1', '--reason', 'new About heading');
  expect(rolled.status, rolled.stderr).toBe(0);
  await page.reload();
  await expect(page.locator('#area-mfe-static')).toContainText('About v1.0.1');
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.1');

  // The other remotes: the same registry entries, and the same version in the page.
  const after = await registry();
  for (const remote of ['mfe-map', 'mfe-feed', 'mfe-chat', 'mfe-account']) {
    expect(after.remotes[remote]).toEqual(before.remotes[remote]);
  }
  await page.goto(`${product.baseURL}/planets`);
  expect(await areaVersion(page, 'mfe-map')).toBe('1.0.0');

  const back = ops('rollback', 'mfe-static', '--reason', 'test');
  expect(back.status, back.stderr).toBe(0);
  expect(back.stdout).toContain('rolled back to 1.0.0');
  await page.goto(`${product.baseURL}/about`);
  await expect(page.locator('#area-mfe-static')).not.toContainText('v1.0.1');
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');

  const history = readFileSync(join(product.siteDir, 'registry-history.jsonl'), 'utf8').trim().split('\n');
  expect(history.map((line) => JSON.parse(line).command).slice(-3)).toEqual([
    'publish',
    'rollout',
    'rollback',
  ]);
  expect(errors.filter((e) => !e.includes('favicon'))).toEqual([]);
});

test('publishing over an existing version is refused; the same files again change nothing', () => {
  const refused = ops('publish', 'mfe-static', '--from', staticBuild('other'), '--version', '1.0.1');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(
    /mfe-static@1\.0\.1 is already published with different files \(.+ differs\)/,
  );
  const again = ops('publish', 'mfe-static', '--from', join(builds, 'v1.0.1'), '--version', '1.0.1');
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain('nothing to do');
});

test('a version needing a shared singleton the shell does not provide is refused at rollout', async () => {
  const build = staticBuild('react20', (manifest) => {
    for (const shared of manifest.shared as Array<{ name: string; requiredVersion: string }>) {
      if (shared.name === 'react') shared.requiredVersion = '^20.0.0';
    }
  });
  expect(ops('publish', 'mfe-static', '--from', build, '--version', '2.0.0').status).toBe(0);
  const before = await registry();
  const refused = ops('rollout', 'mfe-static', '2.0.0', '--percent', '10');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(/needs react \^20\.0\.0 but the shell provides 19\./);
  expect(ops('rollout', 'mfe-static', '9.9.9').stderr).toMatch(/mfe-static@9\.9\.9 is not published/);
  const noApp = staticBuild('noapp', (manifest) => {
    manifest.exposes = (manifest.exposes as Array<{ path: string }>).filter((e) => e.path !== './app');
  });
  expect(ops('publish', 'mfe-static', '--from', noApp, '--version', '2.0.1').status).toBe(0);
  expect(ops('rollout', 'mfe-static', '2.0.1').stderr).toMatch(/does not expose \.\/app/);
  const after = await registry();
  expect(after.remotes['mfe-static'].stable).toBe(before.remotes['mfe-static'].stable);
  expect(after.remotes['mfe-static'].canary).toBeNull();
});

/** Whether a fresh signed-out visitor's landing page runs its scripts (the real page replaces the markup). */
async function landingScripts(browser: Browser): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(`${product.baseURL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if ((await page.locator('#prerendered[data-standalone]').count()) === 1) {
      await page.waitForTimeout(1500); // the starter's longest wait
      expect(scripts).toEqual([]);
      return false;
    }
    await areaVersion(page, 'mfe-static');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    return true;
  } finally {
    await context.close();
  }
}

/** One fresh visitor: a new browser context (its own localStorage, so its own visitor id). */
async function visit(browser: Browser): Promise<{ first: string; again: string; heading: boolean }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${product.baseURL}/about`, { waitUntil: 'domcontentloaded' });
    const first = await areaVersion(page, 'mfe-static');
    const area = page.locator('#area-mfe-static');
    await expect(area).toContainText('About');
    const heading = ((await area.textContent()) ?? '').includes('v1.0.2') === (first === '1.0.2');
    await page.reload({ waitUntil: 'domcontentloaded' });
    const again = await areaVersion(page, 'mfe-static');
    return { first, again, heading };
  } finally {
    await context.close();
  }
}

test('a 50% canary across 40 fresh visitors lands between 20% and 80%, and each keeps theirs', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  expect(ops('publish', 'mfe-static', '--from', staticBuild('v1.0.2'), '--version', '1.0.2').status).toBe(0);
  const canary = ops('rollout', 'mfe-static', '1.0.2', '--percent', '50', '--reason', 'canary');
  expect(canary.status, canary.stderr).toBe(0);

  const results: Array<{ first: string; again: string; heading: boolean }> = [];
  for (let batch = 0; batch < 10; batch += 1) {
    results.push(...(await Promise.all(Array.from({ length: 4 }, () => visit(browser)))));
  }
  const onCanary = results.filter((r) => r.first === '1.0.2').length;
  expect(results).toHaveLength(40);
  expect(results.every((r) => r.first === '1.0.2' || r.first === '1.0.0')).toBe(true);
  expect(onCanary).toBeGreaterThanOrEqual(8);
  expect(onCanary).toBeLessThanOrEqual(32);
  expect(
    results.every((r) => r.again === r.first),
    'sticky across a reload',
  ).toBe(true);
  expect(results.every((r) => r.heading)).toBe(true);
  // The landing page is scriptless while mfe-static is stable alone; with a canary its scripts run for everyone,
  // so a canary visitor gets the canary's page (api/src/site/prerendered-page.ts).
  expect(await landingScripts(browser)).toBe(true);

  // Promote makes it everyone's; rolling back returns to the stable before it.
  expect(ops('promote', 'mfe-static').status).toBe(0);
  expect((await registry()).remotes['mfe-static'].stable).toBe('1.0.2');
  expect(await landingScripts(browser)).toBe(false);
  expect(ops('rollback', 'mfe-static').stdout).toContain('rolled back to 1.0.0');
});

test('a broken canary falls back to stable with no error shown, and the failure is counted', async ({
  page,
}) => {
  expect(ops('publish', 'mfe-static', '--from', staticBuild('v1.0.3'), '--version', '1.0.3').status).toBe(0);
  expect(ops('rollout', 'mfe-static', '1.0.3', '--percent', '100').status).toBe(0);
  // The canary's entry goes missing from the static host (a 404).
  rmSync(join(product.siteDir, 'remotes', 'mfe-static', '1.0.3', 'remoteEntry.js'));

  const reported = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/platform/events') && (request.postData() ?? '').includes('load-failure'),
  );
  await page.goto(`${product.baseURL}/about`);
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
  await expect(page.locator('#area-mfe-static')).toContainText('About');
  await expect(page.getByText('not responding')).toHaveCount(0);
  const events = JSON.parse((await reported).postData()!).events;
  expect(events).toContainEqual(
    expect.objectContaining({ type: 'load-failure', remote: 'mfe-static', version: '1.0.3' }),
  );
  await page.waitForTimeout(300);

  const status = ops('status', '--api', product.baseURL, '--json');
  expect(status.status, status.stderr).toBe(0);
  const report = JSON.parse(status.stdout);
  const remote = report.remotes.find((r: { remote: string }) => r.remote === 'mfe-static');
  expect(remote.canary).toEqual({ version: '1.0.3', percent: 100 });
  expect(
    remote.versions.find((v: { version: string }) => v.version === '1.0.3').loadFailures,
  ).toBeGreaterThanOrEqual(1);
  expect(ops('rollout', 'mfe-static', '1.0.0', '--reason', 'drop the broken canary').status).toBe(0);
});

test('a canary whose remoteEntry.js was altered after publishing is blocked by the browser and falls back', async ({
  page,
}) => {
  expect(ops('publish', 'mfe-static', '--from', staticBuild('v1.0.4'), '--version', '1.0.4').status).toBe(0);
  expect(ops('rollout', 'mfe-static', '1.0.4', '--percent', '100').status).toBe(0);
  const entry = join(product.siteDir, 'remotes', 'mfe-static', '1.0.4', 'remoteEntry.js');
  appendFileSync(entry, '\n/* tampered */\n');
  // The server sends a file's precompressed twin when there is one: tamper with what it sends.
  rmSync(`${entry}.br`, { force: true });
  await page.goto(`${product.baseURL}/about`);
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
  await expect(page.locator('#area-mfe-static')).not.toContainText('v1.0.4');
  await expect(page.getByText('not responding')).toHaveCount(0);
  expect(ops('rollout', 'mfe-static', '1.0.0').status).toBe(0);
});

test('developer overrides: a disallowed origin is ignored; an allowed one needs confirming and shows a banner', async ({
  page,
}) => {
  const dialogs: string[] = [];
  let answer = false;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('evil.example')) foreign.push(request.url());
  });

  // Stored in localStorage, pointing off the allow-list: ignored.
  await page.goto(`${product.baseURL}/about`);
  await page.evaluate(() =>
    window.localStorage.setItem(
      'skynet:overrides',
      JSON.stringify({ 'mfe-static': 'http://evil.example:3005/mf-manifest.json' }),
    ),
  );
  await page.reload();
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
  await expect(page.locator('#skynet-override-banner')).toHaveCount(0);

  // From a link, off the allow-list: ignored without even asking.
  await page.evaluate(() => window.localStorage.removeItem('skynet:overrides'));
  await page.goto(`${product.baseURL}/about?override=mfe-static=http://evil.example/mf-manifest.json`);
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);

  // From a link to an allowed (loopback) origin: nothing happens unless the person confirms.
  const local = `http://127.0.0.1:${product.port}/remotes/mfe-static/1.0.1/mf-manifest.json`;
  await page.goto(`${product.baseURL}/about?override=mfe-static=${local}`);
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
  expect(dialogs).toHaveLength(1);
  await expect(page.locator('#skynet-override-banner')).toHaveCount(0);

  answer = true;
  await page.goto(`${product.baseURL}/about?override=mfe-static=${local}`);
  const banner = page.getByRole('status').filter({ hasText: 'Developer override' });
  await expect(banner).toContainText(`Developer override: mfe-static → http://127.0.0.1:${product.port}`);
  expect(dialogs).toHaveLength(2);
  await expect(page.locator('#area-mfe-static')).toContainText('About v1.0.1');
  expect(new URL(page.url()).search).toBe('');
  // Kept for the next page load without asking again, until cleared.
  await page.reload();
  await expect(banner).toBeVisible();
  expect(dialogs).toHaveLength(2);
  // The landing page, scriptless for other visitors, runs them for a developer with overrides.
  await page.goto(`${product.baseURL}/`);
  await expect(banner).toBeVisible();
  expect(await areaVersion(page, 'mfe-static')).toBe('override');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.goto(`${product.baseURL}/about`);
  await banner.getByRole('button', { name: /Clear override/ }).click();
  await expect(page.locator('#skynet-override-banner')).toHaveCount(0);
  expect(await areaVersion(page, 'mfe-static')).toBe('1.0.0');
});
