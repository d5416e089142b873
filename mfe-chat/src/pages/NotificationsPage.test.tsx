import type { NotificationGroup } from '@skynet/contract';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FakeSocket } from '../testing/fakeSocket';
import NotificationsPage, { NO_NOTIFICATIONS_TEXT } from './NotificationsPage';

// Generous waits: a loaded machine can take more than the default second to load the page's modules.
configure({ asyncUtilTimeout: 5000 });

const list = jest.fn();
const markRead = jest.fn();
const following = jest.fn();
const setFollowing = jest.fn();
let socket: FakeSocket;

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  getSocket: () => Promise.resolve(socket),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  userApi: {
    following: (...args: unknown[]) => following(...args),
    setFollowing: (...args: unknown[]) => setFollowing(...args),
  },
  notificationsApi: {
    list: (...args: unknown[]) => list(...args),
    markRead: (...args: unknown[]) => markRead(...args),
    chatRead: () => Promise.resolve(),
  },
}));

const ana = { _id: 'ana', userName: 'Ana', avatarUrl: null };
const bo = { _id: 'bo', userName: 'Bo', avatarUrl: null };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const group = (over: Partial<NotificationGroup>): NotificationGroup => ({
  id: 'like.p1.2026-01-01.1',
  kind: 'like',
  postId: 'p1',
  postPreview: 'Rings of Saturn',
  actors: [ana],
  actorCount: 1,
  latestAt: minutesAgo(5),
  unread: false,
  ...over,
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/notifications']}>
      <NotificationsPage />
    </MemoryRouter>,
  );

/** Page 0 answers `first`, later pages nothing. */
const pages = (first: NotificationGroup[]) =>
  list.mockImplementation((page: number) => Promise.resolve(page === 0 ? first : []));

beforeEach(() => {
  socket = new FakeSocket();
  list.mockReset();
  markRead.mockReset().mockResolvedValue(undefined);
  following.mockReset().mockResolvedValue([]);
  setFollowing.mockReset().mockResolvedValue(undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('NotificationsPage', () => {
  it('says what happened in one line per group, linking to the post or the person, with when', async () => {
    pages([
      group({ id: 'like.p1.2026-01-02.9', actors: [ana, bo], actorCount: 5, latestAt: minutesAgo(3) }),
      group({ id: 'reply.p2.2026-01-02.7', kind: 'reply', postId: 'p2', postPreview: 'Hello' }),
      group({ id: 'follow.-.2026-01-02.6', kind: 'follow', postId: null, postPreview: null, actors: [bo] }),
      group({ id: 'like.p3.2026-01-01.2', postId: 'p3' }),
    ]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/post/p1',
      '/post/p2',
      '/user/bo',
      '/post/p3',
    ]);
    expect(links[0]).toHaveTextContent('Ana and 4 others liked your post');
    expect(links[0]).toHaveTextContent('Rings of Saturn');
    expect(links[0]).toHaveTextContent('3 min ago');
    expect(within(links[0]!).getByRole('img', { name: "Ana's avatar" })).toBeInTheDocument();
    expect(links[1]).toHaveTextContent('Ana replied to your post');
    expect(links[2]).toHaveTextContent('Bo started following you');
    expect(links[3]).toHaveTextContent('Ana liked your post');
    expect(list).toHaveBeenCalledWith(0);
  });

  it("shows a comment's or reply's own words; without them (deleted, behind a warning), the post it answered", async () => {
    pages([
      group({
        id: 'reply.p2.2026-01-02.7',
        kind: 'reply',
        postId: 'p2',
        postPreview: 'My post about Saturn',
        replyPreview: 'Great rings tonight',
      }),
      group({
        id: 'comment.p2.2026-01-02.5',
        kind: 'comment',
        postId: 'p2',
        postPreview: 'My post about Saturn',
        replyPreview: null,
      }),
    ]);
    renderPage();
    const [reply, comment] = await screen.findAllByRole('link');
    expect(reply).toHaveTextContent('Ana replied to your post');
    expect(reply).toHaveTextContent('Great rings tonight');
    expect(reply).not.toHaveTextContent('My post about Saturn');
    expect(comment).toHaveTextContent('My post about Saturn');
  });

  it('says who mentioned the reader, with the words of the post that does, and leads to it (issue 35)', async () => {
    pages([
      group({
        id: 'mention.p7.2026-01-02.8',
        kind: 'mention',
        postId: 'p7',
        postPreview: 'Look up tonight @ada',
        actors: [bo],
      }),
    ]);
    renderPage();
    const [mention] = await screen.findAllByRole('link');
    expect(mention).toHaveTextContent('Bo mentioned you');
    expect(mention).toHaveTextContent('Look up tonight @ada');
    expect(mention).toHaveAttribute('href', '/post/p7');
  });

  it('offers Follow back on a follow by someone not followed yet, and says Following once done', async () => {
    following.mockResolvedValue([{ _id: 'ana', userName: 'Ana' }]);
    pages([
      group({ id: 'follow.-.2026-01-02.6', kind: 'follow', postId: null, postPreview: null, actors: [bo] }),
      group({ id: 'follow.-.2026-01-01.4', kind: 'follow', postId: null, postPreview: null, actors: [ana] }),
    ]);
    renderPage();
    const back = await screen.findByRole('button', { name: 'Follow back Bo' });
    // Ana is followed already: no button for her entry.
    expect(screen.getAllByRole('button', { name: /^Follow back/ })).toHaveLength(1);
    // Beside the entry's link, not inside it.
    expect(back.closest('a')).toBeNull();
    back.click();
    expect(await screen.findByRole('button', { name: 'Following Bo' })).toBeDisabled();
    expect(setFollowing).toHaveBeenCalledWith('bo', true);
  });

  it('puts Follow back again, with a message, when the follow fails', async () => {
    setFollowing.mockRejectedValue(new Error('offline'));
    pages([
      group({ id: 'follow.-.2026-01-02.6', kind: 'follow', postId: null, postPreview: null, actors: [bo] }),
    ]);
    renderPage();
    (await screen.findByRole('button', { name: 'Follow back Bo' })).click();
    await waitFor(() => expect(setFollowing).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Follow back Bo' })).toBeEnabled();
  });

  it('has an empty state', async () => {
    pages([]);
    renderPage();
    expect(await screen.findByText(NO_NOTIFICATIONS_TEXT)).toBeInTheDocument();
  });

  it('marks the unread groups it showed read, by the ids it was given, and only those', async () => {
    pages([
      group({ id: 'like.p1.2026-01-02.9', unread: true }),
      group({ id: 'follow.-.2026-01-02.6', kind: 'follow', postId: null, unread: true }),
      group({ id: 'like.p3.2026-01-01.2', postId: 'p3', unread: false }),
    ]);
    renderPage();
    await screen.findAllByRole('link');
    await waitFor(() => expect(markRead).toHaveBeenCalledTimes(1));
    expect(markRead.mock.calls[0]![0]).toEqual(['like.p1.2026-01-02.9', 'follow.-.2026-01-02.6']);
    // Unread when the page opened: marked New.
    const links = screen.getAllByRole('link');
    expect(links.map((l) => within(l).queryByText('New') !== null)).toEqual([true, true, false]);
  });

  it('puts what arrives live on top, a grown group replacing its older self, without a reload', async () => {
    pages([
      group({ id: 'like.p1.2026-01-02.3', actors: [ana] }),
      group({ id: 'like.p3.2026-01-01.2', postId: 'p3' }),
    ]);
    renderPage();
    await screen.findAllByRole('link');
    await waitFor(() => expect(socket.listenerCount()).toBeGreaterThan(0));
    list.mockImplementation((page: number) =>
      Promise.resolve(
        page === 0
          ? [
              group({
                id: 'follow.-.2026-01-02.8',
                kind: 'follow',
                postId: null,
                actors: [bo],
                unread: true,
              }),
              group({ id: 'like.p1.2026-01-02.7', actors: [bo, ana], actorCount: 2, unread: true }),
            ]
          : [],
      ),
    );
    act(() => socket.serverEmit('unreadCounts', { notifications: 2, messages: 0 }));
    await screen.findByText('Bo started following you');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Bo started following you'),
      expect.stringContaining('Bo and 1 other liked your post'),
      expect.stringContaining('Ana liked your post'),
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/user/bo', '/post/p1', '/post/p3']);
    // A counts change that is not news (fewer unread) fetches nothing.
    const calls = list.mock.calls.length;
    act(() => socket.serverEmit('unreadCounts', { notifications: 0, messages: 3 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(list.mock.calls.length).toBe(calls);
  });

  it('shows a moderation notice in the moderators’ own words, from Moderators, linking to its post if any', async () => {
    pages([
      group({
        id: 'moderation.p9.2026-01-02.4',
        kind: 'moderation',
        postId: 'p9',
        postPreview: null,
        actors: [],
        actorCount: 0,
        message: 'Your post was removed for harassment.',
      }),
      group({
        id: 'moderation.-.2026-01-01.3',
        kind: 'moderation',
        postId: null,
        postPreview: null,
        actors: [],
        actorCount: 0,
        message: 'You received a warning: keep it civil.',
      }),
    ]);
    renderPage();
    const removed = await screen.findByText('Your post was removed for harassment.');
    expect(removed.closest('a')).toHaveAttribute('href', '/post/p9');
    expect(within(removed.closest('a')!).getByText('Moderators')).toBeInTheDocument();
    const warned = screen.getByText('You received a warning: keep it civil.');
    expect(warned.closest('a')).toBeNull();
    expect(within(warned.closest('li')!).getByText('Moderators')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /avatar/ })).not.toBeInTheDocument();
  });
});
