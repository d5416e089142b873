// prefers-reduced-motion (issue 22 item 5): with motion reduced, the orbits, the stars and the sprites hold still;
// without it they move. Each scene is photographed twice, one second apart: the same bytes when motion is reduced
// (and no time-driven animation is running), different ones otherwise, so the test cannot pass on a still scene.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

interface Scene {
  name: string;
  path: string;
  signedIn: boolean;
  /** What to wait for (and do) before the first picture. */
  ready: (page: Page) => Promise<void>;
}

const SCENES: Scene[] = [
  {
    name: 'the landing page (map preview and stars)',
    path: '/',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('img', { name: /preview of the Skynet galaxy map/ })).toBeVisible();
    },
  },
  {
    name: 'the galaxy map with the easter egg sprites',
    path: '/home',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: /, your home planet$/ })).toBeVisible();
      await page.keyboard.type('emergency');
      await expect(page.getByTestId('easter-egg').locator(':scope > div')).toHaveCount(10);
      // Drifting sprites set off after a delay of up to 4 s from outside the map: wait until one is on it.
      await expect
        .poll(() =>
          page.getByTestId('easter-egg').evaluate((layer) => {
            const stage = layer.getBoundingClientRect();
            return Array.from(layer.children).filter((sprite) => {
              const box = sprite.getBoundingClientRect();
              return box.left > stage.left && box.right < stage.right;
            }).length;
          }),
        )
        .toBeGreaterThan(0);
    },
  },
  {
    name: 'the orbits of /planets',
    path: '/planets',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Solar System' })).toBeVisible();
    },
  },
  {
    name: 'the drifting stars of /login',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    },
  },
];

/** Animations driven by the clock that are playing now (scroll-driven ones move only when the page scrolls). */
const runningClockAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.timeline instanceof DocumentTimeline)
      .map((a) => (a as CSSAnimation).animationName ?? 'a script animation'),
  );

for (const scene of SCENES) {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    test(`${scene.name}: ${reducedMotion === 'reduce' ? 'still' : 'moving'} with reduced motion ${reducedMotion}`, async ({
      page,
      user,
    }) => {
      await page.emulateMedia({ reducedMotion });
      if (scene.signedIn) await signIn(page, user);
      await page.goto(scene.path);
      await page.waitForLoadState('networkidle');
      await scene.ready(page);
      await page.waitForTimeout(300); // entrance transitions end
      const first = await page.screenshot();
      await page.waitForTimeout(1_000);
      const second = await page.screenshot();
      if (reducedMotion === 'reduce') {
        expect(await runningClockAnimations(page)).toEqual([]);
        expect(first.equals(second), 'the two pictures one second apart differ').toBe(true);
      } else {
        expect((await runningClockAnimations(page)).length).toBeGreaterThan(0);
        expect(first.equals(second), 'nothing moved in a second').toBe(false);
      }
    });
  }
}
