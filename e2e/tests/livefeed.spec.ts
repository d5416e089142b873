// Live feeds (issue 22, item 3): a reader scrolled down a feed sees 'N new posts' when someone else posts, without a
// reload and without anything moving under them; pressing it puts the new posts on top. On a planet's feed only that
// planet's posts count. A product of its own: no other test's posts can change the counts.
import type { Browser, Page } from '@playwright/test';
import { type Api, apiFor, collectErrors, expect, signIn, type TestUser, test } from '../fixtures';
import { type Product, startProduct } from '../product';

test.describe.configure({ mode: 'serial' });

let product: Product;
let api: Api;
let reader: TestUser;
let writer: TestUser;

const post = (content: string, planetId: string) =>
  api.call<{ value: { _id: string } }>('POST', '/post', {
    token: writer.token,
    data: { content, location: { planetId, latitude: 10, longitude: 20 } },
  });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  product = await startProduct({ quiet: true });
  api = apiFor(await playwright.request.newContext(), product.baseURL);
  [reader, writer] = await Promise.all([api.createUser(), api.createUser()]);
  // Enough posts to scroll: 24 on Mars (in the galaxy's feed and Mars's).
  for (let i = 1; i <= 24; i++) await post(`Older post ${i} from Mars`, 'mars');
});

test.afterAll(async () => {
  await product?.stop();
});

/**
 * The reader on `path` at `width`, once the server has its feed's socket in the feed's room (the followFeed ack), so
 * later posts arrive live. Waiting for the follow to be sent was not enough: on a loaded machine the server joins the
 * room after the test has already posted, and that post is then announced to nobody.
 */
async function readerOn(
  browser: Browser,
  path: string,
  width: number,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: product.baseURL,
    viewport: { width, height: width < 600 ? 844 : 800 },
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const sent: string[] = [];
  const received: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.method() === 'POST')
      sent.push(request.postData() ?? '');
  });
  page.on('response', (response) => {
    if (response.url().includes('/socket.io/') && response.request().method() === 'GET')
      response.text().then(
        (body) => received.push(body),
        () => {},
      );
  });
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') sent.push(payload);
    });
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') received.push(payload);
    });
  });
  await signIn(page, reader);
  await page.goto(path);
  await expect(page.getByRole('article').first()).toBeVisible();
  // socket.io: the follow goes out as `42<ack id>["followFeed",...]`, its answer comes back as `43<ack id>[...]`.
  const followAcked = () =>
    sent.some((packet) => {
      const ackId = /42(\d+)\["followFeed"/.exec(packet)?.[1];
      return ackId !== undefined && received.some((answer) => answer.includes(`43${ackId}[{"ok":true`));
    });
  await expect.poll(followAcked, { timeout: 15_000 }).toBe(true);
  return { page, errors };
}

/** Scrolls the window down and answers which post sits first below the header, and where. */
async function scrollDown(page: Page, by: number) {
  await page.evaluate((y) => window.scrollTo(0, y), by);
  await page.waitForTimeout(300);
  return where(page);
}

function where(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('h1')?.closest('header')?.getBoundingClientRect().bottom ?? 0;
    const articles = Array.from(document.querySelectorAll<HTMLElement>('[role="feed"] > article'));
    const first = articles.find((a) => a.getBoundingClientRect().top >= header)!;
    return {
      scrollY: Math.round(window.scrollY),
      id: first.dataset.postId,
      top: Math.round(first.getBoundingClientRect().top),
      count: articles.length,
      firstPost: articles[0]?.dataset.postId,
    };
  });
}

const newPosts = (page: Page) => page.getByRole('button', { name: /^\d+ new posts?$/ });

for (const width of [1280, 390]) {
  test(`galaxy feed at ${width}px: two posts raise '2 new posts' without moving the reader; pressing shows them on top`, async ({
    browser,
  }, testInfo) => {
    const { page, errors } = await readerOn(browser, '/feed', width);
    const before = await scrollDown(page, 1500);
    expect(before.scrollY).toBeGreaterThan(1000);

    const tag = `${width}-${Date.now()}`;
    await post(`First live post ${tag}`, 'earth');
    await expect(newPosts(page)).toHaveAccessibleName('1 new post');
    await post(`Second live post ${tag}`, 'jupiter');
    await expect(newPosts(page)).toHaveAccessibleName('2 new posts');
    await expect(newPosts(page)).toBeInViewport();
    // Nothing was inserted and nothing moved: the same post at the same place, the same scroll position.
    expect(await where(page)).toEqual(before);
    await expect(page.getByText(`First live post ${tag}`)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`livefeed-galaxy-${width}-button.png`) });

    await newPosts(page).click();
    const articles = page.getByRole('feed').getByRole('article');
    await expect(articles.nth(0)).toContainText(`Second live post ${tag}`);
    await expect(articles.nth(1)).toContainText(`First live post ${tag}`);
    // ...right above what was on top before.
    await expect(articles.nth(2)).toHaveAttribute('data-post-id', before.firstPost!);
    await expect(newPosts(page)).toHaveCount(0);
    // At the top, the first new post focused.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
    await expect(articles.nth(0)).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath(`livefeed-galaxy-${width}-shown.png`) });
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test("a planet's feed counts that planet's posts only; a deleted arrival is dropped", async ({
  browser,
}, testInfo) => {
  const { page, errors } = await readerOn(browser, '/feed/Mars/mars', 1280);
  const before = await scrollDown(page, 1200);
  const tag = `${Date.now()}`;
  await post(`On Venus ${tag}`, 'venus');
  const doomed = await post(`Soon deleted ${tag}`, 'mars');
  await post(`On Mars ${tag}`, 'mars');
  await expect(newPosts(page)).toHaveAccessibleName('2 new posts');
  await api.call('DELETE', `/post/${doomed.value._id}`, { token: writer.token });
  await expect(newPosts(page)).toHaveAccessibleName('1 new post');
  // The Venus post raised nothing here, and nothing moved.
  await page.waitForTimeout(500);
  await expect(newPosts(page)).toHaveAccessibleName('1 new post');
  expect(await where(page)).toEqual(before);
  await page.screenshot({ path: testInfo.outputPath('livefeed-mars-1280-button.png') });

  await newPosts(page).click();
  const articles = page.getByRole('feed').getByRole('article');
  await expect(articles.nth(0)).toContainText(`On Mars ${tag}`);
  await expect(articles.nth(0)).toBeFocused();
  await expect(page.getByText(`On Venus ${tag}`)).toHaveCount(0);
  await expect(page.getByText(`Soon deleted ${tag}`)).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.context().close();
});
