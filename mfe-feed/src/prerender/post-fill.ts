// The fill of `/post/:id`'s signed-in template (./index.tsx): the post's card from the answer the page's HTML asked
// for (`early` in ../routes.ts), drawn as `/feed`'s fill draws a card (./fill.ts) with the date as the page's
// expanded card shows it (kit/src/dates.ts, formatMonthDayTime), then the comment form and the comments' heading.
// The comments come with the real page, which takes the drawing's place once they are there (its PostList).
// Not drawn (the markup goes and the page starts at once): no session, a post the card would draw otherwise (a reply,
// deleted, removed, a picture), your own post or an administrator's visit (the page adds Delete), a failed answer.
import {
  type CurrentUser,
  callWithParams,
  fillTemplate,
  matchRoute,
  type Post,
  SESSION_CALLS,
  startWhenShown,
} from '@skynet/contract';
import { slotsOf } from './fill';
import { showFrame } from './route-fill';

/** The route and its first call, as ../routes.ts declares them. */
const ROUTE = '/post/:id';
const POST_CALL = '/post/:id';

/** The expanded card's date, as kit's formatMonthDayTime writes it. */
const EXPANDED_DATE: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** Whether the drawing shows the page `viewer` sees for `post`: someone else's post, and no Delete button. */
export const drawsFor = (post: Post, viewer: CurrentUser | undefined) =>
  Boolean(viewer) && viewer?._id !== post.authorId && !viewer?.admin;

export function fillPostTemplate(): void {
  fillTemplate(({ markup, answers, startPage }) => {
    const params = matchRoute(ROUTE, location.pathname);
    const answer = params && answers[callWithParams(POST_CALL, params)];
    if (!answer) throw new Error('nothing to draw');
    return Promise.all([answer, answers[SESSION_CALLS.lookup]]).then(([body, me]) => {
      const post = (body as { value?: Post } | null)?.value;
      const viewer = (me as { value?: CurrentUser } | null)?.value;
      const slots =
        post && drawsFor(post, viewer)
          ? slotsOf(post, new Intl.DateTimeFormat('en-US', EXPANDED_DATE))
          : null;
      showFrame(slots, (frame) => {
        // Until the real page is there a press or a comment would be lost (as the profile's buttons wait).
        for (const control of frame.querySelectorAll('button, textarea'))
          control.setAttribute('disabled', '');
      });
      startWhenShown(markup, startPage);
    });
  });
}
