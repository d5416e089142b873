// Issue 9's page byte budgets, on what a real cold browser load downloads (gzip -9 of every script, like
// e2e/bench/bytes.mjs). Bytes are deterministic for a build, so they are gated here; timings stay in `npm run bench`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

const budgets = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'budgets.json'), 'utf8')) as {
  pages: { landing: number; feed: number };
};

/** Gzipped bytes of every script a cold load of `path` downloads, once the page has settled. */
async function scriptBytes(page: Page, path: string): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js') && response.ok()) bodies.push(response.body());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500); // late loads (reports, previews) count too
  // ...and the HTML's own scripts (the prerendered page's session probe and starter).
  const inline = await page.evaluate(() =>
    Array.from(document.scripts)
      .filter((script) => !script.src && (!script.type || /javascript|module/.test(script.type)))
      .map((script) => script.text),
  );
  return [...(await Promise.all(bodies)), ...inline.map((text) => Buffer.from(text))].reduce(
    (sum, body) => sum + gzipSync(body, { level: 9 }).length,
    0,
  );
}

test('the signed-out landing page stays within its JS budget', async ({ page }) => {
  const bytes = await scriptBytes(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(bytes).toBeLessThanOrEqual(budgets.pages.landing);
});

test('/feed on a cold load stays within its JS budget', async ({ page, user }) => {
  await signIn(page, user);
  const bytes = await scriptBytes(page, '/feed');
  await expect(page.getByRole('heading', { name: 'Galactic Feed' })).toBeVisible();
  expect(bytes).toBeLessThanOrEqual(budgets.pages.feed);
});
