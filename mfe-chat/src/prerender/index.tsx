// Build-time only (tooling/rspack/prerender.mjs runs it in Node): `/messages`' signed-in template, the page's frame
// drawn by the real components with one conversation row (with and without a picture) around a placeholder
// conversation, and the list's empty state, as <template>s the HTML's fill script (./conversations-fill.ts) draws
// from the page's head start answer. No data is rendered here: the conversations are the visitor's, fetched with their
// token by the browser. Never part of the browser build.
import { type ConversationRow, MESSAGES_ROUTE } from '@skynet/contract';
import { PageHeader } from '@skynet/kit';
import { MemoryRouter } from '@skynet/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { CONVERSATION_LIST_CLASS, ConversationItem, NoConversations } from '../components/ConversationList';
import { MESSAGES_TITLE } from '../pages/ConversationsPage';
import pageStyles from '../pages/pages.module.css';
import {
  CONVERSATIONS_ATTRIBUTE,
  EMPTY_ATTRIBUTE,
  PICTURE_ROW_ATTRIBUTE,
  ROW_ATTRIBUTE,
} from './conversations-fill';

const AT = MESSAGES_ROUTE;

const PLACEHOLDER: ConversationRow = {
  userId: 'person-id-0',
  name: 'Person',
  avatar: null,
  lastMessageAt: '2001-02-03T12:00:00.000Z',
};
const PICTURE = '/placeholder-avatar.png';

const hueOf = (name: string) => [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;

/**
 * Where a row shows the placeholder's values, as the fill's slots: {i} the person's id (in the link), {n} the name,
 * {x} its initial and {h} its avatar's hue (no picture) or {v} the picture, {t} when the last message was sent,
 * {T} that as the tooltip says it, {d} as the row says it. Each must be found exactly as often as said: a row that
 * draws differently fails the build rather than filling wrongly.
 */
const slotsOf = (picture: boolean): [RegExp, string, number][] => [
  [/person-id-0/g, '{i}', 1],
  [/>Person</g, '>{n}<', 1],
  [/Person&#x27;s avatar/g, '{n}&#x27;s avatar', 1],
  [/>P<\/span>/g, '>{x}</span>', picture ? 0 : 1],
  [new RegExp(`hsl\\(${hueOf(PLACEHOLDER.name)} `, 'g'), 'hsl({h} ', picture ? 0 : 1],
  [new RegExp(PICTURE, 'g'), '{v}', picture ? 1 : 0],
  [/2001-02-03T12:00:00.000Z/g, '{t}', 1],
  [/title="[^"]*2001[^"]*"/g, 'title="{T}"', 1],
  [/>[^<>]*<\/time>/g, '>{d}</time>', 1],
];

function rowWithSlots(picture: boolean): string {
  const drawn = renderToStaticMarkup(
    <MemoryRouter initialEntries={[AT]}>
      <ConversationItem row={{ ...PLACEHOLDER, avatar: picture ? PICTURE : null }} now={new Date()} />
    </MemoryRouter>,
  );
  // React's server renderer adds a preload of each image it draws: the placeholder's is no file.
  let markup = drawn.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  for (const [pattern, slot, count] of slotsOf(picture)) {
    const found = markup.match(pattern)?.length ?? 0;
    if (found !== count)
      throw new Error(`prerender: ${pattern} found ${found} times in the conversation row, not ${count}`);
    markup = markup.replace(pattern, slot);
  }
  return markup;
}

/** `/messages` as ConversationsPage draws it once the list is there, without it: the fill adds one row each. */
function conversationsTemplate(): string {
  const template = (attribute: string, html: string) => (
    <template {...{ [attribute]: '' }} dangerouslySetInnerHTML={{ __html: html }} />
  );
  const empty = renderToStaticMarkup(
    <MemoryRouter initialEntries={[AT]}>
      <NoConversations />
    </MemoryRouter>,
  );
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[AT]}>
      <div className={pageStyles.list}>
        <PageHeader title={MESSAGES_TITLE} />
        <ul className={CONVERSATION_LIST_CLASS} {...{ [CONVERSATIONS_ATTRIBUTE]: '' }} />
        {template(ROW_ATTRIBUTE, rowWithSlots(false))}
        {template(PICTURE_ROW_ATTRIBUTE, rowWithSlots(true))}
        {template(EMPTY_ATTRIBUTE, empty)}
      </div>
    </MemoryRouter>,
  );
}

/** Signed-in route path -> its template (prerender.json's `signedIn`). */
export const signedIn: Record<string, () => string> = {
  [AT]: conversationsTemplate,
};
