// Editing a post, content warnings (issue 35, item 5) and links in posts (item 6) as people use them, at phone
// (390 px) and desktop (1280 px) width. Editing: the post's page offers Edit post to the author only; the dialog holds the text as it stands, says a
// blank post is refused, saves, and the card says Edited; the mark opens every text the post has had, newest first;
// the author's list shows the mark too. Content warnings: written in the composer, the text is folded behind the
// warning on the post's page and in lists until opened, and the editor changes or removes it. axe (e2e/a11y.ts) finds
// no violations with each dialog open and on a folded card. A web address in a post is a link that opens in a new tab
// without a handle on the page. Screenshots are kept with the test's output.
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

    test('a content warning folds the text until opened, in lists too, and the editor removes it', async ({
      page,
      user,
    }, testInfo) => {
      const text = `How the eclipse ended ${unique()}`;
      await signIn(page, user);
      await page.goto('/post');
      await page.getByRole('button', { name: 'Add content warning' }).click();
      await page.getByRole('textbox', { name: 'Content warning' }).fill('Eclipse spoilers');
      await page.getByPlaceholder('Share your ideas...').fill(text);
      await page.screenshot({ path: testInfo.outputPath(`composer-content-warning-${width}.png`) });
      await page.getByRole('button', { name: 'Create Post' }).click();
      await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

      const card = page.locator('article').first();
      const summary = card.locator('summary');
      await expect(summary).toContainText('Eclipse spoilers');
      // 'Show post' / 'Hide post' are the hint's CSS text (the disclosure's own state is what assistive tech reads).
      await expect(card.locator('details')).not.toHaveAttribute('open');
      await expect(card.getByText(text)).toBeHidden();
      await expectNoViolations(page, `/post/{id} behind a content warning at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`content-warning-folded-${width}.png`) });
      await summary.click();
      await expect(card.getByText(text)).toBeVisible();
      await expect(card.locator('details')).toHaveAttribute('open', '');
      await page.screenshot({ path: testInfo.outputPath(`content-warning-open-${width}.png`) });

      // The author's list folds it too.
      await page.goto(`/user/${user._id}`);
      const listed = page.getByRole('article').filter({ hasText: 'Eclipse spoilers' });
      await expect(listed).toBeVisible();
      await expect(listed.getByText(text)).toBeHidden();

      // Edit: the warning is in the dialog; emptied, the text shows at once.
      await listed.getByRole('link', { name: /comments?$/ }).click();
      await page.getByRole('button', { name: 'Edit post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit post' });
      const warning = dialog.getByRole('textbox', { name: 'Content warning (optional)' });
      await expect(warning).toHaveValue('Eclipse spoilers');
      await warning.fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('article').first().getByText(text)).toBeVisible();
      await expect(page.locator('article').first().locator('summary')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Edited' })).toBeVisible();
    });

    test('a web address in a post is a link that opens in a new tab, in lists and on its page', async ({
      page,
      api,
      user,
    }, testInfo) => {
      const text = `Launch window notes ${unique()} at https://example.org/launch?window=3.`;
      const created = await api.call<{ value: { _id: string } }>('POST', '/post', {
        token: user.token,
        data: { content: text, location: { planetId: user.planetId, latitude: 0, longitude: 0 } },
      });
      await signIn(page, user);
      for (const path of [`/user/${user._id}`, `/post/${created.value._id}`]) {
        await page.goto(path);
        const card = page.getByRole('article').filter({ hasText: 'Launch window notes' });
        const link = card.getByRole('link', { name: 'https://example.org/launch?window=3' });
        await expect(link).toHaveAttribute('href', 'https://example.org/launch?window=3');
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
        await expect(card).toContainText(text);
      }
      await expectNoViolations(page, `/post/{id} with a link at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`post-link-${width}.png`) });
    });
  });
}
