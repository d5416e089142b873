// The Following timeline (issue 35, item 1) as people use it, at phone (390 px) and desktop (1280 px) width: /feed's
// tabs (Following first, Galaxy until chosen), a followed person's posts and one's own on Following and nobody
// else's, the choice remembered across a reload, the new-posts button when a followed person posts, the empty tab's
// guidance, and axe on the tabs. Screenshots are kept with the test's output.
import { expectNoViolations, viewport, WIDTHS } from '../a11y';
import { test as base, expect, signIn } from '../fixtures';

const test = base;
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const unique = () => Math.random().toString(36).slice(2, 8);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('Following shows the people followed and one’s own posts, live, and stays chosen', async ({
      page,
      api,
    }, testInfo) => {
      const [reader, followed, stranger] = await Promise.all([
        api.createUser(),
        api.createUser(),
        api.createUser(),
      ]);
      const say = (who: typeof reader, content: string) =>
        api.call('POST', '/post', {
          token: who.token,
          data: { content, location: { planetId: who.planetId, latitude: 0, longitude: 0 } },
        });
      const tag = unique();
      await say(followed, `Rings of Saturn tonight ${tag}`);
      await say(stranger, `A stranger's comet ${tag}`);
      await say(reader, `My own telescope ${tag}`);
      await api.call('POST', `/user/${followed._id}/follow`, { token: reader.token });

      await signIn(page, reader);
      await page.goto('/feed');
      const tabs = page.getByRole('tablist', { name: 'Feeds' });
      await expect(tabs.getByRole('tab')).toHaveText(['Following', 'Galaxy']);
      await expect(tabs.getByRole('tab', { name: 'Galaxy' })).toHaveAttribute('aria-selected', 'true');

      // The real page in place of the HTML's drawing (whose tabs are plain links to `?tab=`).
      await expect(page.locator('#prerendered')).toHaveCount(0);
      await tabs.getByRole('tab', { name: 'Following' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Following' });
      const feed = panel.getByRole('feed', { name: 'Following' });
      await expect(feed.getByRole('article').filter({ hasText: `My own telescope ${tag}` })).toBeVisible();
      await expect(
        feed.getByRole('article').filter({ hasText: `Rings of Saturn tonight ${tag}` }),
      ).toBeVisible();
      await expect(page.getByText(`A stranger's comet ${tag}`)).toHaveCount(0);
      await expectNoViolations(page, `/feed Following tab at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`following-${width}.png`) });

      // A followed person's new post waits behind the button; a stranger's never counts.
      await say(stranger, `Another stranger ${tag}`);
      await say(followed, `Jupiter's moons ${tag}`);
      const fresh = page.getByRole('button', { name: /1 new post/ });
      await expect(fresh).toBeVisible();
      await fresh.click();
      await expect(feed.getByRole('article').first()).toContainText(`Jupiter's moons ${tag}`);
      await expect(page.getByText(`Another stranger ${tag}`)).toHaveCount(0);

      // Chosen: a reload opens Following again.
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('feed', { name: 'Following' }).getByRole('article').first()).toContainText(
        `Jupiter's moons ${tag}`,
      );

      // Back to Galaxy by keyboard: everyone's posts again.
      await page.getByRole('tab', { name: 'Following' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Galaxy' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Galaxy' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('feed', { name: 'Galactic Feed' })).toBeVisible();
    });

    test('an empty Following tab says where to find people', async ({ page, api }, testInfo) => {
      const reader = await api.createUser();
      await signIn(page, reader);
      await page.goto('/feed?tab=following');
      await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
      const notice = page.getByRole('tabpanel').getByRole('status');
      await expect(notice).toContainText('Posts of the people you follow show here, with your own.');
      await expect(notice.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
      await expectNoViolations(page, `/feed empty Following tab at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`following-empty-${width}.png`) });
    });
  });
}
