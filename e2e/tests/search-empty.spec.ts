// Search with nothing on one side (issue 35, item 8), at phone (390 px) and desktop (1280 px) width: a person's name
// finds no posts, and the page says so and offers the people, who are one press away; axe on the offer.
import { expectNoViolations, viewport, WIDTHS } from '../a11y';
import { expect, signIn, test } from '../fixtures';

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('a search with no posts says so and offers the people it found', async ({ page, api }, testInfo) => {
      const [reader, found] = await Promise.all([api.createUser(), api.createUser()]);
      await signIn(page, reader);
      await page.goto(`/search/${encodeURIComponent(found.userName)}`);
      await expect(page.getByText(`No posts match “${found.userName}”.`)).toBeVisible();
      await expectNoViolations(page, `an empty post search at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`search-empty-${width}.png`) });
      await page.getByRole('button', { name: 'Search people instead' }).click();
      await expect(page).toHaveURL(/\?in=users$/);
      await expect(page.getByRole('button', { name: 'Users' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('link', { name: new RegExp(`@${found.userName}`) })).toBeVisible();
    });
  });
}
