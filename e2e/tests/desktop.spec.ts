// The desktop frame (issue 22): at lg (992 px) and wider a navigation rail replaces the bottom bar and every page
// sits in one frame, its header's back arrow and title at the same place on every route; at xl (1200 px) a side
// column. Phones keep the spec's bottom bar of six links, with the Notifications link in the page header's row.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { collectErrors, expect, signIn, type TestUser, test } from '../fixtures';

const SIX = ['Home', 'Profile', 'Following', 'Search', 'Post', 'Messages'];

/** Every route a signed-in person can open, from docs/routes.md (the remotes' pages; the shell's own are auth screens). */
function signedInRoutes(): string[] {
  const table = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'routes.md'), 'utf8');
  const rows = [
    ...table.matchAll(/^\| `([^`]+)` \| (public|signed-in|signed-out) \| .*\| (\S+) \|[^|]*\|$/gm),
  ];
  const routes = rows
    .filter(([, , access, pkg]) => access !== 'signed-out' && pkg !== 'shell')
    .map(([, route]) => route as string);
  expect(routes.length).toBeGreaterThan(25);
  return [...new Set(routes)];
}

interface Fixture {
  planetId: string;
  postId: string;
  other: TestUser;
}

function concrete(route: string, { planetId, postId, other }: Fixture): string {
  return route
    .replace('/feed/:planetName/:id', `/feed/earth/${planetId}`)
    .replace('/post/:id', `/post/${postId}`)
    .replace('/user/:id', `/user/${other._id}`)
    .replace('/messages/:id', `/messages/${other._id}`)
    .replace('/search/:text', '/search/orbit')
    .replace(/\/:[A-Za-z]+/g, '/x');
}

/** The pages that use the whole stage beside the rail and have no page header. */
const STAGE = new Set(['/', '/home']);

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box on ${page.url()}`);
  return found;
}

