// Build-time only (tooling/rspack/prerender.mjs runs it in Node): `/messages`' signed-in template, the page's frame
// drawn by the real components with one conversation row (with and without a picture, with and without an unread
// count) around a placeholder conversation, and the list's empty state, as <template>s the HTML's fill script
// (./conversations-fill.ts) draws from the page's head start answer. No data is rendered here: the conversations are the visitor's, fetched with their
// token by the browser. Never part of the browser build.
import { CHAT_ROUTE, type ConversationRow, MESSAGES_ROUTE, type Message, type User } from '@skynet/contract';
import { Avatar, PageHeader } from '@skynet/kit';
import { type Slot, withSlots } from '@skynet/kit/prerender';
import { MemoryRouter } from '@skynet/shared';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChatActions } from '../components/ChatActions';
import { ChatHeader } from '../components/ChatHeader';
import {
  CONVERSATION_LIST_CLASS,
  ConversationItem,
  NewMessageLink,
  NoConversations,
} from '../components/ConversationList';
import { MessageForm } from '../components/MessageForm';
import { DaySection, MessageItem, MessageList } from '../components/MessageList';
import { MESSAGES_TITLE } from '../pages/ConversationsPage';
import pageStyles from '../pages/pages.module.css';
import {
  AVATAR_PICTURE_ATTRIBUTE,
  DAY_ATTRIBUTE,
  OWN_MESSAGE_ATTRIBUTE,
  RECEIVED_MESSAGE_ATTRIBUTE,
  UNFILLED_ATTRIBUTE,
} from './chat-fill';
import {
  CONVERSATIONS_ATTRIBUTE,
  EMPTY_ATTRIBUTE,
  PICTURE_ROW_ATTRIBUTE,
  ROW_ATTRIBUTE,
  UNREAD_PICTURE_ROW_ATTRIBUTE,
  UNREAD_ROW_ATTRIBUTE,
} from './conversations-fill';

const AT = MESSAGES_ROUTE;

const PLACEHOLDER: ConversationRow = {
  userId: 'person-id-0',
  name: 'Person',
  avatar: null,
  lastMessageAt: '2001-02-03T12:00:00.000Z',
  lastMessage: 'Last words',
  lastMessageMine: false,
  unread: 0,
};
/** The unread count a row with unread messages is drawn with. */
const PLACEHOLDER_UNREAD = 7;
const PICTURE = '/placeholder-avatar.png';

const hueOf = (name: string) => [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;

/**
 * Where a row shows the placeholder's values, as the fill's slots: {i} the person's id (in the link), {n} the name,
 * {x} its initial and {h} its avatar's hue (no picture) or {v} the picture, {t} when the last message was sent,
 * {T} that as the tooltip says it, {d} as the row says it, {p} the last message's start as the row says it, {u} the
 * unread count (a row with unread messages). Each must be found exactly as often as said: a row that draws
 * differently fails the build rather than filling wrongly.
 */
const slotsOf = (picture: boolean, unread: boolean): Slot[] => [
  [/person-id-0/g, '{i}', 1],
  [/>Person</g, '>{n}<', 1],
  [/Person&#x27;s avatar/g, '{n}&#x27;s avatar', 1],
  [/>P<\/span>/g, '>{x}</span>', picture ? 0 : 1],
  [new RegExp(`hsl\\(${hueOf(PLACEHOLDER.name)} `, 'g'), 'hsl({h} ', picture ? 0 : 1],
  [new RegExp(PICTURE, 'g'), '{v}', picture ? 1 : 0],
  [/2001-02-03T12:00:00.000Z/g, '{t}', 1],
  [/title="[^"]*2001[^"]*"/g, 'title="{T}"', 1],
  [/>[^<>]*<\/time>/g, '>{d}</time>', 1],
  [/>Last words</g, '>{p}<', 1],
  [new RegExp(`>${PLACEHOLDER_UNREAD}<`, 'g'), '>{u}<', unread ? 1 : 0],
];

function rowWithSlots(picture: boolean, unread: boolean): string {
  const row = { ...PLACEHOLDER, avatar: picture ? PICTURE : null, unread: unread ? PLACEHOLDER_UNREAD : 0 };
  return withSlots(
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[AT]}>
        <ConversationItem row={row} now={new Date()} />
      </MemoryRouter>,
    ),
    slotsOf(picture, unread),
    'conversation row',
  );
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
        <PageHeader title={MESSAGES_TITLE}>
          <NewMessageLink />
        </PageHeader>
        <ul className={CONVERSATION_LIST_CLASS} {...{ [CONVERSATIONS_ATTRIBUTE]: '' }} />
        {template(ROW_ATTRIBUTE, rowWithSlots(false, false))}
        {template(PICTURE_ROW_ATTRIBUTE, rowWithSlots(true, false))}
        {template(UNREAD_ROW_ATTRIBUTE, rowWithSlots(false, true))}
        {template(UNREAD_PICTURE_ROW_ATTRIBUTE, rowWithSlots(true, true))}
        {template(EMPTY_ATTRIBUTE, empty)}
      </div>
    </MemoryRouter>,
  );
}

