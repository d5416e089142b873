// Editing a post (issue 35, item 5) as its author does it, at phone (390 px) and desktop (1280 px) width: the post's
// page offers Edit post to the author only; the dialog holds the text as it stands, says a blank post is refused,
// saves, and the card says Edited; the mark opens every text the post has had, newest first; the author's list shows
// the mark too. axe (e2e/a11y.ts) finds no violations with each dialog open. Screenshots of both dialogs and the
// edited card are kept with the test's output.
import { expectNoViolations, viewport, WIDTHS } from '../a11y';
import { test as base, expect, signIn } from '../fixtures';

const test = base;
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const unique = () => Math.random().toString(36).slice(2, 8);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('the author edits a post, the card says Edited, and the history shows every text', async ({
      page,
      api,
      browser,
      baseURL,
    }, testInfo) => {
      const [author, reader] = await Promise.all([api.createUser(), api.createUser()]);
      const first = `Saturn's rings at dusk ${unique()}`;
      const second = `Saturn's rings at dawn ${unique()}`;
      const created = await api.call<{ value: { _id: string } }>('POST', '/post', {
        token: author.token,
        data: { content: first, location: { planetId: author.planetId, latitude: 0, longitude: 0 } },
      });
      const id = created.value._id;

      await signIn(page, author);
      await page.goto(`/post/${id}`);
      const card = page.getByRole('article').filter({ hasText: first });
      await expect(card).toBeVisible();
      await expect(card.getByText('Edited')).toHaveCount(0);
      await page.getByRole('button', { name: 'Edit post' }).click();

      const dialog = page.getByRole('dialog', { name: 'Edit post' });
      const box = dialog.getByLabel('Post text');
      await expect(box).toHaveValue(first);
      await expect(box).toBeFocused();
      await box.fill('   ');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('The post must contain a visible character.');
      await expectNoViolations(page, `/post/{id} edit dialog at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`edit-dialog-${width}.png`) });

      await box.fill(second);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      const edited = page.getByRole('article').filter({ hasText: second });
      await expect(edited).toBeVisible();
      await expect(edited.getByRole('button', { name: 'Edited' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`edited-post-${width}.png`) });

      await edited.getByRole('button', { name: 'Edited' }).click();
      const history = page.getByRole('dialog', { name: 'Edit history' });
      const versions = history.getByRole('listitem');
      await expect(versions).toHaveCount(2);
      await expect(versions.nth(0)).toContainText('Current');
      await expect(versions.nth(0)).toContainText(second);
      await expect(versions.nth(1)).toContainText('Original');
      await expect(versions.nth(1)).toContainText(first);
      await expectNoViolations(page, `/post/{id} edit history at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`edit-history-${width}.png`) });
      await history.getByRole('button', { name: 'Close' }).click();
      await expect(history).toHaveCount(0);

      // The author's list of posts draws the mark too (from the HTML's drawing or the real card).
      await page.goto(`/user/${author._id}`);
      const listed = page.getByRole('article').filter({ hasText: second });
      await expect(listed.getByText('Edited', { exact: true })).toBeVisible();
      await expect(page.getByText(first)).toHaveCount(0);

      // Another person reads the new text and the mark, and has no Edit post.
      const context = await browser.newContext({ baseURL, viewport: viewport(width) });
      const other = await context.newPage();
      await signIn(other, reader);
      await other.goto(`/post/${id}`);
      await expect(other.getByRole('article').filter({ hasText: second })).toBeVisible();
      await expect(other.getByRole('button', { name: 'Edited' })).toBeVisible();
      await expect(other.getByRole('button', { name: 'Edit post' })).toHaveCount(0);
      await context.close();
    });
  });
}
