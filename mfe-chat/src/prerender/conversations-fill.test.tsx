// `/messages`' drawing (./index.tsx) and its fill (./conversations-fill.ts): the frame at once, then one row per
// conversation of the list the HTML asked for, newest first, as the page draws them (with or without a picture), or
// the empty state; no answer, a refused one or nothing drawable leave the page to the real one.
import type { ConversationRow } from '@skynet/contract';
import { ownClockPerTest, servePage } from '@skynet/kit/testing';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ConversationList } from '../components/ConversationList';
import { CONVERSATIONS_CALL, fillConversations, rowSlots } from './conversations-fill';
import { signedIn } from './index';

const NOW = new Date('2026-11-26T20:00:00.000Z');
const row = (
  userId: string,
  name: string,
  minutesAgo: number,
  avatar: string | null = null,
  last: Partial<Pick<ConversationRow, 'lastMessage' | 'lastMessageMine' | 'unread'>> = {},
): ConversationRow => ({
  userId,
  name,
  avatar,
  lastMessageAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
  lastMessage: '',
  lastMessageMine: false,
  unread: 0,
  ...last,
});

function served(answers: Record<string, Promise<unknown>>) {
  servePage('/messages', signedIn['/messages']?.() ?? '', answers);
  fillConversations();
  return () => document.getElementById('prerendered');
}

const rows = (page: HTMLElement) =>
  [...page.querySelectorAll('[data-conversations] a')].map((link) => ({
    href: link.getAttribute('href'),
    name: link.querySelector('span:not([role])')?.textContent,
    avatar:
      link.querySelector('[aria-label], img')?.getAttribute('aria-label') ?? link.querySelector('img')?.alt,
    picture: link.querySelector('img')?.getAttribute('src') ?? null,
    when: link.querySelector('time')?.textContent,
    at: link.querySelector('time')?.getAttribute('datetime'),
  }));

ownClockPerTest();
beforeEach(() => jest.setSystemTime(NOW));

test('the frame shows at once, its Back disabled; the rows come with the answer, newest first', async () => {
  let answer: (body: unknown) => void = () => {};
  const page = served({
    [CONVERSATIONS_CALL]: new Promise((resolve) => {
      answer = resolve;
    }),
  });
  expect(page()!.querySelector('h1')!.textContent).toBe('Messages');
  expect(page()!.querySelector('button')).toBeDisabled();
  expect(rows(page()!)).toEqual([]);
  answer({ success: true, data: [row('u1', 'older', 3 * 60), row('u2', 'newer', 5, '/api/media/u2.webp')] });
  await jest.advanceTimersByTimeAsync(0);
  expect(rows(page()!)).toEqual([
    {
      href: '/messages/u2',
      name: 'newer',
      avatar: "newer's avatar",
      picture: '/api/media/u2.webp',
      when: '5 min ago',
      at: '2026-11-26T19:55:00.000Z',
    },
    {
      href: '/messages/u1',
      name: 'older',
      avatar: "older's avatar",
      picture: null,
      when: '3 h ago',
      at: '2026-11-26T17:00:00.000Z',
    },
  ]);
  expect(page()!.querySelector('[data-conversations] [role="img"]')).toHaveStyle({
    background: `hsl(${[...'older'].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360} 55% 42%)`,
  });
});

