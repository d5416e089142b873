// Issue 35, item 8: the messages list shows each conversation's last message ("You: " first when yours), its time and
// an unread mark that goes once the conversation is opened, and a "New message" way to start one, at phone (390 px)
// and desktop (1280 px) width, with axe. Screenshots are kept with the test's output.
import { expectNoViolations, viewport, WIDTHS } from '../a11y';
import { test as base, expect, signIn } from '../fixtures';

const test = base;
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('rows show the last message and unread count; opening one reads it; New message finds people', async ({
      page,
      api,
    }, testInfo) => {
      const [me, ann, bob] = await Promise.all([api.createUser(), api.createUser(), api.createUser()]);
      const send = (from: { token: string }, to: { _id: string }, content: string) =>
        api.call('POST', '/user/chat', { token: from.token, data: { receiverId: to._id, content } });
      await send(
        me,
        bob,
        'On my way to the Mars spaceport, see you at gate nine before the evening shuttle leaves',
      );
      await send(ann, me, 'Are you coming to the launch?');
      await send(ann, me, 'The countdown starts at eight, we kept you a seat by the window');

      await signIn(page, me);
      await page.goto('/messages');
      // The rows (a desktop's side column lists people too).
      const rows = page.locator('a[href^="/messages/"]');
      const annRow = page.locator(`a[href="/messages/${ann._id}"]`);
      const bobRow = page.locator(`a[href="/messages/${bob._id}"]`);
      await expect(annRow).toContainText('The countdown starts at eight, we kept you a seat by the window');
      await expect(annRow).toHaveAccessibleName(/2 unread$/);
      await expect(annRow.locator('time')).toHaveText(/^(Just now|\d+ min ago)$/);
      await expect(bobRow).toContainText('You: On my way to the Mars spaceport');
      await expect(bobRow).not.toHaveAccessibleName(/unread/);
      // Newest first: Ann's message came last.
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAccessibleName(new RegExp(ann.userName));
      const newMessage = page.getByRole('link', { name: 'New message' });
      await expect(newMessage).toBeVisible();
      await expectNoViolations(page, `/messages with an unread conversation at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`messages-${width}.png`) });

      // Opening the conversation reads it: the badge's count and the row's mark go.
      await annRow.click();
      await expect(page).toHaveURL(new RegExp(`/messages/${ann._id}$`));
      await expect(page.getByText('The countdown starts at eight')).toBeVisible();
      await expect
        .poll(
          async () =>
            (
              await api.call<{ value: { messages: number } }>('GET', '/notifications/unread', {
                token: me.token,
              })
            ).value.messages,
        )
        .toBe(0);
      await page.goto('/messages');
      await expect(annRow).toContainText('The countdown starts at eight');
      await expect(annRow).not.toHaveAccessibleName(/unread/);

      await newMessage.click();
      await expect(page).toHaveURL(/\/search\?in=users$/);
    });
  });
}
