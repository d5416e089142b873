// The fill of this remote's signed-in /feed template (./index.tsx), run by the page as an inline script: built from
// ./fill-script.ts with the remote and published beside the template (tooling/rspack/prerender.mjs), so the server
// that inlines it never knows how a post card looks (docs/decisions.md "The signed-in feed paints from the HTML").
// It runs at the end of the body, after the site's head start started the page's calls with the saved token.
// - No session (the probe in <head> found no token), developer overrides (the head start started nothing then), no
//   answer, a failed or refused one (null: not 2xx), or no post it can draw: the markup goes and the page's scripts
//   start at once, as on any page.
// - Else one card per post, cloned from the template's card, which the build drew with the real PostCard and marked
//   with slots where the card shows a post's values (SLOTS in ./index.tsx): text nodes and attribute values get the
//   post's own (never parsed as HTML, so a post's text stays text). The date is formatted as the card formats it
//   (kit/src/dates.ts), the avatar coloured as kit's Avatar colours it. It draws the leading run of ordinary posts
//   and stops at the first it cannot draw the way the card would (deleted, edited, behind a warning, with a link,
//   a reply, a picture, an odd id): the real list draws those below, so nothing drawn moves.
// - The page's parked scripts and preloads start once the filled posts have painted, or after WAIT_MS whatever
//   happened: Lighthouse's simulation charges every script that ran before the paint to it, and script downloads
//   begun before the calls held the connections the calls needed.
// - A route with parameters (`/search/:text`, a planet's feed): its entry gives the answer to draw from, its frame
//   filled first (./route-fill.ts); kept out of this file so `/feed`'s inline script carries none of it.
// The real page removes the markup in a layout effect when its list first has posts (or ended empty or failed).
import {
  type HeadStartGlobal,
  headStartGlobal,
  type Post,
  pageStarter,
  putSlots,
  type Slots,
  startWhenShown,
  WAIT_MS,
} from '@skynet/contract';

/** An id drawn into a link as it is: anything else would need escaping. */
const PLAIN_ID = /^[\w-]+$/;

/** The card's slots for `post`, or null when the template cannot draw it the way PostCard would. */
export function slotsOf(post: Post, date: Intl.DateTimeFormat): Slots | null {
  if (
    post.deleted ||
    post.removed ||
    post.editedAt ||
    post.contentWarning ||
    /https?:\/\//i.test(post.content) ||
    post.mentions.length > 0 ||
    post.tags.length > 0 ||
    post.parentPost ||
    post.avatarUrl ||
    !PLAIN_ID.test(post._id) ||
    !PLAIN_ID.test(post.authorId)
  )
    return null;
  const { userName: name, likeCount: likes, commentCount: comments } = post;
  let hue = 0;
  for (const char of name) hue += char.charCodeAt(0);
  return {
    i: post._id,
    a: post.authorId,
    n: name,
    x: (name[0] || '?').toUpperCase(),
    h: hue % 360,
    c: post.content,
    l: likes,
    L: likes === 1 ? ' like' : ' likes',
    o: comments,
    O: comments === 1 ? ' comment' : ' comments',
    t: post.createdAt,
    d: date.format(new Date(post.createdAt)),
  };
}

/** The card with `slots` in its text and attribute values. */
function drawCard(card: HTMLTemplateElement, slots: Slots): Node {
  const copy = card.content.cloneNode(true);
  putSlots(copy, slots);
  return copy;
}

/** The answer a template's cards are drawn from: its card's call, as the page's head start made it. */
export type AnswerOf = (
  card: HTMLTemplateElement,
  answers: HeadStartGlobal['answers'],
) => Promise<unknown> | undefined;

const byCall: AnswerOf = (card, answers) => answers[card.dataset.call ?? ''];

/**
 * Fills the page's template from its head start answer, then starts the page (see the top of this file).
 * `answerOf`: for a template whose call depends on the address (./route-fill.ts); a rejected answer: the markup goes.
 */
export function fillSignedInTemplate(answerOf: AnswerOf = byCall): void {
  const markup = document.getElementById('prerendered');
  const headStart = headStartGlobal();
  const startPage = pageStarter(headStart);
  const dropMarkup = () => {
    markup?.remove();
    startPage();
  };
  try {
    const card = markup?.querySelector<HTMLTemplateElement>('template[data-card]');
    const answer =
      card && headStart && document.documentElement.classList.contains('has-session')
        ? answerOf(card, headStart.answers)
        : undefined;
    if (!card || !answer) {
      dropMarkup();
      return;
    }
    setTimeout(startPage, WAIT_MS);
    answer
      .then((body) => {
        const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
        const list = markup?.querySelector('[data-posts]');
        let drawn = 0;
        for (const post of (body as { value: Post[] }).value) {
          const slots = slotsOf(post, date);
          if (!slots) break;
          list?.appendChild(drawCard(card, slots));
          drawn++;
        }
        if (drawn && list) startWhenShown(list, startPage);
        else dropMarkup();
      })
      .catch(dropMarkup);
  } catch {
    dropMarkup();
  }
}
