// Accessibility as a test (issue 22 item 5): axe-core on every route of docs/routes.md, signed out and signed in,
// at phone (390 px) and desktop (1280 px) width (one page load scans both, resized between them), against WCAG
// 2.0/2.1 A and AA and axe's best practices: no violations. The route list is read from docs/routes.md itself, so a
// new route is scanned the day it is added (a route whose parameter this file cannot fill fails the suite instead of
// being skipped). A few dialogs that open on a page are scanned too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoViolations, networkWatch, resizeTo, settle, viewport, WIDTHS } from '../a11y';
import { type Api, apiFor, expect, signIn, type TestUser, test } from '../fixtures';
import { repoRoot } from '../product';

interface Route {
  path: string;
  access: 'public' | 'signed-in' | 'signed-out';
}

/** Every row of docs/routes.md's table: the route and who may see it. */
function documentedRoutes(): Route[] {
  const text = readFileSync(join(repoRoot, 'docs', 'routes.md'), 'utf8');
  const rows = [...text.matchAll(/^\| `([^`]+)` \| (public|signed-in|signed-out) \|/gm)];
  if (rows.length < 20)
    throw new Error(`docs/routes.md lists only ${rows.length} routes: is its table readable?`);
  return rows.map(([, path, access]) => ({ path: path!, access: access as Route['access'] }));
}

/** What the signed-in pages show: a person with posts, likes, saves, comments, follows and a conversation. */
interface World {
  me: TestUser;
  other: TestUser;
  postId: string;
  planet: { _id: string; name: string };
}

async function makeWorld(api: Api): Promise<World> {
  const [me, other] = await Promise.all([api.createUser(), api.createUser()]);
  const planet = (await api.planets()).find((p) => p._id === me.planetId)!;
  const post = async (who: TestUser, content: string) =>
    (
      await api.call<{ value: { _id: string } }>('POST', '/post', {
        token: who.token,
        data: { content, location: { planetId: who.planetId, latitude: 0, longitude: 0 } },
      })
    ).value._id;
  const postId = await post(other, 'Aurora over the north pole tonight, worth staying up for');
  await post(me, 'Hello from my home planet, first time on Skynet');
  // A mention and a tag (issue 35): their links on the cards, the mention's notification, and /tag/aurora's feed.
  await post(other, `Clear skies for the #aurora watch, @${me.userName}`);
  await api.call('POST', `/post/${postId}/like`, { token: me.token });
  await api.call('POST', `/post/${postId}/save`, { token: me.token });
  await api.call('POST', `/post/${postId}/comment`, { token: me.token, data: { content: 'Saw it too!' } });
  await api.call('POST', `/user/${other._id}/follow`, { token: me.token });
  await api.call('POST', `/user/${me._id}/follow`, { token: other.token });
  await api.call('POST', '/user/chat', {
    token: other.token,
    data: { receiverId: me._id, content: 'Hi there!' },
  });
  await api.call('POST', '/user/chat', {
    token: me.token,
    data: { receiverId: other._id, content: 'Hello :)' },
  });
  return { me, other, postId, planet };
}

/** The concrete path for a route pattern, with real data for each parameter. */
function concrete(path: string, world: World): string {
  const slug = world.planet.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'token') return 'not-a-real-token';
    if (name === 'text' || name === 'tag') return 'aurora';
    if (name === 'planetName') return slug;
    if (name === 'id') {
      if (path.startsWith('/feed/')) return world.planet._id;
      if (path.startsWith('/post/')) return world.postId;
      if (path.startsWith('/user/') || path.startsWith('/messages/')) return world.other._id;
    }
    throw new Error(`a11y.spec.ts cannot fill :${name} in ${path}: teach concrete() about it`);
  });
  return filled;
}

/** Dialogs that open on a page, scanned after the page itself: [route, button that opens it, dialog name]. */
const DIALOGS: Array<{ route: string; open: (page: Page) => Promise<void>; name: string }> = [
  {
    route: '/settings',
    name: 'Your Info',
    open: (page) => page.getByRole('button', { name: 'Your Info' }).click(),
  },
  {
    route: '/settings',
    name: 'Your Sessions',
    open: (page) => page.getByRole('button', { name: 'Your Sessions' }).click(),
  },
  { route: '/feed', name: 'Keyboard shortcuts', open: (page) => page.keyboard.press('?') },
];

