// Accessibility as a test (issue 22 item 5): axe-core on every route of docs/routes.md, signed out and signed in,
// at phone (390 px) and desktop (1280 px) width (one page load scans both, resized between them), against WCAG
// 2.0/2.1 A and AA and axe's best practices: no violations. The route list is read from docs/routes.md itself, so a
// new route is scanned the day it is added (a route whose parameter this file cannot fill fails the suite instead of
// being skipped). A few dialogs that open on a page are scanned too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type Api, apiFor, expect, signIn, type TestUser, test } from '../fixtures';
import { repoRoot } from '../product';

const WIDTHS = [390, 1280] as const;
// WCAG 2.0/2.1 A and AA, and axe's best practices, which hold what WCAG leaves to judgement: one main landmark,
// content inside landmarks, headings in order, one h1.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

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
    if (name === 'text') return 'aurora';
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

/** Waits until the page has drawn its data: the network is quiet, no loader shows, and no transition runs. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[role="status"]')).some((el) =>
        /^\s*Loading/.test(el.textContent ?? ''),
      ) && !document.querySelector('[aria-busy="true"]'),
    undefined,
    { timeout: 15_000 },
  );
  // Every page has a level-one heading once its area has mounted; if one never comes, axe says so below.
  await page.waitForSelector('h1', { timeout: 5_000 }).catch(() => undefined);
  // Fading content would be measured half-transparent: let every finite animation end (orbits never do).
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 3_000)),
    ]);
  });
}

/**
 * axe leaves text over a gradient "incomplete" (it cannot pick one background), and the product's dark theme paints
 * the whole page with one (global.css), so axe alone would check almost no contrast. This measures those texts
 * against every colour stop of the gradients behind them, each composited over what lies below (the worst stop
 * counts), with axe's thresholds: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Tiny radial layers (the
 * starfields' 1-2 px stars) are not a background text sits on and are left out.
 */
async function gradientContrastFailures(page: Page, targets: string[]): Promise<string[]> {
  return page.evaluate(async (selectors) => {
    type RGBA = [number, number, number, number];
    const parse = (text: string): RGBA[] =>
      [...text.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
        const [r = 0, g = 0, b = 0, a = 1] = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [r, g, b, a];
      });
    const over = (top: RGBA, below: RGBA): RGBA => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + below[i]! * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (x: RGBA, y: RGBA) => {
      const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    /** The layers of a computed background-image, split at top-level commas. */
    const layers = (image: string) => {
      const out: string[] = [];
      let depth = 0;
      let start = 0;
      for (let i = 0; i < image.length; i++) {
        if (image[i] === '(') depth++;
        else if (image[i] === ')') depth--;
        else if (image[i] === ',' && depth === 0) {
          out.push(image.slice(start, i));
          start = i + 1;
        }
      }
      out.push(image.slice(start));
      return out.map((l) => l.trim()).filter((l) => l && l !== 'none');
    };
    const failures: string[] = [];
    for (const selector of selectors) {
      const el = document.querySelector(selector);
      if (!el) continue;
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      // Scroll-driven styles (cards fading in as they enter) settle on the next frames.
      for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(r));
      const box = el.getBoundingClientRect();
      const stack = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const at = stack.indexOf(el);
      const ancestors: Element[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) ancestors.push(node);
      // What is painted behind the text's middle; its ancestors when it takes no pointer (pointer-events: none).
      const behind = at >= 0 ? stack.slice(at) : ancestors;
      const style = getComputedStyle(el);
      // Gradient text (background-clip: text): its colours are the element's own gradient stops.
      const clipped = /text/.test(
        `${style.backgroundClip} ${style.getPropertyValue('-webkit-background-clip')}`,
      );
      let below: RGBA[] = [[255, 255, 255, 1]];
      let unknown = false;
      for (const layer of behind.reverse()) {
        if (clipped && layer === el) continue;
        const style = getComputedStyle(layer);
        const [colour] = parse(style.backgroundColor);
        if (colour && colour[3] > 0) below = below.map((b) => over(colour, b));
        for (const image of layers(style.backgroundImage).reverse()) {
          if (!/gradient\(/.test(image)) {
            unknown = true;
            continue;
          }
          const size = /^radial-gradient\(\s*([\d.]+)px(?:\s+([\d.]+)px)?/.exec(image);
          if (size && Number(size[1]) < 8 && Number(size[2] ?? size[1]) < 8) continue;
          const stops = parse(image);
          below = stops.flatMap((stop) => below.map((b) => over(stop, b)));
        }
      }
      if (unknown) continue;
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      const colours = clipped ? parse(style.backgroundImage) : parse(style.color);
      if (colours.length === 0) continue;
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const worst = Math.min(
        ...colours.flatMap(([r, g, b, a]) => {
          const fg: RGBA = [r, g, b, a * opacity];
          return below.map((bg) => ratio(over(fg, bg), bg));
        }),
      );
      if (worst < needed)
        failures.push(
          `${selector}: contrast ${worst.toFixed(2)}:1 over the gradient behind it (needs ${needed}:1), text ${clipped ? style.backgroundImage : style.color}`,
        );
    }
    return failures;
  }, targets);
}

/** Runs axe on the page and fails with each violation's id, targets and summary. */
async function expectNoViolations(page: Page, where: string) {
  const { violations, incomplete } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${where}: ${v.id} (${v.impact}) at ${node.target.join(' ')}\n    ${v.help}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
    ),
  );
  const overGradients = incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) => v.nodes)
    .filter((node) => node.any.some((check) => /gradient/.test(check.message)))
    .map((node) => node.target.join(' '));
  for (const failure of await gradientContrastFailures(page, overGradients))
    report.push(`${where}: color-contrast (serious) at ${failure}`);
  expect.soft(report, report.join('\n')).toEqual([]);
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