const CHAT_AT = '/messages/person-id-0';

/** The person a conversation is drawn with; their values become the chat fill's slots. */
const PLACEHOLDER_PARTNER: User = {
  _id: 'person-id-0',
  userName: 'Person',
  avatarUrl: null,
  bio: '',
  createdAt: '2001-02-03T12:00:00.000Z',
  deleted: false,
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
  location: { planetId: 'planet-id', latitude: 0, longitude: 0 },
};

const PLACEHOLDER_MESSAGE: Message = {
  _id: 'message-id-0',
  conversationId: 'conversation-id-0',
  senderId: 'person-id-0',
  content: 'Text',
  createdAt: '2001-02-03T12:00:00.000Z',
};

const noop = () => {};
const idleComposer = { text: '', setText: noop, sending: false, submit: async () => false };

/**
 * Where a conversation's frame shows the placeholder person, as ./chat-fill.ts's slots: {I} their id, {N} their name
 * (the heading and the avatar's label), {X} its initial, {H} its avatar's hue.
 */
const FRAME_SLOTS: Slot[] = [
  [/person-id-0/g, '{I}', 1],
  [/Person&#x27;s avatar/g, '{N}&#x27;s avatar', 1],
  [/>P<\/span>/g, '>{X}</span>', 1],
  [new RegExp(`hsl\\(${hueOf(PLACEHOLDER_PARTNER.userName)} `, 'g'), 'hsl({H} ', 1],
  [/>Person</g, '>{N}<', 1],
];

/** A message's slots: {c} its text, {t} its time, {T} as the tooltip says it, {m} as the bubble says it, {N} the name. */
const MESSAGE_SLOTS: Slot[] = [
  [/>Text<\/p>/g, '>{c}</p>', 1],
  [/2001-02-03T12:00:00.000Z/g, '{t}', 1],
  [/title="[^"]*2001[^"]*"/g, 'title="{T}"', 1],
  [/>[^<>]*<\/time>/g, '>{m}</time>', 1],
];

/**
 * `/messages/:id` as ChatPage draws a conversation with someone you do not block, once the person and the messages are
 * there, without them: the header (its menu's closed dialogs too), the list as an empty conversation shows it, the
 * form; and the templates ./chat-fill.ts draws the messages with: a day, your message, theirs, and the header's
 * avatar as a picture.
 */
function chatTemplate(): string {
  const render = (node: ReactNode) =>
    renderToStaticMarkup(<MemoryRouter initialEntries={[CHAT_AT]}>{node}</MemoryRouter>);
  const frame = render(
    <div className={pageStyles.chat}>
      <ChatHeader
        partnerId={PLACEHOLDER_PARTNER._id}
        partner={PLACEHOLDER_PARTNER}
        failed={false}
        actions={
          <ChatActions
            partnerId={PLACEHOLDER_PARTNER._id}
            partner={PLACEHOLDER_PARTNER}
            blocking={false}
            muting={false}
            onBlocking={noop}
          />
        }
      />
      <MessageList messages={[]} meId="viewer-id-0" partnerName={PLACEHOLDER_PARTNER.userName} />
      <MessageForm composer={idleComposer} />
    </div>,
  );
  const message = (own: boolean) =>
    withSlots(
      render(<MessageItem message={PLACEHOLDER_MESSAGE} own={own} partnerName="Person" />),
      [...MESSAGE_SLOTS, [/Person said/g, '{N} said', own ? 0 : 1]],
      'message',
    );
  const day = withSlots(
    render(<DaySection dayKey="2001-02-03" heading="Day heading" />),
    [
      [/2001-02-03/g, '{k}', 3],
      [/>Day heading</g, '>{D}<', 1],
    ],
    'day',
  );
  const picture = withSlots(
    render(<Avatar url="/placeholder-avatar.png" name="Person" size={36} />),
    [
      [/\/placeholder-avatar\.png/g, '{v}', 1],
      [/Person/g, '{N}', 1],
    ],
    'avatar',
  );
  const template = (attribute: string, html: string) => (
    <template {...{ [attribute]: '' }} dangerouslySetInnerHTML={{ __html: html }} />
  );
  return (
    // Hidden until ./chat-fill.ts has filled the frame's slots (it then takes the wrapper away): no slot ever paints.
    `<div ${UNFILLED_ATTRIBUTE}="" hidden>${withSlots(frame, FRAME_SLOTS, 'conversation')}</div>` +
    renderToStaticMarkup(
      <>
        {template(DAY_ATTRIBUTE, day)}
        {template(OWN_MESSAGE_ATTRIBUTE, message(true))}
        {template(RECEIVED_MESSAGE_ATTRIBUTE, message(false))}
        {template(AVATAR_PICTURE_ATTRIBUTE, picture)}
      </>,
    )
  );
}

/** Signed-in route path -> its template (prerender.json's `signedIn`). */
export const signedIn: Record<string, () => string> = {
  [AT]: conversationsTemplate,
  [CHAT_ROUTE]: chatTemplate,
};
