// Block, mute and muted words (issue 31, items 1 and 2) as people use them, at phone (390 px) and desktop
// (1280 px) width: from a profile's buttons (Block asks first), through the galaxy feed, the other person's side
// (the profile they cannot see, the message the server refuses) and Settings' safety sections, each undone again;
// and the Block and Mute the report dialog offers after its thanks, from a conversation's menu and a profile (item 3;
// a post's report and the moderators' side: moderation.spec.ts). axe (e2e/a11y.ts) finds no violations on each new
// screen: the profile with the block dialog open, Settings' safety sections.
import type { Browser, Page } from '@playwright/test';
import { expectNoViolations, settle, viewport, WIDTHS } from '../a11y';
import { type Api, test as base, expect, signIn, type TestUser } from '../fixtures';
import { type Product, startProduct } from '../product';

// A product of the file's own in each worker: the galaxy feed lists everyone's posts, newest first, and other files
// post in bulk (feed.spec.ts); here only these tests post, so the posts each test looks for stay on its first page.
const test = base.extend<object, { product: Product }>({
  product: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const product = await startProduct({ quiet: true });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ product }, use) => {
    await use(product.baseURL);
  },
});
// Two people, two axe scans and four feed loads a test: room for a loaded machine (2 cores, other suites beside).
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/** What UserPage.tsx says on a profile you block or that blocks you (mfe-feed/src/pages/UserPage.tsx). */
const BLOCKED_BY_TEXT = 'You cannot see this profile.';
const blockingText = (userName: string) =>
  `You block @${userName}: you do not see their posts and they cannot reach you. Unblock to undo it.`;
/** The server's refusal of a message to someone who blocks you (api/src/plugins/app/safety-texts.ts). */
const REPORT_THANKS_TEXT = 'Thanks for your report. Our moderators will review it.';
const BLOCKED_BY_REFUSAL = 'You cannot do that: this account has blocked you.';

const unique = () => Math.random().toString(36).slice(2, 8);

async function post(api: Api, who: TestUser, content: string) {
  await api.call('POST', '/post', {
    token: who.token,
    data: { content, location: { planetId: who.planetId, latitude: 0, longitude: 0 } },
  });
}