type Width = (typeof WIDTHS)[number];
const viewport = (width: Width) => ({ width, height: width < 600 ? 844 : 800 });
/** Signed-in pages whose stage has no side column beside it (shell/src/layout/SignedInChrome.tsx, STAGE_PAGES). */
const STAGE_PAGES = /^\/(home|planets)?\/?$/;

/**
 * Waits until the network has been quiet for 500 ms. networkidle fires once a load, so after a resize (which may
 * mount the side column, whose cards fetch their data) the requests are counted here instead.
 */
function networkWatch(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  page.on('request', () => {
    inFlight++;
    last = Date.now();
  });
  const done = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () =>
    expect
      .poll(() => inFlight <= 0 && Date.now() - last >= 500, { timeout: 15_000, intervals: [100] })
      .toBe(true);
}

/**
 * Takes the loaded page to `width` as a fresh load there would show it. Every width-dependent part of the product
 * follows the viewport live: the shell's rail and side column through useMediaQuery (matchMedia change events,
 * shell/src/layout/media.ts), the galaxy map's canvas through a ResizeObserver (mfe-map useElementSize), the rest
 * through CSS media queries; nothing reads the width once at load, so a resize stands for a fresh load. This waits
 * on what the layout changes: the viewport's width, the rail (Notifications moves into it from the page header's
 * row at >= 992 px) and the side column (>= 1200 px, beside every page but the stages), then the network and
 * animations settling as after a load.
 */
async function resizeTo(page: Page, width: Width, quiet: () => Promise<void>) {
  await page.setViewportSize(viewport(width));
  await page.waitForFunction((w) => window.innerWidth === w, width);
  const rail = page.locator('#nav-root nav[aria-label="Main"]');
  if ((await rail.count()) > 0) {
    const desktop = width >= 992;
    await expect(rail.getByRole('link', { name: /^Notifications\b/ })).toHaveCount(desktop ? 1 : 0);
    await expect(page.getByRole('navigation', { name: 'Notifications', exact: true })).toHaveCount(
      desktop ? 0 : 1,
    );
    if (!STAGE_PAGES.test(new URL(page.url()).pathname))
      await expect(page.locator('aside[aria-label="Discover"]')).toHaveCount(width >= 1200 ? 1 : 0);
  }
  // A fresh load starts at the top; the scans before scrolled the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await quiet();
  await settle(page);
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
