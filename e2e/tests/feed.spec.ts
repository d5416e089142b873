// Feeds, posts and people (issue 5): the mfe-feed remote against the real API. Data is made through the API;
// every test marks its posts with a unique tag so parallel tests sharing the product do not disturb it.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type Api, collectErrors, expect, signIn, type TestUser, test } from '../fixtures';

const END = 'There is nothing else to see, so do not look.';

const tag = () => `t${randomUUID().replace(/-/g, '').slice(0, 8)}`;

interface CreatedPost {
  _id: string;
  content: string;
}

/** Creates `count` posts in order (the newest last), answering them newest first, as feeds list them. */
async function createPosts(
  api: Api,
  user: TestUser,
  marker: string,
  count: number,
  planetId = user.planetId,
) {
  const made: CreatedPost[] = [];
  for (let i = 1; i <= count; i++) {
    const content = `${marker} post ${String(i).padStart(2, '0')}`;
    const answer = await api.call<{ value: { _id: string } }>('POST', '/post', {
      token: user.token,
      data: { content, location: { planetId, latitude: 0, longitude: 0 } },
    });
    made.push({ _id: answer.value._id, content });
  }
  return made.reverse();
}

/** The page numbers the app asked for on a feed path (e.g. /api/feed or /api/feed/<id>). */
function recordPages(page: Page, pathname: string): number[] {
  const pages: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === pathname) pages.push(Number(url.searchParams.get('page')));
  });
  return pages;
}

/** The texts of the shown posts that carry `marker`, top to bottom. */
async function shownWith(page: Page, marker: string): Promise<string[]> {
  const texts = await page.locator('article p').allTextContents();
  return texts.filter((text) => text.startsWith(marker));
}

/** Scrolls like a reader until `done` holds (the feed checks once a second). */
async function scrollUntil(page: Page, done: () => Promise<boolean>, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('The feed did not get there in time');
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(400);
  }
}

test.describe('feeds page through without a repeated or skipped post', () => {
  test('galaxy feed: pages from 1', async ({ page, api, user }) => {
    const marker = tag();
    const posts = await createPosts(api, user, marker, 23);
    const pages = recordPages(page, '/api/feed');
    await signIn(page, user);
    await page.goto('/feed');
    await expect(page.getByRole('heading', { name: 'Galactic Feed' })).toBeVisible();
    await scrollUntil(page, async () => (await shownWith(page, marker)).length >= posts.length);
    expect(await shownWith(page, marker)).toEqual(posts.map((p) => p.content));
    expect(pages[0]).toBe(1);
    expect(pages).not.toContain(0);
    // One page at a time, in order, none asked twice.
    expect(pages).toEqual(pages.map((_, i) => i + 1));
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  test('planet feed: pages from 1, titled with the planet', async ({ page, api, user }) => {
    const planets = await api.planets();
    const planet = planets[planets.length - 1]!;
    const marker = tag();
    const posts = await createPosts(api, user, marker, 22, planet._id);
    const pages = recordPages(page, `/api/feed/${planet._id}`);
    await signIn(page, user);
    const slug = planet.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await page.goto(`/feed/${slug}/${planet._id}`);
    await expect(page.getByRole('heading', { name: planet.name, level: 1 })).toBeVisible();
    await scrollUntil(page, async () => (await shownWith(page, marker)).length >= posts.length);
    expect(await shownWith(page, marker)).toEqual(posts.map((p) => p.content));
    expect(pages.slice(0, 2)).toEqual([1, 2]);
    expect(pages).toEqual(pages.map((_, i) => i + 1));
  });

  test("a user's feed: pages from 0, every post once, then the end text", async ({ page, api, user }) => {
    const author = await api.createUser();
    const marker = tag();
    const posts = await createPosts(api, author, marker, 24);
    const answered: string[][] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== `/api/feed/${author._id}`) return;
      const body = (await response.json()) as { value: Array<{ _id: string }> };
      answered[Number(url.searchParams.get('page'))] = body.value.map((p) => p._id);
    });
    const pages = recordPages(page, `/api/feed/${author._id}`);
    await signIn(page, user);
    await page.goto(`/user/${author._id}`);
    await expect(page.getByRole('heading', { name: `@${author.userName}` })).toBeVisible();
    await scrollUntil(page, async () => page.getByText(END).isVisible());
    expect(pages).toEqual([0, 1, 2]); // 20 + 4, then an empty page ends it
    expect(await shownWith(page, marker)).toEqual(posts.map((p) => p.content));
    // What the API answered, page after page: each post exactly once, none skipped.
    expect(answered.flat()).toEqual(posts.map((p) => p._id));
  });
});

