// At the end of every page's <head>: starts what the page's head start block names (../head-start.ts writes it)
// before any script file has arrived, only for a visitor with a saved token (calls always need one; a signed-in
// route's files too), and never with developer overrides (other code is loaded then). It leaves the answers on the
// global for @skynet/shared (shared/src/http/headStart.ts), which takes each once.
import {
  HEAD_START_ELEMENT_ID,
  HEAD_START_GLOBAL,
  type HeadStartBlock,
  type HeadStartGlobal,
  type HeadStartPreload,
  OVERRIDE_PARAM,
  OVERRIDES_KEY,
  SESSION_CALLS,
  TOKEN_KEY,
} from '@skynet/contract';
import { callForToken } from './parts/own-id';

/**
 * A preload that failed is kept by the browser and handed, failed, to the first element that asks for the same file:
 * the area's Retry would fail once more although the network is back. So a failed preload is taken at once by an
 * element of its kind that is removed again (a chunk that loads after all just registers itself; a stylesheet with
 * `media="not all"` applies nowhere); the remoteEntry.js preload (integrity, CORS) is never reused that way.
 */
function takeFailed({ as, href }: HeadStartPreload) {
  const element = document.createElement(as === 'style' ? 'link' : 'script');
  if (element instanceof HTMLLinkElement) {
    element.rel = 'stylesheet';
    element.media = 'not all';
    element.href = href;
  } else element.src = href;
  element.onload = element.onerror = () => element.remove();
  document.head.appendChild(element);
}

/** Preloads a file; on a page that paints first (afterPaint), a script's preload waits parked for that paint. */
function preload(file: HeadStartPreload, afterPaint: boolean) {
  const link = document.createElement('link');
  if (afterPaint && file.as === 'script') link.dataset.afterPaint = '';
  else link.rel = 'preload';
  link.as = file.as;
  link.href = file.href;
  if (file.integrity) {
    link.integrity = file.integrity;
    link.crossOrigin = 'anonymous';
  } else link.onerror = () => takeFailed(file);
  document.head.appendChild(link);
}

function startFromHtml() {
  const block = JSON.parse(
    document.getElementById(HEAD_START_ELEMENT_ID)?.textContent ?? '',
  ) as HeadStartBlock;
  const token = localStorage.getItem(TOKEN_KEY);
  if (new RegExp(`[?&]${OVERRIDE_PARAM}=`).test(location.search) || localStorage.getItem(OVERRIDES_KEY))
    return;
  if (token || !block.signedIn) for (const file of block.preload) preload(file, Boolean(block.afterPaint));
  if (!token) return;
  const answers: HeadStartGlobal['answers'] = {};
  const start = (named: string) => {
    // `:me` (a route's own-profile calls): the person the saved token names, as the page's own call will ask.
    const call = callForToken(named, token);
    if (call === null) return;
    answers[call] ??= fetch(block.api + call, { headers: { Authorization: `Bearer ${token}` } }).then(
      // A refused answer's body is read too: one left unread keeps its request open in the browser.
      (answer) => (answer.ok ? answer.json() : answer.text().then(() => null)),
      () => null,
    );
  };
  // On an afterPaint page the session refresh, which nothing on screen waits for, starts after the paint (later()).
  for (const call of block.calls) if (!(block.afterPaint && call === SESSION_CALLS.refresh)) start(call);
  const global: HeadStartGlobal = { at: Date.now(), answers, later: () => block.calls.forEach(start) };
  (window as unknown as Record<string, HeadStartGlobal>)[HEAD_START_GLOBAL] = global;
}

try {
  startFromHtml();
} catch {
  // No block, storage refused, bad JSON: the page starts everything itself, as without a head start.
}
