// The landing page's prerendered markup (issue 9; tooling/rspack/prerender.mjs, api/src/lib/prerendered-page.ts):
// it paints from the HTML, works without scripts, gives way to the real page without a flash or a shift, and never
// shows to a signed-in visitor or hides a failure.
import { collectErrors, expect, signIn, test } from '../fixtures';

const TITLE = 'Your planet. Your people. The whole galaxy.';

test('without any script the landing page is whole and its links work', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(page.getByRole('img', { name: 'A starfield around the sun' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('the real page replaces the markup: one h1, painted once, no shift', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  // The map preview comes from mfe-map: the real page is running.
  await expect(page.getByRole('img', { name: /preview of the Skynet galaxy map/ })).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const paints = await page.evaluate(
    () =>
      new Promise<{ lcp: number; shifts: number }>((resolve) => {
        const read = (type: string) => performance.getEntriesByType(type).length;
        // Buffered entries: every largest-contentful-paint candidate and layout shift since navigation.
        let lcp = 0;
        let shifts = 0;
        new PerformanceObserver((list) => {
          lcp += list.getEntries().length;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          shifts += list.getEntries().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0);
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ lcp: lcp || read('largest-contentful-paint'), shifts }), 300);
      }),
  );
  // The prerendered text is the largest paint, and the real page, the same size in the same place, is not a new one.
  expect(paints.lcp).toBe(1);
  expect(paints.shifts).toBe(0);
  // The page's scripts are requested only once the markup has painted: the paint waits for nothing.
  const order = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.startTime),
    ),
  }));
  expect(Number.isFinite(order.firstScript)).toBe(true);
  expect(order.firstScript).toBeGreaterThanOrEqual(order.paint);
  expect(errors).toEqual([]);
});

test('a visitor with a saved session never sees the signed-out markup', async ({ page, user }) => {
  await signIn(page, user);
  // Scripts never start here, so what shows is the HTML alone: the probe in <head> must hide the markup.
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('#prerendered')).toBeHidden();
  await page.unroute(/\/main\.[0-9a-f]+\.js$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Recenter' })).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0);
});

test('a remote that cannot load shows its failure, not the markup', async ({ page }) => {
  await page.route('**/remotes/mfe-static/**/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('This part of Skynet is not responding.');
  await expect(page.locator('#prerendered')).toHaveCount(0);
});
