// Notifications (issue 22, item 2): a second person, in a browser context of their own, likes, comments on and follows;
// the first person's /notifications shows it live without a reload, many likes of one post as one entry; and the
// navigation's Notifications and Messages links name their unread counts, live, when the second person writes.
import type { Page } from '@playwright/test';
import { collectErrors, expect, signIn, test } from '../fixtures';

/** Navigates inside the single-page app, the way a link click does (no reload). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('likes, replies and follows reach /notifications live, grouped; both unread counts follow live', async ({
  page,
  browser,
  baseURL,
  api,
  user,
}) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const [second, third, fourth] = await Promise.all([api.createUser(), api.createUser(), api.createUser()]);
  const { value: post } = await api.call<{ value: { _id: string } }>('POST', '/post', {
    token: user.token,
    data: {
      content: 'Rings of Saturn tonight',
      location: { planetId: user.planetId, latitude: 1, longitude: 2 },
    },
  });

  await signIn(page, user);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(/^No notifications yet/)).toBeVisible();
  // Proof of no reload: a mark on the window that a reload would wipe.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  // The second person, in a browser of their own: likes the post, comments on it, follows its author.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const other = await context.newPage();
  await signIn(other, second);
  await other.goto(`/post/${post._id}`);
  const card = other.locator('article').first();
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(card.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await other.getByPlaceholder('Write a comment...').fill('Saw them too!');
  await other.getByRole('button', { name: 'Comment' }).click();
  await expect(other.getByPlaceholder('Write a comment...')).toHaveValue('');
  await other.goto(`/user/${user._id}`);
  await other.getByRole('button', { name: 'Follow' }).click();
  await expect(other.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  const list = page
    .getByRole('list')
    .filter({ has: page.getByRole('link', { name: /your post|following you/ }) });
  await expect(list.getByRole('link')).toHaveText([
    new RegExp(`${second.userName} started following you`),
    new RegExp(`${second.userName} replied to your post`),
    new RegExp(`${second.userName} liked your post`),
  ]);
  await expect(list.getByRole('link').nth(0)).toHaveAttribute('href', `/user/${second._id}`);
  await expect(list.getByRole('link').nth(1)).toHaveAttribute('href', `/post/${post._id}`);

  // Two more people like the same post: still one entry for the likes, naming the latest and counting the rest.
  for (const person of [third, fourth])
    await api.call('POST', `/post/${post._id}/like`, { token: person.token });
  await expect(list.getByRole('link', { name: /liked your post/ })).toHaveText([
    new RegExp(`${fourth.userName} and 2 others liked your post`),
  ]);
  await expect(list.getByRole('link').first()).toHaveText(
    new RegExp(`${fourth.userName} and 2 others liked`),
  );
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Seen on the page: nothing unread is left, and the link says so.
  const notificationsLink = page.getByRole('link', { name: /^Notifications/ }).first();
  await expect(notificationsLink).toHaveAccessibleName('Notifications');

  // Elsewhere in the app, the links count what arrives: a like and a direct message, both live.
  await goInApp(page, '/feed');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toHaveCount(0);
  const fifth = await api.createUser();
  await api.call('POST', `/post/${post._id}/like`, { token: fifth.token });
  await expect(notificationsLink).toHaveAccessibleName('Notifications, 1 unread');
  const messagesLink = page.getByRole('link', { name: /^Messages/ }).first();
  await expect(messagesLink).toHaveAccessibleName('Messages');
  await api.call('POST', '/user/chat', {
    token: second.token,
    data: { content: 'Hello!', receiverId: user._id },
  });
  await expect(messagesLink).toHaveAccessibleName('Messages, 1 unread');
  await api.call('POST', '/user/chat', {
    token: second.token,
    data: { content: 'Still there?', receiverId: user._id },
  });
  await expect(messagesLink).toHaveAccessibleName('Messages, 2 unread');

  // Opening the chat reads the messages; opening /notifications reads the like.
  await goInApp(page, `/messages/${second._id}`);
  await expect(page.getByText('Still there?')).toBeVisible();
  await expect(messagesLink).toHaveAccessibleName('Messages');
  await goInApp(page, '/notifications');
  await expect(list.getByRole('link').first()).toHaveText(new RegExp(`${fifth.userName} and 3 others liked`));
  await expect(notificationsLink).toHaveAccessibleName('Notifications');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
