// A conversation's drawing (./index.tsx) and its fill (./chat-fill.ts): hidden until the person, your standing with
// them, the conversation and your own session are there; then the header named, the newest messages grouped by day,
// yours and theirs on their sides, the list at its end; the controls wait for the real page. A deleted person,
// yourself, someone you block, or any answer missing or refused leave the page to the real one.
import type { Message } from '@skynet/contract';
import { ownClockPerTest, servePage } from '@skynet/kit/testing';
import { formatMessageTime } from '../lib/chatTime';
import { DRAWN_MESSAGES, fillChat } from './chat-fill';
import { signedIn } from './index';

const ME = { value: { _id: 'me1', userName: 'ada', admin: false } };
const PARTNER = { value: { _id: 'bo1', userName: 'bob', avatarUrl: null, deleted: false } };
const FREE = { value: { blocking: false, blockedBy: false, muting: false } };
const message = (id: string, senderId: string, createdAt: string, content = `text ${id}`): Message => ({
  _id: id,
  conversationId: 'c1',
  senderId,
  content,
  createdAt,
});
const HISTORY = {
  success: true,
  conversationId: 'c1',
  message: [
    {
      _id: '2026-11-25',
      messages: [
        message('m1', 'bo1', '2026-11-25T18:00:00.000Z', 'Hello <b>ada</b>'),
        message('m2', 'me1', '2026-11-25T18:05:00.000Z'),
      ],
    },
    { _id: '2026-11-26', messages: [message('m3', 'bo1', '2026-11-26T19:00:00.000Z')] },
  ],
};

function served(answers: Record<string, unknown>, address = '/messages/bo1') {
  const promised = Object.fromEntries(
    Object.entries(answers).map(([call, body]) => [call, Promise.resolve(body)]),
  );
  servePage(address, signedIn['/messages/:id']?.() ?? '', promised);
  fillChat();
  return () => document.getElementById('prerendered');
}

const all = (person: unknown = PARTNER, standing: unknown = FREE, history: unknown = HISTORY) => ({
  '/user/bo1': person,
  '/user/bo1/relationship': standing,
  '/user/conversations/bo1': history,
  '/user': ME,
});

const shown = (page: HTMLElement) => ({
  hidden: page.querySelector('[data-unfilled]') !== null,
  heading: page.querySelector('h1')?.textContent,
  days: [...page.querySelectorAll('[role="log"] h2')].map((h) => h.textContent),
  messages: [...page.querySelectorAll('[role="log"] li')].map((li) => li.textContent),
});

ownClockPerTest();

test('hidden until its answers are there; then the header, the days and both sides, controls waiting', async () => {
  const page = served(all());
  expect(shown(page()!).hidden).toBe(true);
  await jest.advanceTimersByTimeAsync(0);
  expect(shown(page()!)).toEqual({
    hidden: false,
    heading: 'bob',
    days: ['Wed, Nov 25', 'Thu, Nov 26'],
    // Each time as the page words it (Vancouver's clock: its offset is the time zone database's, which differs
    // between Node's releases).
    messages: [
      `bob saidHello <b>ada</b>${formatMessageTime('2026-11-25T18:00:00.000Z')}`,
      `You saidtext m2${formatMessageTime('2026-11-25T18:05:00.000Z')}`,
      `bob saidtext m3${formatMessageTime('2026-11-26T19:00:00.000Z')}`,
    ],
  });
  expect(page()!.querySelector('b')).toBeNull();
  expect(page()!.querySelector('header a')!.getAttribute('href')).toBe('/user/bo1');
  expect(page()!.querySelector('header [role="img"]')!.getAttribute('aria-label')).toBe("bob's avatar");
  expect(page()!.querySelector('[role="log"] li:nth-child(2)')!.className).not.toBe(
    page()!.querySelector('[role="log"] li')!.className,
  );
  for (const control of page()!.querySelectorAll('button, input')) expect(control).toBeDisabled();
  expect(page()!.textContent).not.toContain('No Messages to Show');
});

test('a picture in the header; a new conversation shows the empty list; only the newest messages are drawn', async () => {
  const pictured = served(all({ value: { ...PARTNER.value, avatarUrl: '/api/media/bob.webp' } }));
  await jest.advanceTimersByTimeAsync(0);
  expect(pictured()!.querySelector('header img')!.getAttribute('src')).toBe('/api/media/bob.webp');
  expect(pictured()!.querySelector('header img')!.getAttribute('alt')).toBe("bob's avatar");

  const empty = served(all(PARTNER, FREE, { success: true, conversationId: null, message: [] }));
  await jest.advanceTimersByTimeAsync(0);
  expect(empty()!.querySelector('[role="log"]')!.textContent).toBe('No Messages to Show');

  const many = Array.from({ length: DRAWN_MESSAGES + 40 }, (_, i) =>
    message(`n${i}`, 'bo1', new Date(Date.UTC(2026, 10, 26, 0, i)).toISOString()),
  );
  const long = served(
    all(PARTNER, FREE, { success: true, conversationId: 'c1', message: [{ _id: 'd', messages: many }] }),
  );
  await jest.advanceTimersByTimeAsync(0);
  const drawn = shown(long()!).messages;
  expect(drawn).toHaveLength(DRAWN_MESSAGES);
  expect(drawn.at(-1)).toContain(`text n${DRAWN_MESSAGES + 39}`);
});

test('someone you block, a deleted person, yourself, or a missing or refused answer: the markup goes', async () => {
  const { '/user/bo1/relationship': _standing, ...noStanding } = all();
  const cases = [
    all(PARTNER, { value: { blocking: true, blockedBy: false, muting: false } }),
    all({ value: { ...PARTNER.value, deleted: true } }),
    all(null),
    all(PARTNER, FREE, null),
    { ...all(), '/user/bo1': { value: { ...PARTNER.value, _id: 'me1' } } },
    noStanding,
  ];
  for (const answers of cases) {
    const page = served(answers);
    await jest.advanceTimersByTimeAsync(0);
    expect(page()).toBeNull();
  }
  // The same answers otherwise: drawn (each case above differs by the one thing it names).
  const page = served(all());
  await jest.advanceTimersByTimeAsync(0);
  expect(page()).not.toBeNull();
});
