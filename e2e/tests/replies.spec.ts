// Comments are replies (issue 22, item 6): a comment opens at /post/{id} from its post's page, is liked, saved and
// replied to there (a thread), and shows in its author's Replies view with the spec's 'Reply of' preview.
import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from '../fixtures';

interface Posted {
  value: { _id: string; content: string };
}

test('a comment opens at its own page, is liked, saved and replied to, and shows in Replies', async ({
  page,
  api,
  user,
}, testInfo) => {
  const tag = randomUUID().slice(0, 6);
  /** The page at a phone's and a desktop's width, kept with the test's results to be looked at. */
  const shoot = async (name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    }
  };
  const author = await api.createUser();
  const commenter = await api.createUser();
  const post = (
    await api.call<Posted>('POST', '/post', {
      token: author.token,
      data: {
        content: `Olympus at dawn ${tag}`,
        location: { latitude: 0, longitude: 0, planetId: author.planetId },
      },
    })
  ).value;
  const comment = (
    await api.call<Posted>('POST', `/post/${post._id}/comment`, {
      token: commenter.token,
      data: { content: `Nice view ${tag}` },
    })
  ).value;

  // From the post's page, the comment's replies link opens the comment at /post/{commentId}.
  await signIn(page, user);
  await page.goto(`/post/${post._id}`);
  const comments = page.getByRole('feed', { name: 'Comments' });
  const commentCard = comments.getByRole('article').filter({ hasText: comment.content });
  await commentCard.getByRole('link', { name: '0 replies' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${comment._id}$`));
  await expect(page.getByRole('heading', { name: 'Reply', level: 1 })).toBeVisible();
  const card = page.locator('article').first();
  await expect(card).toContainText(comment.content);
  const preview = card.locator('p').filter({ hasText: /^Reply of/ });
  await expect(preview).toHaveText('Reply of “Olymp”');
  await expect(preview.getByRole('link')).toHaveAttribute('href', `/post/${post._id}`);

  // Like and save it, as a post: the state is the server's after a reload.
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(card.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toContainText('1 like');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Unsave' })).toHaveAttribute('aria-pressed', 'true');

  // Reply to it: the reply goes on top of its thread; after a reload it is in the thread's list.
  const replyText = `Agreed ${tag}`;
  await page.getByPlaceholder('Write a comment...').fill(replyText);
  await page.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByPlaceholder('Write a comment...')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Your new comments' })).toContainText(replyText);
  await page.reload();
  await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unsave' })).toBeVisible();
  await expect(card.getByRole('link', { name: '1 reply' })).toBeVisible();
  const thread = page.getByRole('feed', { name: 'Replies' });
  await expect(thread.getByRole('article')).toHaveCount(1);
  await expect(thread.getByRole('article').first()).toContainText(replyText);
  expect(
    (await api.call<{ value: { likeCount: number } }>('GET', `/post/${comment._id}`)).value.likeCount,
  ).toBe(1);
  await shoot('comment-page');

  // The reply in its author's Replies view (own profile), previewing the comment it answers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Replies' }).click();
  await expect(page.getByRole('button', { name: 'Replies' })).toHaveAttribute('aria-pressed', 'true');
  const mine = page.getByRole('feed', { name: `Replies by ${user.userName}` }).getByRole('article');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(replyText);
  await expect(
    mine
      .first()
      .locator('p')
      .filter({ hasText: /^Reply of/ }),
  ).toHaveText('Reply of “Nice ”');
  await expect(mine.first().getByRole('link', { name: '“Nice ”' })).toHaveAttribute(
    'href',
    `/post/${comment._id}`,
  );

  // The commenter's Replies view on /user/{id}; once the post is deleted it reads 'Reply of a deleted post'.
  await api.call('DELETE', `/post/${post._id}`, { token: author.token });
  await page.goto(`/user/${commenter._id}?view=replies`);
  await expect(page.getByRole('button', { name: 'Replies' })).toHaveAttribute('aria-pressed', 'true');
  const theirs = page.getByRole('feed', { name: `Replies by ${commenter.userName}` }).getByRole('article');
  await expect(theirs).toHaveCount(1);
  await expect(theirs.first()).toContainText(comment.content);
  await expect(
    theirs
      .first()
      .locator('p')
      .filter({ hasText: /^Reply of/ }),
  ).toHaveText('Reply of a deleted post');
  // Their posts are one press away, and hold no comment.
  await page.getByRole('button', { name: 'Posts' }).click();
  await expect(page.getByText('There is nothing else to see, so do not look.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('button', { name: 'Replies' }).click();
  await expect(theirs).toHaveCount(1);
  await shoot('replies-view');
});
