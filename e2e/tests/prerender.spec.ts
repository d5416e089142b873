// The landing page's prerendered markup (issue 9; tooling/rspack/prerender.mjs, site/src/prerendered-page.ts):
// it paints from the HTML with mfe-map's preview in it, is the whole page for a signed-out visitor (no script at
// all), and never shows to a signed-in visitor. (With a canary or developer overrides the scripts run:
// delivery.spec.ts.)
import { collectErrors, expect, signIn, test } from '../fixtures';

const TITLE = 'Your planet. Your people. The whole galaxy.';

test('without any script the landing page is whole and its links work', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(page.getByRole('img', { name: /preview of the Skynet galaxy map/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('a signed-out visitor gets the whole page from the HTML: no script, one paint, no shift', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const requests: string[] = [];
  page.on('request', (request) =>
    requests.push(`${request.resourceType()} ${new URL(request.url()).pathname}`),
  );
  // A busy machine, where the parser yields mid-page: painting the half-parsed markup drew the landing page as a
  // signed-in column, then widened it (a shift of 0.25-0.5 in half the loads at 6x, none since the paint waits for
  // the whole markup).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/');
  // mfe-map's preview, put in the page by the server from mfe-map's published markup.
  await expect(page.getByRole('img', { name: /preview of the Skynet galaxy map/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  const paints = await page.evaluate(
    () =>
      new Promise<{ lcp: number; shifts: number }>((resolve) => {
        // Buffered entries: every largest-contentful-paint candidate and layout shift since navigation.
        let lcp = 0;
        let shifts = 0;
        new PerformanceObserver((list) => {
          lcp += list.getEntries().length;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          shifts += list.getEntries().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0);
        }).observe({ type: 'layout-shift', buffered: true });
        // Past the starter's longest wait (1 s): had it started the scripts, they would be requested by now.
        setTimeout(() => resolve({ lcp, shifts }), 1500);
      }),
  );
  expect(paints.lcp).toBe(1);
  expect(paints.shifts).toBe(0);
  // The document and its speculation rules (JSON, for where the visitor goes next), nothing else: no script, no
  // registry or config (their preloads are parked too).
  expect(requests.filter((r) => !r.endsWith('/favicon.ico')).sort()).toEqual([
    'document /',
    'other /speculation-rules.json',
  ]);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible();
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

test('the landing page needs no remote: with every remote down it is whole', async ({ page }) => {
  await page.route('**/remotes/**', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('img', { name: /preview of the Skynet galaxy map/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