test('each row shows the last message\'s start ("You: " when yours) and its unread count, as the page draws it', async () => {
  const data = [
    row('u1', 'ann', 1, null, { lastMessage: 'see you <b>soon</b>', unread: 2 }),
    row('u2', 'bob', 2, '/api/media/u2.webp', { lastMessage: 'on my way', lastMessageMine: true }),
    row('u3', 'cy', 3, '/api/media/u3.webp', { lastMessage: 'hi', unread: 12 }),
    row('u4', 'dee', 4),
  ];
  const page = served({ [CONVERSATIONS_CALL]: Promise.resolve({ data }) });
  await jest.advanceTimersByTimeAsync(0);
  // Each row's elements, their classes and texts (the browser serializes styles and orders attributes its own way).
  const shape = (li: Element) =>
    [...li.querySelectorAll('*')].map((e) => [e.tagName, e.className, e.getAttribute('href'), e.textContent]);
  const drawn = [...page()!.querySelectorAll('[data-conversations] li')].map(shape);
  expect(
    [...page()!.querySelectorAll('[data-conversations] a')].map((link) => [link.textContent, link.className]),
  ).toEqual([
    ['Aann1 min agosee you <b>soon</b>2 unread', 'row unread'],
    ['bob2 min agoYou: on my way', 'row'],
    ['cy3 min agohi12 unread', 'row unread'],
    ['Ddee4 min ago', 'row'],
  ]);
  expect(page()!.querySelector('b')).toBeNull();
  // The real list draws the same markup.
  const { container } = render(
    <MemoryRouter>
      <ConversationList rows={data} />
    </MemoryRouter>,
  );
  expect([...container.querySelectorAll('li')].map(shape)).toEqual(drawn);
});

test('the header offers New message, a link that works before the scripts', () => {
  const page = served({ [CONVERSATIONS_CALL]: new Promise(() => {}) });
  expect(page()!.querySelector('header a')).toHaveAttribute('href', '/search?in=users');
  expect(page()!.querySelector('header a')!.textContent).toBe('New message');
});

test('an odd last message or unread count is left to the page', () => {
  expect(rowSlots({ ...row('u1', 'ada', 1), unread: -1 }, NOW)).toBeNull();
  expect(rowSlots({ ...row('u1', 'ada', 1), unread: 1.5 }, NOW)).toBeNull();
  expect(rowSlots({ ...row('u1', 'ada', 1), lastMessage: 3 as unknown as string }, NOW)).toBeNull();
  expect(
    rowSlots(row('u1', 'ada', 1, null, { lastMessage: 'yo', lastMessageMine: true, unread: 3 }), NOW),
  ).toMatchObject({
    unread: true,
    slots: { p: 'You: yo', u: 3 },
  });
});

test('a name is text, never markup; the run stops at a row it cannot draw', async () => {
  const page = served({
    [CONVERSATIONS_CALL]: Promise.resolve({
      data: [row('u1', '<img src=y onerror=alert(1)>', 1), row('odd id', 'Odd', 2), row('u3', 'Later', 3)],
    }),
  });
  await jest.advanceTimersByTimeAsync(0);
  expect(rows(page()!).map((r) => r.name)).toEqual(['<img src=y onerror=alert(1)>']);
  expect(page()!.querySelector('img[src="y"]')).toBeNull();
});

test('no conversation: the empty state, with its way to find people', async () => {
  const page = served({ [CONVERSATIONS_CALL]: Promise.resolve({ success: true, data: [] }) });
  await jest.advanceTimersByTimeAsync(0);
  expect(page()!.textContent).toContain('No conversations yet. Say hello to someone across the galaxy!');
  expect(page()!.querySelector('a[href="/search"]')!.textContent).toBe('Search for people');
  expect(page()!.querySelector('[data-conversations]')).toBeNull();
});

test('no answer, a refused or failed one, or no row it can draw: the markup goes', async () => {
  expect(served({})()).toBeNull();
  const refused = served({ [CONVERSATIONS_CALL]: Promise.resolve(null) });
  await jest.advanceTimersByTimeAsync(0);
  expect(refused()).toBeNull();
  const failed = served({ [CONVERSATIONS_CALL]: Promise.reject(new Error('offline')) });
  await jest.advanceTimersByTimeAsync(0);
  expect(failed()).toBeNull();
  const odd = served({ [CONVERSATIONS_CALL]: Promise.resolve({ data: [row('a/b', 'Slash', 1)] }) });
  await jest.advanceTimersByTimeAsync(0);
  expect(odd()).toBeNull();
});

test("a row's slots word its time as the page does", () => {
  expect(rowSlots(row('u1', 'ada', 60 * 24 * 400), NOW)?.slots).toMatchObject({
    i: 'u1',
    n: 'ada',
    x: 'A',
    v: '',
  });
  expect(rowSlots({ ...row('u1', 'ada', 1), lastMessageAt: 'never' }, NOW)).toBeNull();
});
