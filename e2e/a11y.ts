// The accessibility checks the browser tests share (issue 22 item 5, used by a11y.spec.ts and the issue 31 specs):
// axe-core against WCAG 2.0/2.1 A and AA and best practices, the contrast of text over gradients, the two widths,
// and waiting for a page (or a resized one) to settle before a scan.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const WIDTHS = [390, 1280] as const;
// WCAG 2.0/2.1 A and AA, and axe's best practices, which hold what WCAG leaves to judgement: one main landmark,
// content inside landmarks, headings in order, one h1.
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Waits until the page has drawn its data: the network is quiet, no loader shows, and no transition runs. */
export async function settle(page: Page) {
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
export async function gradientContrastFailures(page: Page, targets: string[]): Promise<string[]> {
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
export async function expectNoViolations(page: Page, where: string) {
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

export type Width = (typeof WIDTHS)[number];
export const viewport = (width: Width) => ({ width, height: width < 600 ? 844 : 800 });
/** Signed-in pages whose stage has no side column beside it (shell/src/layout/SignedInChrome.tsx, STAGE_PAGES). */
export const STAGE_PAGES = /^\/(home|planets)?\/?$/;

/**
 * Waits until the network has been quiet for 500 ms. networkidle fires once a load, so after a resize (which may
 * mount the side column, whose cards fetch their data) the requests are counted here instead.
 */
export function networkWatch(page: Page): () => Promise<void> {
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
export async function resizeTo(page: Page, width: Width, quiet: () => Promise<void>) {
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
