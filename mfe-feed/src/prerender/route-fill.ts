// The fill of a signed-in template of a route with parameters (`/search/:text`, a planet's feed; ./index.tsx): the
// route's call for this address, put together as the server's head start did (the address's raw segments into the
// `:name`s, with the contract's own matchRoute and callWithParams, so the two cannot disagree), and the frame's
// slots (the searched text, the planet's name). The frame is drawn in a hidden wrapper (UNFILLED_ATTRIBUTE) that
// goes once its slots and the first posts are in, so no slot ever paints. No slots for this page (null): the markup
// goes, and the real page starts at once.
import { callWithParams, matchRoute, putSlots, type RouteParams, type Slots } from '@skynet/contract';
import { type AnswerOf, fillSignedInTemplate } from './fill';

/** The wrapper a template with slots in its frame is drawn in, hidden until they are filled. */
export const UNFILLED_ATTRIBUTE = 'data-unfilled';

/** A frame's slots for the address's parameters, now or from another answer; null: the drawing is not this page. */
export type FrameSlots = (
  params: RouteParams,
  answers: Parameters<AnswerOf>[1],
) => Slots | null | Promise<Slots | null>;

export function fillRouteTemplate(frameSlots: FrameSlots): void {
  fillSignedInTemplate((card, answers) => {
    const params = matchRoute(card.dataset.route ?? '', location.pathname);
    const posts = params && answers[callWithParams(card.dataset.call ?? '', params)];
    if (!params || !posts) return undefined;
    return Promise.all([posts, frameSlots(params, answers)]).then(([body, slots]) => {
      showFrame(slots);
      return body;
    });
  });
}

/**
 * `slots` into the drawing's hidden frame, `adjust` done to it, and the frame shown (the fill draws the posts into
 * it in the same task, so neither paints alone). No frame or no slots: throws, and the fill takes the markup away.
 */
export function showFrame(slots: Slots | null, adjust?: (frame: Element) => void): void {
  // The frame only (the stylesheet the markup carries is beside it, no place for a slot).
  const unfilled = document.querySelector(`#prerendered [${UNFILLED_ATTRIBUTE}]`);
  if (!unfilled || !slots) throw new Error('the drawing is not this page');
  putSlots(unfilled, slots);
  adjust?.(unfilled);
  unfilled.replaceWith(...unfilled.childNodes);
}