test.describe('desktop frame', () => {
  test.describe.configure({ timeout: 120_000 });

  test('at 1280 px every signed-in route has the rail, no bottom bar, and one frame', async ({
    page,
    api,
    user,
  }) => {
    const errors = collectErrors(page);
    const other = await api.createUser();
    const post = await api.call<{ value: { _id: string } }>('POST', '/post', {
      token: other.token,
      data: {
        content: 'A frame for every page',
        location: { planetId: other.planetId, latitude: 0, longitude: 0 },
      },
    });
    const fixture = { planetId: user.planetId, postId: post.value._id, other };
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, user);

    const frames: Array<{ route: string; back: { x: number; y: number }; slot: number; titleY: number }> = [];
    for (const pattern of signedInRoutes()) {
      const route = concrete(pattern, fixture);
      await page.goto(route);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // The rail: down the left edge, all of the window's height, with Notifications as a seventh link.
      await expect(nav.getByRole('link', { name: /^Notifications/ }), route).toBeVisible();
      const rail = (await nav.boundingBox())!;
      expect(rail.x, route).toBe(0);
      expect(rail.width, route).toBeLessThan(120);
      expect(rail.height, route).toBeGreaterThan(700);
      expect(await nav.getByRole('link').count(), route).toBe(7);
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(
        1280,
      );
      if (STAGE.has(route)) {
        // The map fills the stage beside the rail.
        const map = await box(page, '[data-stage]');
        expect(map.x, route).toBeCloseTo(rail.width, 0);
        expect(map.x + map.width, route).toBeCloseTo(1280, 0);
        continue;
      }
      const back = page.getByRole('button', { name: 'Back' });
      await expect(back, route).toBeVisible();
      const header = page.locator('#areas header').first();
      const title = header.getByRole('heading', { level: 1 });
      await expect(title, route).toBeVisible();
      // The real page's frame: /feed's HTML template (same frame, its own copy) gives way to it, and the page's
      // area is hidden until then; measuring across that swap read a hidden header (CI, 2026-11-28).
      await expect(page.locator('#prerendered'), route).toHaveCount(0);
      // One reading of the frame, in one task, so no swap falls between its parts.
      const { backBox, titleBox, slot } = await page.evaluate(() => {
        const rect = (element: Element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        };
        const element = Array.from(document.querySelectorAll('#areas header')).find((candidate) =>
          candidate.querySelector('h1')?.checkVisibility(),
        )!;
        const heading = element.querySelector('h1')!;
        // Where the heading slot starts (a chat's heading is its partner's avatar and name).
        let node: Element = heading;
        while (node.parentElement && node.parentElement !== element) node = node.parentElement;
        const backButton = Array.from(document.querySelectorAll('#areas button[aria-label="Back"]')).find(
          (candidate) => candidate.checkVisibility(),
        )!;
        return { backBox: rect(backButton), titleBox: rect(heading), slot: node.getBoundingClientRect().x };
      });
      frames.push({ route, back: backBox, slot, titleY: titleBox.y + titleBox.height / 2 });
      // A readable column: the page's own content sits in the frame.
      if (route !== '/planets') {
        const column = await box(page, '#areas > div:not(:empty)');
        expect(column.width, route).toBeGreaterThanOrEqual(560);
        expect(column.width, route).toBeLessThanOrEqual(720);
      }
    }
    expect(frames.length).toBeGreaterThan(20);
    const [first] = frames;
    for (const frame of frames) {
      expect(Math.abs(frame.back.x - first!.back.x), `back arrow x on ${frame.route}`).toBeLessThanOrEqual(1);
      expect(Math.abs(frame.back.y - first!.back.y), `back arrow y on ${frame.route}`).toBeLessThanOrEqual(1);
      expect(Math.abs(frame.slot - first!.slot), `title x on ${frame.route}`).toBeLessThanOrEqual(1);
      expect(Math.abs(frame.titleY - first!.titleY), `title y on ${frame.route}`).toBeLessThanOrEqual(2);
    }
    expect(errors).toEqual([]);
  });

  test('at 390 px the bottom bar keeps exactly six links and Notifications sits in the page header', async ({
    page,
    api,
    user,
  }) => {
    const other = await api.createUser();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, user);
    for (const route of ['/feed', '/settings', '/messages', `/messages/${other._id}`, '/about']) {
      await page.goto(route);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link'), route).toHaveText(SIX);
      const bar = (await nav.boundingBox())!;
      expect(bar.y + bar.height, route).toBeCloseTo(844, 0);
      expect(bar.width, route).toBe(390);
      const bell = page.getByRole('link', { name: 'Notifications', exact: true });
      await expect(bell, route).toBeVisible();
      await expect(nav.getByRole('link', { name: /Notifications/ })).toHaveCount(0);
      // The page's header as shown: the area left a moment ago may still be in the document, hidden, for a frame (a
      // CI run met its header first and read no box). A page drawn from the HTML (issue 34) stands first in #areas
      // until the real page takes its place, so its header can go as it is measured: wait for it to go.
      await expect(page.locator('#prerendered'), route).toHaveCount(0);
      const header = (await page.locator('#areas header:visible').first().boundingBox())!;
      const link = (await bell.boundingBox())!;
      expect(link.y, route).toBeGreaterThanOrEqual(header.y);
      expect(link.y + link.height, route).toBeLessThanOrEqual(header.y + header.height);
      expect(link.x + link.width, route).toBeLessThanOrEqual(390);
      // It covers nothing of the header: the title ends before it.
      const title = (await page.locator('#areas header:visible h1').first().boundingBox())!;
      expect(title.x + title.width, route).toBeLessThanOrEqual(link.x);
      await expect(page.getByRole('complementary', { name: 'Discover' })).toHaveCount(0);
    }
    await bellLeadsToNotifications(page);
  });

  test('at 1024 px the rail shows and the side column does not', async ({ page, user }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, user);
    await page.goto('/settings');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(7);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Discover' })).toHaveCount(0);
  });

  for (const width of [1200, 1400]) {
    test(`at ${width} px the side column searches, suggests people and shows your planet`, async ({
      page,
      api,
      user,
    }) => {
      const neighbour = await api.createUser({ planetId: user.planetId });
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, user);
      await page.goto('/settings');
      const aside = page.getByRole('complementary', { name: 'Discover' });
      await expect(aside).toBeVisible();
      // The page's drawing from the HTML (issue 34) stands first in #areas until the real page takes its place.
      await expect(page.locator('#prerendered')).toHaveCount(0);
      // Right of the frame's column, inside the window.
      const column = await box(page, '#areas > div:not(:empty)');
      const side = (await aside.boundingBox())!;
      expect(side.x).toBeGreaterThanOrEqual(column.x + column.width);
      expect(side.x + side.width).toBeLessThanOrEqual(width);

      const planets = await api.planets();
      const home = planets.find((planet) => planet._id === user.planetId)!;
      await expect(aside.getByRole('link', { name: new RegExp(home.name) })).toHaveAttribute(
        'href',
        new RegExp(`/feed/[a-z-]+/${home._id}$`),
      );
      // People to follow: following one from here shows it at once and on the server.
      await expect(aside.getByRole('heading', { name: 'People to follow' })).toBeVisible();
      const people = aside.getByRole('listitem');
      await expect(people.first()).toBeVisible();
      const first = people.first();
      const button = first.getByRole('button', { name: /^Follow / });
      const name = (await button.getAttribute('aria-label'))!.replace(/^Follow /, '');
      await expect(first.getByRole('link', { name })).toHaveAttribute('href', /\/user\//);
      await button.click();
      await expect(first.getByText('Following', { exact: true })).toBeVisible();
      const following = await api.call<{ value: Array<{ userName: string }> }>('GET', '/user/following', {
        token: user.token,
      });
      expect(following.value.map((person) => person.userName)).toContain(name);
      expect(neighbour.userName).toBeTruthy();

      // The search box goes to /search with the term, where the results page takes over.
      await aside.getByRole('searchbox', { name: 'Search Skynet' }).fill('orbit');
      await aside.getByRole('searchbox', { name: 'Search Skynet' }).press('Enter');
      await expect(page).toHaveURL(/\/search\/orbit$/);
      await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('orbit');
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();

      // The map and /planets use the whole stage: no side column there.
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: 'Your galaxy' })).toBeVisible();
      await expect(aside).toHaveCount(0);
    });
  }
});

