// The fill of a profile's signed-in template (`/profile` and `/user/:id`; ./index.tsx): the person's card from their
// answer, the home planet's name from the planets' list, and their first page of posts as `/feed`'s fill draws its
// page (./fill.ts), all asked for by the page's HTML (`early` in ../routes.ts). `/profile`'s calls name the visitor
// (`:me`), whose id the session's own answer gives. The frame stays hidden until it is filled (./route-fill.ts).
// Not drawn (the markup goes and the real page starts at once): the Replies view, a deleted or suspended person, one
// with a picture, yourself at `/user/:id` (the page sends you to `/profile`), anyone you block, mute or who blocks
// you (the page shows why, not the posts), a person without posts, and any answer that failed.
import {
  callWithParams,
  matchRoute,
  type Planet,
  type RouteParams,
  SESSION_CALLS,
  type Slots,
  type User,
} from '@skynet/contract';
import { followersText, ownProfileTitle, postsText } from '../lib/profile-text';
import { type AnswerOf, fillSignedInTemplate } from './fill';
import { showFrame } from './route-fill';

/** The card template's attribute naming the person's call (`/user/:me` or `/user/:id`). */
export const PERSON_ATTRIBUTE = 'data-person';

/** The standing call a profile of someone else waits for (UserPage's first call beside the person's). */
const STANDING_CALL = '/user/:id/relationship';

type Answers = Parameters<AnswerOf>[1];

/** An answer's `value`, as the API's envelope carries it. */
const valueIn = <T>(body: unknown) => (body as { value?: T } | null)?.value;

/** The frame's slots for `user` (the page titled `title`), or null when the card would draw them otherwise. */
export function profileSlots(
  user: User | undefined,
  planets: Planet[] | undefined,
  title: string,
): Slots | null {
  if (!user || user.deleted || user.suspended || user.avatarUrl || !/^[\w-]+$/.test(user._id)) return null;
  let hue = 0;
  for (const char of user.userName) hue += char.charCodeAt(0);
  const joined = new Date(user.createdAt);
  if (Number.isNaN(joined.getTime())) return null;
  return {
    T: title,
    N: user.userName,
    X: (user.userName[0] || '?').toUpperCase(),
    H: hue % 360,
    B: user.bio,
    P: planets?.find((planet) => planet._id === user.location?.planetId)?.name ?? 'a distant planet',
    J: new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(joined),
    F: followersText(Math.max(0, user.followerCount)),
    G: user.followingCount,
    K: postsText(user.postCount),
    I: user._id,
  };
}

/** The person's first page of posts, once the frame is filled and shown; rejects when the drawing is not this page. */
async function profileAnswer(card: HTMLTemplateElement, params: RouteParams, answers: Answers) {
  const me = valueIn<User>(await answers[SESSION_CALLS.lookup])?._id;
  const own = !params.id;
  const id = own ? me : params.id;
  if (!id || (!own && id === me)) throw new Error('not drawn');
  const named = { ...params, me: id, id };
  const at = (call: string | undefined) => answers[callWithParams(call ?? '', named)];
  const [person, planets, standing, posts] = await Promise.all([
    at(card.dataset.person),
    answers['/planet'],
    own ? {} : at(STANDING_CALL),
    at(card.dataset.call),
  ]);
  const relationship = valueIn<Record<string, boolean>>(standing) ?? (own ? {} : null);
  if (!relationship || relationship.blocking || relationship.blockedBy || relationship.muting)
    throw new Error('not drawn');
  const user = valueIn<User>(person);
  const slots = profileSlots(
    user,
    valueIn<Planet[]>(planets),
    own ? ownProfileTitle(user?.userName ?? '') : 'Profile',
  );
  showFrame(slots, (frame) => {
    if (!user?.bio) frame.querySelector('[data-bio]')?.remove();
    // Until the real page is there a press would be lost (Follow, Block, the views): as the page draws its
    // buttons while it loads. Links work as links.
    for (const button of frame.querySelectorAll('button')) button.disabled = true;
  });
  return posts;
}

export function fillProfileTemplate(): void {
  fillSignedInTemplate((card, answers) => {
    const params = matchRoute(card.dataset.route ?? '', location.pathname);
    if (!params || new URLSearchParams(location.search).get('view') === 'replies') return undefined;
    return profileAnswer(card, params, answers);
  });
}
