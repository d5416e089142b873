// Issue 35, item 6: a reply's notification shows the reply's own words, and a follow's offers Follow back, at phone
// (390 px) and desktop (1280 px) width, with axe. Screenshots are kept with the test's output.
import { expectNoViolations, viewport, WIDTHS } from '../a11y';
import { test as base, expect, signIn } from '../fixtures';

const test = base;
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('a reply shows its own words; Follow back follows the person', async ({ page, api }, testInfo) => {
      const [me, them] = await Promise.all([api.createUser(), api.createUser()]);
      const where = { planetId: me.planetId, latitude: 0, longitude: 0 };
      const mine = await api.call<{ value: { _id: string } }>('POST', '/post', {
        token: me.token,
        data: { content: 'My photo of the Orion nebula', location: where },
      });
      await api.call('POST', '/post', {
        token: them.token,
        data: { content: 'What a sharp shot, which lens?', location: where, parentPost: mine.value._id },
      });
      await api.call('POST', `/user/${me._id}/follow`, { token: them.token });

      await signIn(page, me);
      await page.goto('/notifications');
      const reply = page.getByRole('link', { name: new RegExp(`${them.userName} replied to your post`) });
      await expect(reply).toContainText('What a sharp shot, which lens?');
      await expect(reply).not.toContainText('My photo of the Orion nebula');

      const back = page.getByRole('button', { name: `Follow back ${them.userName}` });
      await expect(back).toBeVisible();
      await expectNoViolations(page, `/notifications with Follow back at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`notifications-${width}.png`) });
      await back.click();
      await expect(page.getByRole('button', { name: `Following ${them.userName}` })).toBeDisabled();
      const followed = await api.call<{ value: boolean }>('GET', `/user/${them._id}/follow`, {
        token: me.token,
      });
      expect(followed.value).toBe(true);

      // Followed now: the next visit offers nothing.
      await page.reload();
      await expect(reply).toBeVisible();
      await expect(page.getByRole('button', { name: /^Follow back/ })).toHaveCount(0);
    });
  });
}
