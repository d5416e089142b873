// Report and moderation (issue 31, items 3 and 4) as people use them, at phone (390 px) and desktop (1280 px) width:
// a person reports a post from its menu (reason, words, the thanks with Block and Mute offered); an administrator
// finds it in /admin with the post in context, removes the post with a reason; the post shows 'Removed by
// moderators' where it stood, its author is told, and /admin/audit lists the action. Everyone else gets the 404 page
// at /admin, and never loads its code. axe (e2e/a11y.ts) finds no violations on the report dialog (both steps), /admin and /admin/audit.
//
// An administrator is made the way an operator makes one (e2e/administrator.ts), which stops the server for the
// command: this file runs a product of its own.
import type { Browser } from '@playwright/test';
import { expectNoViolations, settle, viewport, WIDTHS } from '../a11y';
import { grantAdministrator } from '../administrator';
import { type Api, apiFor, expect, signIn, type TestUser, test } from '../fixtures';
import { type Product, startProduct } from '../product';

/** What the report dialog and the post card say (kit/src/safety/ReportDialog.tsx, mfe-feed PostCard.tsx). */
const REPORT_THANKS_TEXT = 'Thanks for your report. Our moderators will review it.';
const REMOVED_POST_TEXT = 'Removed by moderators';

// Three people and five axe scans a test: room for a loaded machine (2 cores, other suites beside).
test.describe.configure({ timeout: 90_000 });

let product: Product;
let api: Api;
let admin: TestUser;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  product = await startProduct({ quiet: true });
  api = apiFor(await playwright.request.newContext(), product.baseURL);
  admin = await grantAdministrator(product, api, 'e2e moderator');
});

test.afterAll(async () => {
  await product?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** A person signed in on a page of their own, at `width`. */
async function personOn(browser: Browser, who: TestUser, width: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({ baseURL: product.baseURL, viewport: viewport(width) });
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test('a reported post: the thanks, the queue in /admin, Remove post, the notice and the audit log', async ({
      browser,
    }) => {
      const [reporter, author] = await Promise.all([api.createUser(), api.createUser()]);
      const content = `Cheap moons for sale, click here ${unique()}`;
      const details = `Spam in every feed ${unique()}`;
      const removal = `Selling moons is spam ${unique()}`;
      const { value: post } = await api.call<{ value: { _id: string } }>('POST', '/post', {
        token: author.token,
        data: { content, location: { planetId: author.planetId, latitude: 0, longitude: 0 } },
      });

      // The reporter: Report from the post's menu on its page (feed cards carry like, save and comments only), a
      // reason and a few words, Send.
      const person = await personOn(browser, reporter, width);
      const page = person.page;
      // Nobody but an administrator loads the area's code (the remote's files under /remotes/mfe-admin/).
      const adminCode: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/remotes/mfe-admin/')) adminCode.push(request.url());
      });
      await page.goto('/feed');
      await page
        .getByRole('article')
        .filter({ hasText: content })
        .getByRole('link', { name: /comments?$/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/post/${post._id}$`));
      const card = page.getByRole('article').filter({ hasText: content });
      await card.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      const form = page.getByRole('dialog', { name: 'Report this post' });
      await expect(form).toBeVisible();
      await settle(page);
      await expectNoViolations(page, `the report dialog at ${width} px`);
      await form.getByRole('radio', { name: 'Spam' }).check();
      await form.getByRole('textbox', { name: 'More details (optional)' }).fill(details);
      await form.getByRole('button', { name: 'Send' }).click();
      const thanks = page.getByRole('dialog', { name: 'Report sent' });
      await expect(thanks).toContainText(REPORT_THANKS_TEXT);
      await expect(thanks).toContainText(`You can also block or mute @${author.userName}.`);
      await expect(thanks.getByRole('button', { name: 'Block' })).toBeVisible();
      await expect(thanks.getByRole('button', { name: 'Mute' })).toBeVisible();
      await settle(page);
      await expectNoViolations(page, `the report dialog's thanks at ${width} px`);
      await thanks.getByRole('button', { name: 'Done' }).click();
      await expect(thanks).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'More actions' })).toBeFocused();

      // Not an administrator: /admin is the 404 page.
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Suspect page not found' })).toBeVisible();
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Suspect page not found' })).toBeVisible();
      expect(adminCode).toEqual([]);

      // The administrator: the report in the open queue, with the post in context.
      const moderator = await personOn(browser, admin, width);
      const desk = moderator.page;
      const loaded = desk.waitForRequest((request) => request.url().includes('/remotes/mfe-admin/'));
      await desk.goto('/admin');
      await expect(desk.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
      await loaded;
      const report = desk
        .getByRole('list', { name: 'Open reports' })
        .getByRole('article')
        .filter({ hasText: details });
      await expect(report.getByRole('heading', { name: 'Post reported for spam' })).toBeVisible();
      await expect(report).toContainText(`Reported by @${reporter.userName}`);
      await expect(report.getByRole('figure', { name: 'Reported post' })).toContainText(content);
      await expect(report.getByRole('figure', { name: 'Reported post' })).toContainText(
        `@${author.userName}`,
      );
      await settle(desk);
      await expectNoViolations(desk, `/admin with an open report at ${width} px`);

      // Remove post asks for a reason, then the report leaves the open queue.
      await report.getByRole('button', { name: 'Remove post' }).click();
      const reason = report.getByRole('form', { name: `Remove the post by @${author.userName}` });
      await expect(reason.getByRole('textbox', { name: 'Reason' })).toBeFocused();
      await settle(desk);
      await expectNoViolations(desk, `/admin asking for a reason at ${width} px`);
      await reason.getByRole('textbox', { name: 'Reason' }).fill(removal);
      await reason.getByRole('button', { name: 'Confirm remove post' }).click();
      await expect(desk.getByText('Report resolved: post removed.')).toBeVisible();
      await expect(report).toHaveCount(0);

      // Resolved, with the post shown as removed to the moderators.
      await desk.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Resolved' }).click();
      const resolved = desk
        .getByRole('list', { name: 'Resolved reports' })
        .getByRole('article')
        .filter({ hasText: details });
      await expect(resolved).toContainText(`Post removed by ${admin.userName} on `);
      await expect(resolved.getByRole('figure', { name: 'Reported post' })).toContainText(REMOVED_POST_TEXT);

      // The audit log lists it: who, what, on which post, why.
      await desk
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(desk.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const row = desk.getByRole('row').filter({ hasText: removal });
      await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(admin.userName));
      await expect(row.getByRole('cell').nth(2)).toHaveText('post.remove');
      await expect(row.getByRole('link', { name: /^Post / })).toHaveAttribute('href', `/post/${post._id}`);
      await settle(desk);
      await expectNoViolations(desk, `/admin/audit at ${width} px`);
      await moderator.context.close();

      // Where the post stood: 'Removed by moderators', in place of its words.
      await page.goto(`/post/${post._id}`);
      const removed = page.getByRole('article').filter({ hasText: REMOVED_POST_TEXT });
      await expect(removed).toBeVisible();
      await expect(page.getByText(content)).toHaveCount(0);

      // The author is told, with the reason, on /notifications.
      await person.context.close();
      const told = await personOn(browser, author, width);
      await told.page.goto('/notifications');
      await expect(
        told.page.getByRole('listitem').filter({ hasText: 'Moderators' }).filter({ hasText: removal }),
      ).toContainText(`The moderators removed your post: ${removal}`);
      await told.context.close();
    });
  });
}
