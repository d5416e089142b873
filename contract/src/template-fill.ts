/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What every remote's signed-in template fill does (a page that paints from its HTML first: the remote publishes a
// template and an inline script that fills it from the head start's answers; docs/decisions.md "The signed-in feed
// paints from the HTML"): put values into the template's slots, then start the page's parked scripts and preloads,
// and the head start's later calls (the session refresh), once the filled page has painted. Here so each remote's
// fill script (mfe-feed's, mfe-map's) shares one rule; each bundles only what it calls.
import { HEAD_START_GLOBAL, type HeadStartGlobal } from './head-start.js';
import { startParkedFiles } from './parked-files.js';

/** How long a fill waits for its paint before it starts the page anyway (a tab in the background paints no frame). */
export const WAIT_MS = 1000;

/** NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, as the number (the names cost the inline scripts' bytes). */
const ELEMENTS_AND_TEXT = 5;

/** A template's slot values: `{x}` in its text and attribute values becomes `slots.x`. */
export type Slots = Record<string, string | number>;

/**
 * `slots` into the text and attribute values under `root`, in one pass: what a value brings is never read as a slot,
 * and never parsed as HTML (a person's text stays text).
 */
export function putSlots(root: Node, slots: Slots): void {
  const walker = document.createTreeWalker(root, ELEMENTS_AND_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const value of node instanceof Element ? Array.from(node.attributes) : [node])
      value.nodeValue = (value.nodeValue ?? '').replace(/{(\w)}/g, (_, slot: string) => String(slots[slot]));
  }
}

/** The head start's global, absent without a saved token or with developer overrides (then nothing was started). */
export function headStartGlobal(): HeadStartGlobal | undefined {
  return (window as unknown as Record<string, HeadStartGlobal | undefined>)[HEAD_START_GLOBAL];
}

/** A function that starts the page the first time it is called, and does nothing after. */
export function pageStarter(headStart: HeadStartGlobal | undefined): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    headStart?.later?.();
    startParkedFiles();
  };
}

/**
 * Starts the page once its first paint is on screen, or after WAIT_MS whatever happened. Before the first paint is
 * presented (the first-contentful-paint entry), the page's scripts would be fetched and parsed on the cores that
 * still rasterize that frame: on a two-core machine, /home's first frame reached the screen 260 ms after its paint
 * while react.js was parsed beside it. Already presented: at once; without paint timing: after the next frame.
 */
export function startAfterPaint(startPage: () => void): void {
  setTimeout(startPage, WAIT_MS);
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint'))
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) startPage();
    }).observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(startPage));
}

/**
 * Starts the page once what a fill just drew under `drawn` is on screen (Element Timing: an `element` entry comes when
 * a marked element's text or image is presented), or after WAIT_MS whatever happened; after the next frame in
 * browsers without Element Timing. As in startAfterPaint: scripts fetched and parsed before that frame is presented
 * share the cores that rasterize it.
 */
export function startWhenShown(drawn: Element, startPage: () => void): void {
  setTimeout(startPage, WAIT_MS);
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('element')) {
    for (const element of [drawn, ...drawn.querySelectorAll('*')])
      element.setAttribute('elementtiming', 'fill');
    new PerformanceObserver(startPage).observe({ type: 'element' });
  } else requestAnimationFrame(() => setTimeout(startPage));
}

/**
 * A signed-in page drawn whole at build time (it shows nobody's data): with a session and a head start, the drawing
 * stays, `prepare` adjusts it to this browser, and the page starts after its paint; otherwise (no saved token, or
 * developer overrides: nothing was started) the drawing goes and the page starts at once.
 */
export function showDrawnPage(prepare: (markup: HTMLElement) => void): void {
  const markup = document.getElementById('prerendered');
  const headStart = headStartGlobal();
  const startPage = pageStarter(headStart);
  if (!markup || !headStart || !document.documentElement.classList.contains('has-session')) {
    markup?.remove();
    startPage();
    return;
  }
  prepare(markup);
  startAfterPaint(startPage);
}

/** What a fill gets (fillTemplate): the drawing, the head start's answers and the page's starter. */
export interface DrawnTemplate {
  markup: HTMLElement;
  answers: HeadStartGlobal['answers'];
  startPage: () => void;
}

/**
 * A template filled from the head start's answers: with a session and a head start, `fill` draws into the markup and
 * throws at once when it cannot start, and its promise settles once it has drawn (it calls startWhenShown itself); the page starts after WAIT_MS whatever happened.
 * No drawing, no session, developer overrides, or a `fill` that throws or rejects (nothing it can draw as the page
 * would): the markup goes and the page starts at once. (`/feed`'s fill keeps its own copy of this: its inline script
 * is on a byte budget.)
 */
export function fillTemplate(fill: (drawn: DrawnTemplate) => Promise<unknown>): void {
  const markup = document.getElementById('prerendered');
  const headStart = headStartGlobal();
  const startPage = pageStarter(headStart);
  const dropMarkup = () => {
    markup?.remove();
    startPage();
  };
  try {
    if (!markup || !headStart || !document.documentElement.classList.contains('has-session'))
      throw new Error('nothing to fill');
    const filled = fill({ markup, answers: headStart.answers, startPage });
    setTimeout(startPage, WAIT_MS);
    filled.catch(dropMarkup);
  } catch {
    dropMarkup();
  }
}