test('at 1280 px the longest name a person may take (30 characters) is cut short, never the Follow button', async ({
  page,
  api,
  user,
}) => {
  await api.createUser({ planetId: user.planetId });
  // The real suggestions, the first one renamed to the longest name sign-up accepts: a grid track sized to the name
  // pushed the button out of the card (seen with a 19-character name).
  const longName = 'a_very_long_name_of_a_pilot_30';
  await page.route(/\/api\/user\/suggestions/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { value: Array<{ userName: string }> };
    if (body.value[0]) body.value[0].userName = longName;
    await route.fulfill({ response, json: body });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, user);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'People to follow' });
  const row = card.getByRole('listitem').filter({ hasText: longName.slice(0, 10) });
  await expect(row).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  for (const item of await card.getByRole('listitem').all()) {
    const button = (await item
      .getByRole('button')
      .or(item.getByText('Following', { exact: true }))
      .boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
  const name = row.getByText(longName);
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test.describe('unread counts in the link names', () => {
  for (const width of [1280, 390]) {
    test(`arrive live from another person's actions at ${width} px, without a reload`, async ({
      page,
      api,
      user,
    }) => {
      const other = await api.createUser();
      const post = await api.call<{ value: { _id: string } }>('POST', '/post', {
        token: user.token,
        data: {
          content: 'Like me from afar',
          location: { planetId: user.planetId, latitude: 0, longitude: 0 },
        },
      });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await signIn(page, user);
      await page.goto('/settings');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
      // The page is live (the socket is up) before the other person acts.
      await expect
        .poll(() =>
          page.evaluate(() =>
            performance.getEntriesByType('resource').some((entry) => /socket\.io/.test(entry.name)),
          ),
        )
        .toBe(true);
      await api.call('POST', '/user/chat', {
        token: other.token,
        data: { receiverId: user._id, content: 'Hi there' },
      });
      await expect(nav.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
      await api.call('POST', `/post/${post.value._id}/like`, { token: other.token });
      await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);
    });
  }
});

async function bellLeadsToNotifications(page: Page) {
  await page.getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(page).toHaveURL(/\/notifications$/);
}