async function scanDialogs(page: Page, route: string, where: string) {
  for (const dialog of DIALOGS.filter((d) => d.route === route)) {
    await dialog.open(page);
    const element = page.getByRole('dialog', { name: dialog.name });
    await expect(element).toBeVisible();
    await settle(page);
    await expectNoViolations(page, `${where} (dialog ${dialog.name})`);
    await page.keyboard.press('Escape');
    await expect(element).toHaveCount(0);
  }
}

/** The galaxy feed once someone posts after it loaded: the live 'N new posts' button, scanned where it shows. */
async function scanNewPostsButton(page: Page, api: Api, world: World, where: string) {
  await api.call('POST', '/post', {
    token: world.other.token,
    data: {
      content: 'A fresh post from the night side',
      location: { planetId: world.other.planetId, latitude: 0, longitude: 0 },
    },
  });
  await expect(page.getByRole('button', { name: /^\d+ new posts?$/ })).toBeVisible();
  await settle(page);
  await expectNoViolations(page, `${where} (with the new posts button)`);
}

const routes = documentedRoutes();
// Every route once for a visitor (public and signed-out ones) and once for a signed-in person (public and
// signed-in ones); the 404 page each way.
const signedOut = [
  ...new Set(routes.filter((r) => r.access !== 'signed-in').map((r) => r.path)),
  '/no-such-page',
];
const signedIn = [
  ...new Set(routes.filter((r) => r.access !== 'signed-out').map((r) => r.path)),
  '/no-such-page',
];

// The two workers share the routes; each worker makes its own people once. A test scans two widths: twice the
// time a one-width test had.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

let world: World | undefined;
let tokenAt = 0;
async function theWorld(baseURL: string, request: Parameters<typeof apiFor>[0]) {
  const api = apiFor(request, baseURL);
  if (!world) {
    world = await makeWorld(api);
    tokenAt = Date.now();
  }
  // An access token lives 15 minutes (ACCESS_TOKEN_TTL_SECONDS) and the page is handed no refresh token: on a slow
  // machine a worker outlives it and its pages open signed out. Log in again well before.
  if (Date.now() - tokenAt > 10 * 60_000) {
    const { email, password } = world.me;
    world.me.token = (
      await api.call<{ value: string }>('POST', '/user/login', { data: { email, password } })
    ).value;
    tokenAt = Date.now();
  }
  return world;
}

// One page load a route and sign-in state: scanned at the first width, resized, scanned at the second (each scan
// names its width in the failure message).
const [FIRST, SECOND] = WIDTHS;
test.use({ viewport: viewport(FIRST) });

for (const route of signedOut) {
  test(`signed out ${route}`, async ({ page, baseURL, request }) => {
    const quiet = networkWatch(page);
    const path = concrete(route, await theWorld(baseURL!, request));
    await page.goto(path);
    await settle(page);
    await expectNoViolations(page, `signed out ${path} at ${FIRST} px`);
    await resizeTo(page, SECOND, quiet);
    await expectNoViolations(page, `signed out ${path} at ${SECOND} px`);
  });
}

for (const route of signedIn) {
  test(`signed in ${route}`, async ({ page, baseURL, request }) => {
    const quiet = networkWatch(page);
    const w = await theWorld(baseURL!, request);
    const path = concrete(route, w);
    await signIn(page, w.me);
    await page.goto(path);
    await settle(page);
    for (const [index, width] of WIDTHS.entries()) {
      if (index > 0) await resizeTo(page, width, quiet);
      const where = `signed in ${path} at ${width} px`;
      await expectNoViolations(page, where);
      await scanDialogs(page, route, where);
    }
    if (route === '/feed') {
      // The new posts button stays once shown: scanned at the second width, then back at the first.
      await scanNewPostsButton(page, apiFor(request, baseURL!), w, `signed in ${path} at ${SECOND} px`);
      await resizeTo(page, FIRST, quiet);
      await expectNoViolations(page, `signed in ${path} at ${FIRST} px (with the new posts button)`);
    }
  });
}
