// The signed-in 404 page (issue 35, item 8) sits in the areas' column beside the rail, as every page does, and never
// under the side column at desktop widths (it was centred in the whole window, running under it at >= 1200 px).
import { expect, signIn, test } from '../fixtures';

for (const width of [1100, 1280, 1600]) {
  test(`the 404 page keeps to the page column at ${width} px`, async ({ page, user }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, user);
    await page.goto('/no-such-page');
    const notFound = page
      .getByRole('main')
      .filter({ has: page.getByRole('heading', { name: 'Suspect page not found' }) });
    await expect(notFound).toBeVisible();
    const rail = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const box = await notFound.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(rail!.x + rail!.width);
    if (width >= 1200) {
      const aside = page.getByRole('complementary', { name: 'Discover' });
      await expect(aside).toBeVisible();
      expect(box!.x + box!.width).toBeLessThanOrEqual((await aside.boundingBox())!.x);
    }
  });
}
