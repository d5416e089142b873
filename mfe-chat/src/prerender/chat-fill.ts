// The fill of `/messages/:id`'s signed-in template (./index.tsx), run by the page as an inline script at the end of
// the body, after the site's head start started the page's first calls with the saved token (`early` in
// ../routes.ts): the person, your standing with them, the conversation (GET /user/conversations/:id, the GET twin of
// the spec's POST /user/getchats, which the page's own first call then takes) and the session's own lookup.
// - The frame (the header with the person's name and avatar, the menu, the form) is drawn hidden, its slots filled
//   from the person's answer (text and attribute values, never parsed as HTML), then shown with the messages.
// - The newest DRAWN_MESSAGES messages, grouped by Vancouver day as the page groups them (../lib/chatTime.ts), yours
//   and theirs from their templates, the list scrolled to its end as the page keeps it: the real list draws them all
//   in the same place, its end where the drawing's was.
// - Not drawn (the markup goes and the page starts at once): no session, developer overrides, an answer missing or
//   refused, a deleted person, yourself, or someone you block (the page shows why instead of the form).
// - Its buttons and the message box wait, disabled, for the real page: a press or a typed word would be lost.
// The real page (ChatPage) removes the markup in a layout effect once it has the person and the messages to show.
import {
  CHAT_ROUTE,
  type CurrentUser,
  callWithParams,
  fillTemplate,
  type Message,
  type MessageDay,
  matchRoute,
  putSlots,
  SESSION_CALLS,
  type Slots,
  startWhenShown,
  type User,
} from '@skynet/contract';
import { flattenDays, formatFullDateTime, formatMessageTime, groupByVancouverDay } from '../lib/chatTime';
import { templateIn } from './template-in';

/** On the templates: a day, your message, theirs, the header's avatar as a picture; and the hidden frame. */
export const DAY_ATTRIBUTE = 'data-day';
export const OWN_MESSAGE_ATTRIBUTE = 'data-own';
export const RECEIVED_MESSAGE_ATTRIBUTE = 'data-received';
export const AVATAR_PICTURE_ATTRIBUTE = 'data-picture';
export const UNFILLED_ATTRIBUTE = 'data-unfilled';

/** How many of the newest messages the drawing shows: more than a tall screen holds, far fewer than 500. */
export const DRAWN_MESSAGES = 60;

/** The calls as ../routes.ts declares them. */
const PERSON_CALL = '/user/:id';
const STANDING_CALL = '/user/:id/relationship';
const CONVERSATION_CALL = '/user/conversations/:id';

/** An id drawn into a link as it is: anything else would need escaping. */
const PLAIN_ID = /^[\w-]+$/;

/** An answer's `value`, as the API's envelope carries it. */
const valueIn = <T>(body: unknown) => (body as { value?: T } | null)?.value;

/** The frame's slots for `partner`, or null when the page would draw them otherwise (deleted, an odd id). */
export function frameSlots(partner: User | undefined): Slots | null {
  if (!partner || partner.deleted || typeof partner.userName !== 'string' || !PLAIN_ID.test(partner._id))
    return null;
  let hue = 0;
  for (const char of partner.userName) hue += char.charCodeAt(0);
  return {
    I: partner._id,
    N: partner.userName,
    X: (partner.userName[0] || '?').toUpperCase(),
    H: hue % 360,
  };
}

/** A message's slots, as MessageItem draws it. */
export const messageSlots = (message: Message, name: string): Slots => ({
  c: message.content,
  t: message.createdAt,
  T: formatFullDateTime(message.createdAt),
  m: formatMessageTime(message.createdAt),
  N: name,
});

/** A copy of `template` with `slots` put in. */
function drawn(template: HTMLTemplateElement, slots: Slots): DocumentFragment {
  const copy = template.content.cloneNode(true) as DocumentFragment;
  putSlots(copy, slots);
  return copy;
}

export function fillChat(): void {
  fillTemplate(({ markup, answers, startPage }) => {
    const params = matchRoute(CHAT_ROUTE, location.pathname);
    const at = (call: string) => (params ? answers[callWithParams(call, params)] : undefined);
    const calls = [at(PERSON_CALL), at(STANDING_CALL), at(CONVERSATION_CALL), answers[SESSION_CALLS.lookup]];
    const frame = markup.querySelector(`[${UNFILLED_ATTRIBUTE}]`);
    const scroller = frame?.querySelector('[role="log"]');
    const [day, own, received, picture] = [
      DAY_ATTRIBUTE,
      OWN_MESSAGE_ATTRIBUTE,
      RECEIVED_MESSAGE_ATTRIBUTE,
      AVATAR_PICTURE_ATTRIBUTE,
    ].map((attribute) => templateIn(markup, attribute)) as HTMLTemplateElement[];
    if (!frame || !scroller || !day || !own || !received || !picture || calls.some((call) => !call))
      throw new Error('nothing to draw');
    for (const control of frame.querySelectorAll('button, input')) control.setAttribute('disabled', '');
    return Promise.all(calls).then(([person, standing, history, me]) => {
      const partner = valueIn<User>(person);
      const viewer = valueIn<CurrentUser>(me);
      const relationship = valueIn<{ blocking?: boolean }>(standing);
      const days = (history as { message?: unknown } | null)?.message;
      const slots = frameSlots(partner);
      if (
        !slots ||
        !partner ||
        !viewer ||
        viewer._id === partner._id ||
        !relationship ||
        relationship.blocking
      )
        throw new Error('not drawn');
      if (!Array.isArray(days)) throw new Error('no conversation');
      putSlots(frame, slots);
      if (partner.avatarUrl)
        frame
          .querySelector('header [role="img"]')
          ?.replaceWith(drawn(picture, { v: partner.avatarUrl, N: partner.userName }));
      const messages = flattenDays(days as MessageDay[]).slice(-DRAWN_MESSAGES);
      if (messages.length > 0) scroller.replaceChildren();
      for (const group of groupByVancouverDay(messages)) {
        const section = drawn(day, { k: group.key, D: group.heading });
        const list = section.querySelector('ol');
        for (const message of group.messages)
          list?.appendChild(
            drawn(message.senderId === viewer._id ? own : received, messageSlots(message, partner.userName)),
          );
        scroller.appendChild(section);
      }
      frame.replaceWith(...frame.childNodes);
      scroller.scrollTop = scroller.scrollHeight;
      startWhenShown(scroller, startPage);
    });
  });
}