test.describe('a post', () => {
  test('create: counter, home planet, then the new post opens', async ({ page, user }) => {
    const errors = collectErrors(page);
    await signIn(page, user);
    await page.goto('/post');
    await expect(page.getByText(`Posting as @${user.userName}`)).toBeVisible();
    const planet = page.getByRole('combobox', { name: 'Planet' });
    await expect(planet).toHaveValue(user.planetId);
    await expect(planet.locator('option:checked')).toHaveText(/^\u2302 /);
    const text = `${tag()} hello from orbit`;
    await page.getByPlaceholder('Share your ideas...').fill(text);
    // Issue 22: the counter shows the characters left (it showed `${text.length}/324` before).
    await expect(page.getByText(`${324 - text.length} characters left`)).toBeVisible();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByText('Post was created!')).toBeVisible();
    await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
    await expect(page.locator('article').first()).toContainText(text);
    expect(errors).toEqual([]);
  });

  test("create: the server's refusal is shown", async ({ page, user }) => {
    await page.route('**/api/post', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { success: false, error: 'The content is too long.' } })
        : route.fallback(),
    );
    await signIn(page, user);
    await page.goto('/post');
    await page.getByPlaceholder('Share your ideas...').fill('This one will bounce');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByText('The content is too long.')).toBeVisible();
    await expect(page).toHaveURL(/\/post$/);
  });

  test('detail: like survives a reload, a comment goes on top, the author deletes', async ({
    page,
    api,
    user,
  }) => {
    const [post] = await createPosts(api, user, tag(), 1);
    const other = await api.createUser();
    await api.call('POST', `/post/${post!._id}/comment`, {
      token: other.token,
      data: { content: 'Earlier comment' },
    });
    await signIn(page, user);
    await page.goto(`/post/${post!._id}`);
    const card = page.locator('article').first();
    await expect(card).toContainText(post!.content);
    await expect(page).toHaveTitle(new RegExp(`^${user.userName}: ${post!.content.slice(0, 15)}`));
    await card.getByRole('button', { name: 'Like' }).click();
    await expect(card.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toContainText('1 like');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('button', { name: 'Unsave' })).toBeVisible();

    await page.getByPlaceholder('Write a comment...').fill('  Brand new comment  ');
    await page.getByRole('button', { name: 'Comment' }).click();
    await expect(page.getByPlaceholder('Write a comment...')).toHaveValue('');
    const texts = await page.locator('article p').allTextContents();
    expect(texts.filter((t) => /comment$/.test(t))).toEqual(['Brand new comment', 'Earlier comment']);
    await expect(page.getByText(END)).toBeVisible();

    await page.reload();
    await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Unsave' })).toBeVisible();

    page.once('dialog', (dialog) => dialog.accept());
    await card.getByRole('button', { name: 'Delete post' }).click();
    await expect(card).toContainText('Post was deleted by author.');
    await expect(card.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
  });

  test('detail: a failed like is put back and explained; no delete for others', async ({
    page,
    api,
    user,
  }) => {
    const author = await api.createUser();
    const [post] = await createPosts(api, author, tag(), 1);
    await page.route(`**/api/post/${post!._id}/like`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await signIn(page, user);
    await page.goto(`/post/${post!._id}`);
    const card = page.locator('article').first();
    await expect(card).toContainText(post!.content);
    await expect(card.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Like' }).click();
    await expect(page.getByText('Could not like the post. Please try again.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    await expect(card).toContainText('0 likes');
  });

  test('detail is public: a signed-out visitor reads it and is invited to log in', async ({
    page,
    api,
    user,
  }) => {
    const [post] = await createPosts(api, user, tag(), 1);
    await page.goto(`/post/${post!._id}`);
    await expect(page.locator('article').first()).toContainText(post!.content);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like' })).toHaveCount(0);
    await expect(page.getByPlaceholder('Write a comment...')).toHaveCount(0);
  });

  test('detail of a missing post says so', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto(`/post/${randomUUID()}`);
    await expect(page.getByText('This post could not be found.')).toBeVisible();
  });
});

test.describe('people', () => {
  // Scoped to the page (main): at 1200 px and wider the side column outside it offers people to follow too.
  test('profile: follow and unfollow keep the count right; Message opens the chat', async ({
    page,
    api,
    user,
  }) => {
    const other = await api.createUser();
    await signIn(page, user);
    await page.goto(`/user/${other._id}`);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${other.userName} on Skynet`);
    await expect(page.getByText('0 followers')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Unfollow' }).click();
    await expect(page.getByText('0 followers')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute(
      'href',
      `/messages/${other._id}`,
    );
  });

  test('own profile: /user/<own id> goes to /profile with the own actions', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto(`/user/${user._id}`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: `@${user.userName}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Follow' })).toHaveCount(0);
    const title = user.userName.length < 12 ? user.userName : 'My Profile';
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });

  test('following and followers list people linking to their profiles', async ({ page, api, user }) => {
    const star = await api.createUser();
    const fan = await api.createUser();
    await api.call('POST', `/user/${star._id}/follow`, { token: user.token });
    await api.call('POST', `/user/${user._id}/follow`, { token: fan.token });
    await signIn(page, user);
    await page.goto('/following');
    const row = page.getByRole('main').getByRole('link', { name: new RegExp(star.userName) });
    await expect(row).toContainText('1 follower');
    await expect(row).toContainText('0 posts');
    await page.goto('/followers');
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(fan.userName) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/user/${fan._id}$`));
  });

  test('search: text in the path, posts by default, users on demand, end text', async ({
    page,
    api,
    user,
  }) => {
    const marker = tag();
    await createPosts(api, user, marker, 2);
    await signIn(page, user);
    await page.goto('/search');
    await expect(page.getByRole('button', { name: 'Posts' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByPlaceholder('Search for anything in the universe...').fill(`${marker} post`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/${marker}%20post$`));
    await expect.poll(() => shownWith(page, marker)).toEqual([`${marker} post 02`, `${marker} post 01`]);
    await expect(page.getByText(END)).toBeVisible();

    await page.goto(`/search/${encodeURIComponent(user.userName)}`);
    await page.getByRole('button', { name: 'Users' }).click();
    const row = page.getByRole('link', { name: new RegExp(`@${user.userName}`) });
    await expect(row).toContainText('0 followers');
    await expect(page.getByText(END)).toBeVisible();
  });
});

test('history lists: liked, saved and commented page from 0', async ({ page, api, user }) => {
  const author = await api.createUser();
  const marker = tag();
  const [post] = await createPosts(api, author, marker, 1);
  await api.call('POST', `/post/${post!._id}/like`, { token: user.token });
  await api.call('POST', `/post/${post!._id}/save`, { token: user.token });
  await api.call('POST', `/post/${post!._id}/comment`, { token: user.token, data: { content: 'nice' } });
  await signIn(page, user);
  for (const [path, title, api_] of [
    ['/liked', 'Liked', '/api/user/liked'],
    ['/saved', 'Saved', '/api/user/saved'],
    ['/commented', 'Commented', '/api/user/commented'],
  ] as const) {
    const pages = recordPages(page, api_);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect.poll(() => shownWith(page, marker)).toEqual([post!.content]);
    await expect(page.getByText(END)).toBeVisible();
    expect(pages.slice(0, 2)).toEqual([0, 1]);
  }
});
