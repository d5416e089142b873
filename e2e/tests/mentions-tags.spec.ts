// Mentions and hashtags (issue 35, item 2) as people meet them, at phone (390 px) and desktop (1280 px) width: in a
// post, `@name` links to that person's profile and `#tag` to the tag's feed, where the post is listed; the person
// mentioned is told on /notifications, with the post's own words. axe on the card's links, the tag's page and the
// notification. Screenshots are kept with the test's output.
import { expectNoViolations, viewport, WIDTHS } from '../a11y';
import { test as base, expect, signIn } from '../fixtures';

const test = base;
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const unique = () => Math.random().toString(36).slice(2, 8);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('@name and #tag are links, the tag has its feed, and the person mentioned is told', async ({
      page,
      api,
    }, testInfo) => {
      const [author, mentioned] = await Promise.all([api.createUser(), api.createUser()]);
      const tag = `rings${unique()}`;
      const text = `Saturn tonight with @${mentioned.userName}, see #${tag.toUpperCase()} and mail a@b.org`;
      // Throws unless the API answers 2xx.
      await api.call('POST', '/post', {
        token: author.token,
        data: { content: text, location: { planetId: author.planetId, latitude: 0, longitude: 0 } },
      });

      await signIn(page, mentioned);
      await page.goto('/notifications');
      const entry = page.getByRole('link', { name: new RegExp(`${author.userName} mentioned you`) });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText('Saturn tonight');
      await expectNoViolations(page, `/notifications with a mention at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`mention-notification-${width}.png`) });

      await entry.click();
      const card = page.getByRole('article').filter({ hasText: 'Saturn tonight' }).first();
      const person = card.getByRole('link', { name: `@${mentioned.userName}`, exact: true });
      await expect(person).toHaveAttribute('href', `/user/${mentioned._id}`);
      // Written in capitals, the tag is one tag: its link is lowercase; the e-mail address is no mention.
      const hashtag = card.getByRole('link', { name: `#${tag.toUpperCase()}`, exact: true });
      await expect(hashtag).toHaveAttribute('href', `/tag/${tag}`);
      await expect(card.getByRole('link', { name: /@b\.org/ })).toHaveCount(0);
      await expectNoViolations(page, `a post with a mention and a tag at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`mention-tag-post-${width}.png`) });

      await hashtag.click();
      await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`));
      await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
      const feed = page.getByRole('feed', { name: `Posts tagged #${tag}` });
      await expect(feed.getByRole('article')).toHaveCount(1);
      await expect(feed.getByRole('article')).toContainText('Saturn tonight');
      await expectNoViolations(page, `/tag/${tag} at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`tag-feed-${width}.png`) });

      // A tag nobody used yet: the page says so.
      await page.goto(`/tag/none${unique()}`);
      await expect(page.getByText(/^No posts with #none\w+ yet\.$/)).toBeVisible();
      await expectNoViolations(page, `an empty tag at ${width} px`);
    });
  });
}

for (const width of WIDTHS) {
  test.describe(`the composer at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('suggests people as @name and tags as #tag are typed, by keyboard, and the post mentions the one chosen', async ({
      page,
      api,
    }, testInfo) => {
      const stem = `orb${unique()}`;
      const [author, first, second] = await Promise.all([
        api.createUser(),
        api.createUser({ userName: `${stem}_a` }),
        api.createUser({ userName: `${stem}_b` }),
      ]);
      await api.call('POST', '/post', {
        token: first.token,
        data: {
          content: `Tonight #${stem}`,
          location: { planetId: first.planetId, latitude: 0, longitude: 0 },
        },
      });
      await signIn(page, author);
      await page.goto('/post');
      const box = page.getByRole('textbox', { name: 'Post content' });
      await box.fill('Clear skies, ');
      await box.press('End');
      await box.pressSequentially(`@${stem}`);
      const list = page.getByRole('listbox', { name: 'People to mention' });
      await expect(list.getByRole('option')).toHaveText([`@${first.userName}`, `@${second.userName}`]);
      await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await expectNoViolations(page, `the composer's suggestions at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`mention-suggestions-${width}.png`) });

      await box.press('ArrowDown');
      await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(list).toHaveCount(0);
      await expect(box).toHaveValue(`Clear skies, @${second.userName} `);
      // A tag someone used: `#` and its start list it.
      await box.pressSequentially('look up #');
      await box.pressSequentially(stem.slice(0, 5));
      const tags = page.getByRole('listbox', { name: 'Tags' });
      await expect(tags.getByRole('option')).toHaveText([`#${stem}`]);
      await expectNoViolations(page, `the composer's tag suggestions at ${width} px`);
      await box.press('Enter');
      await expect(box).toHaveValue(`Clear skies, @${second.userName} look up #${stem} `);
      await page.getByRole('button', { name: 'Create Post' }).click();
      await expect(page).toHaveURL(/\/post\/[^/]+$/);
      const card = page.getByRole('article').filter({ hasText: 'Clear skies' }).first();
      await expect(card.getByRole('link', { name: `@${second.userName}`, exact: true })).toHaveAttribute(
        'href',
        `/user/${second._id}`,
      );
    });
  });
}
