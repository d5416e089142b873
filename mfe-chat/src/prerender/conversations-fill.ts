// The fill of `/messages`' signed-in template (./index.tsx), run by the page as an inline script at the end of the
// body, after the site's head start started the page's first call with the saved token (`early` in ../routes.ts:
// GET /user/conversations, the GET twin of the spec's POST, which the page's own first call then takes).
// - One row per conversation, newest first as the page orders them, cloned from the template's row (with or
//   without a picture, with or without an unread count), the person's id, name, picture, last message's time, its
//   start ("You: " first when yours) and the unread count put into its slots (text and attribute values, never parsed
//   as HTML). The time is worded as the row words it (../lib/chatTime.ts), the start as ../lib/lastMessage.ts says
//   it. No conversation: the list's empty state, as the page draws it.
// - It draws the leading run of rows it can draw as the page would and stops at the first it cannot (an odd id or
//   time, an odd last message or unread count): the real list draws them all once it is there, in the same place.
// - No session (the probe in <head> found no token), developer overrides (the head start started nothing then), no
//   answer, a refused or failed one, or no row it can draw: the markup goes and the page's scripts start at once.
// - The page's parked scripts and preloads start once the rows have painted, or after WAIT_MS whatever happened.
// The real page (ConversationsPage) removes the markup in a layout effect when it has the list, or an error, to show.
import { type ConversationRow, fillTemplate, putSlots, type Slots, startWhenShown } from '@skynet/contract';
import { formatFullDateTime, formatLastMessageAt, newestFirst } from '../lib/chatTime';
import { lastMessagePreview } from '../lib/lastMessage';
import { templateIn } from './template-in';

/** The list's first call, as the page's HTML starts it. */
export const CONVERSATIONS_CALL = '/user/conversations';
/**
 * On the template's list, and on its templates: a row, a row with a picture, each of them with an unread count, the
 * empty state.
 */
export const CONVERSATIONS_ATTRIBUTE = 'data-conversations';
export const ROW_ATTRIBUTE = 'data-row';
export const PICTURE_ROW_ATTRIBUTE = 'data-picture-row';
export const UNREAD_ROW_ATTRIBUTE = 'data-unread-row';
export const UNREAD_PICTURE_ROW_ATTRIBUTE = 'data-unread-picture-row';
export const EMPTY_ATTRIBUTE = 'data-empty';

/** An id drawn into a link as it is: anything else would need escaping. */
const PLAIN_ID = /^[\w-]+$/;

/**
 * A row's slots (and whether it shows a picture, an unread count), or null when the template cannot draw it as the
 * page would.
 */
export function rowSlots(
  row: ConversationRow,
  now: Date,
): { slots: Slots; picture: boolean; unread: boolean } | null {
  if (typeof row?.userId !== 'string' || !PLAIN_ID.test(row.userId) || typeof row.name !== 'string')
    return null;
  if (row.lastMessage !== undefined && typeof row.lastMessage !== 'string') return null;
  if (row.unread !== undefined && !(Number.isSafeInteger(row.unread) && row.unread >= 0)) return null;
  const when = formatLastMessageAt(row.lastMessageAt, now);
  if (!when) return null;
  let hue = 0;
  for (const char of row.name) hue += char.charCodeAt(0);
  const picture = typeof row.avatar === 'string' && row.avatar !== '';
  const unread = row.unread > 0;
  return {
    picture,
    unread,
    slots: {
      i: row.userId,
      n: row.name,
      x: (row.name[0] || '?').toUpperCase(),
      h: hue % 360,
      v: picture ? (row.avatar as string) : '',
      t: row.lastMessageAt,
      T: formatFullDateTime(row.lastMessageAt),
      d: when,
      p: lastMessagePreview(row),
      u: unread ? row.unread : '',
    },
  };
}

export function fillConversations(): void {
  fillTemplate(({ markup, answers, startPage }) => {
    const row = templateIn(markup, ROW_ATTRIBUTE);
    const pictureRow = templateIn(markup, PICTURE_ROW_ATTRIBUTE);
    const unreadRow = templateIn(markup, UNREAD_ROW_ATTRIBUTE);
    const unreadPictureRow = templateIn(markup, UNREAD_PICTURE_ROW_ATTRIBUTE);
    const empty = templateIn(markup, EMPTY_ATTRIBUTE);
    const list = markup.querySelector(`[${CONVERSATIONS_ATTRIBUTE}]`);
    const answer = answers[CONVERSATIONS_CALL];
    if (!list || !answer) throw new Error('nothing to draw');
    // Until the real page is there a press would be lost (the header's Back): as the page draws its buttons while
    // it loads. Links work as links.
    for (const button of markup.querySelectorAll('button')) button.disabled = true;
    return answer.then((body) => {
      const rows = (body as { data?: unknown } | null)?.data;
      if (!Array.isArray(rows)) throw new Error('no list');
      if (rows.length === 0) {
        const drawn = empty.content.cloneNode(true);
        const shown = drawn.firstChild;
        if (!(shown instanceof Element)) throw new Error('no empty state');
        list.replaceWith(drawn);
        startWhenShown(shown, startPage);
        return;
      }
      const now = new Date();
      for (const conversation of newestFirst(rows as ConversationRow[])) {
        const drawn = rowSlots(conversation, now);
        if (!drawn) break;
        const from = drawn.unread
          ? drawn.picture
            ? unreadPictureRow
            : unreadRow
          : drawn.picture
            ? pictureRow
            : row;
        const copy = from.content.cloneNode(true);
        putSlots(copy, drawn.slots);
        list.appendChild(copy);
      }
      if (list.childElementCount === 0) throw new Error('no row drawn');
      startWhenShown(list, startPage);
    });
  });
}