/** A person signed in on a page of their own, at `width`. */
async function personOn(browser: Browser, baseURL: string, who: TestUser, width: number) {
  const context = await browser.newContext({ baseURL, viewport: viewport(width as 390 | 1280) });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

/**
 * The galaxy feed, fresh, once `shown` (a post written after the others) is drawn: then `hidden` must not be in it.
 * Both are on its first page (the newest posts first; only this file's tests post to this product).
 */
async function expectFeed(page: Page, { shown, hidden }: { shown: string[]; hidden: string[] }) {
  await page.goto('/feed');
  for (const text of shown) await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  for (const text of hidden) await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('block from a profile: both sides lose each other, Settings lists it, Unblock restores', async ({
      page,
      browser,
      baseURL,
      api,
    }) => {
      const [me, them, bystander] = await Promise.all([api.createUser(), api.createUser(), api.createUser()]);
      const theirPost = `Their post about the rings of Saturn ${unique()}`;
      const laterPost = `A later post from someone else ${unique()}`;
      await post(api, them, theirPost);
      await post(api, bystander, laterPost);

      await signIn(page, me);
      await expectFeed(page, { shown: [laterPost, theirPost], hidden: [] });

      // Block asks first, in a dialog that says what it does.
      await page.goto(`/user/${them._id}`);
      await page.getByRole('button', { name: 'Block', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Block @${them.userName}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('They are not told.');
      await settle(page);
      await expectNoViolations(page, `the profile with the block dialog open at ${width} px`);
      await dialog.getByRole('button', { name: 'Block', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(blockingText(them.userName))).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
      // After a reload too: the server says so.
      await page.reload();
      await expect(page.getByText(blockingText(them.userName))).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();

      // Their post leaves the galaxy feed.
      await expectFeed(page, { shown: [laterPost], hidden: [theirPost] });

      // Their side: the profile is closed to them, and a message is refused with the server's words.
      const other = await personOn(browser, baseURL!, them, width);
      await other.page.goto(`/user/${me._id}`);
      await expect(other.page.getByText(BLOCKED_BY_TEXT)).toBeVisible();
      await expect(
        other.page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }),
      ).toHaveCount(0);
      await other.page.goto(`/messages/${me._id}`);
      await other.page.getByRole('textbox', { name: 'Message' }).fill('Hello, are you there?');
      await other.page.getByRole('button', { name: 'Send' }).click();
      await expect(other.page.getByRole('alert').filter({ hasText: BLOCKED_BY_REFUSAL })).toBeVisible();

      // Settings lists them under 'Blocked accounts', with Unblock.
      await page.goto('/settings');
      const blocked = page.getByRole('region', { name: 'Blocked accounts' });
      await expect(blocked.getByRole('link', { name: new RegExp(`@${them.userName}`) })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Muted accounts' })).toContainText(
        'You have not muted anyone.',
      );
      await expect(page.getByRole('region', { name: 'Muted words' })).toContainText(
        'You have not muted any words.',
      );
      await settle(page);
      await expectNoViolations(page, `Settings' safety sections with a blocked account at ${width} px`);
      await blocked.getByRole('button', { name: `Unblock @${them.userName}` }).click();
      await expect(blocked.getByRole('status')).toHaveText(`@${them.userName} is no longer blocked.`);
      await expect(blocked).toContainText('You have not blocked anyone.');

      // Unblocked: the post is back, the profile offers Block and Message again, and they see the profile.
      await expectFeed(page, { shown: [laterPost, theirPost], hidden: [] });
      await page.goto(`/user/${them._id}`);
      await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Message', exact: true })).toBeVisible();
      await expect(page.getByText(blockingText(them.userName))).toHaveCount(0);
      await other.page.goto(`/user/${me._id}`);
      await expect(
        other.page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }),
      ).toBeVisible();
      await expect(other.page.getByText(BLOCKED_BY_TEXT)).toHaveCount(0);
      await other.context.close();
    });

    test('mute from a profile and a muted word in Settings: their posts leave the feed, Unmute brings them back', async ({
      page,
      api,
    }) => {
      const [me, them, wordy, bystander] = await Promise.all([
        api.createUser(),
        api.createUser(),
        api.createUser(),
        api.createUser(),
      ]);
      const word = `zorblax${unique()}`;
      const theirPost = `Their post about comet tails ${unique()}`;
      const wordPost = `Nothing but ${word} talk today ${unique()}`;
      const laterPost = `A later post from someone else ${unique()}`;
      await post(api, them, theirPost);
      await post(api, wordy, wordPost);
      await post(api, bystander, laterPost);

      await signIn(page, me);
      await expectFeed(page, { shown: [laterPost, wordPost, theirPost], hidden: [] });

      // Mute: no question asked, the button turns into Unmute, their post leaves the feed.
      await page.goto(`/user/${them._id}`);
      await page.getByRole('button', { name: 'Mute', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
      await expectFeed(page, { shown: [laterPost, wordPost], hidden: [theirPost] });

      // A muted word, added in Settings: the post with it leaves the feed too.
      await page.goto('/settings');
      const words = page.getByRole('region', { name: 'Muted words' });
      await words.getByRole('textbox', { name: 'Word or phrase' }).fill(word);
      await words.getByRole('button', { name: 'Mute word' }).click();
      await expect(words.getByRole('status')).toHaveText(`“${word}” is muted.`);
      await expect(words.getByRole('list', { name: 'Your muted words' })).toContainText(word);
      const muted = page.getByRole('region', { name: 'Muted accounts' });
      await expect(muted.getByRole('button', { name: `Unmute @${them.userName}` })).toBeVisible();
      await settle(page);
      await expectNoViolations(
        page,
        `Settings' safety sections with a muted account and word at ${width} px`,
      );
      await expectFeed(page, { shown: [laterPost], hidden: [theirPost, wordPost] });

      // Unmute on the profile: their post is back (the word still hides its post).
      await page.goto(`/user/${them._id}`);
      await page.getByRole('button', { name: 'Unmute', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
      await expectFeed(page, { shown: [laterPost, theirPost], hidden: [wordPost] });

      // Removing the word brings its post back.
      await page.goto('/settings');
      await words.getByRole('button', { name: `Remove ${word}` }).click();
      await expect(words.getByRole('status')).toHaveText(`“${word}” is no longer muted.`);
      await expect(page.getByRole('region', { name: 'Muted accounts' })).toContainText(
        'You have not muted anyone.',
      );
      await expectFeed(page, { shown: [laterPost, wordPost, theirPost], hidden: [] });
    });
    test('report a conversation and a person: Block and Mute from the thanks take effect where they were offered', async ({
      page,
      api,
    }) => {
      const [me, them] = await Promise.all([api.createUser(), api.createUser()]);
      const text = `Want cheap moons? ${unique()}`;
      await api.call('POST', '/user/chat', {
        token: them.token,
        data: { receiverId: me._id, content: text },
      });

      // The conversation's menu: Report, then Block from the thanks.
      await signIn(page, me);
      await page.goto(`/messages/${them._id}`);
      await expect(page.getByText(text)).toBeVisible();
      await page.getByRole('button', { name: 'Conversation actions' }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      const form = page.getByRole('dialog', { name: 'Report this conversation' });
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(form.getByRole('alert')).toHaveText('Choose a reason.');
      await form.getByRole('radio', { name: 'Harassment' }).check();
      await form.getByRole('button', { name: 'Send' }).click();
      const thanks = page.getByRole('dialog', { name: 'Report sent' });
      await expect(thanks).toContainText(REPORT_THANKS_TEXT);
      await thanks.getByRole('button', { name: 'Block' }).click();
      await expect(thanks).toContainText(`You block @${them.userName}.`);
      await expect(thanks.getByRole('button', { name: 'Block' })).toHaveCount(0);
      await expect(thanks.getByRole('button', { name: 'Mute' })).toHaveCount(0);
      await thanks.getByRole('button', { name: 'Done' }).click();
      await expect(thanks).toHaveCount(0);
      await expect(
        page.getByText(`You block @${them.userName}. Unblock them to send a message.`),
      ).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      // Unblock from the same menu: the message box is back.
      await page.getByRole('button', { name: 'Conversation actions' }).click();
      await page.getByRole('menuitem', { name: 'Unblock' }).click();
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

      // The profile's Report, then Mute from the thanks: the profile's button says Unmute.
      await page.goto(`/user/${them._id}`);
      await page.getByRole('button', { name: 'Report', exact: true }).click();
      const account = page.getByRole('dialog', { name: 'Report this account' });
      await account.getByRole('radio', { name: 'Other' }).check();
      await account.getByRole('textbox', { name: 'More details (optional)' }).fill('Sells moons to everyone');
      await account.getByRole('button', { name: 'Send' }).click();
      await expect(thanks).toContainText(REPORT_THANKS_TEXT);
      await thanks.getByRole('button', { name: 'Mute' }).click();
      await expect(thanks).toContainText(`You mute @${them.userName}.`);
      await thanks.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Report', exact: true })).toBeFocused();
    });
  });
}
