// Live feeds (issue 22, item 3): the button's text, what counts as new, the socket side, and a feed list that shows
// 'N new posts' without moving anything and puts them on top when pressed.
import { EventEmitter } from 'node:events';
import { type Post, SOCKET_EVENTS } from '@skynet/contract';
import { postApi } from '@skynet/kit';
import { makePost, renderAt } from '@skynet/kit/testing';
import { getSocket, useSession } from '@skynet/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostList } from '../components/PostList';
import { type FeedSocket, followFeed, newerThanShown, newPostsLabel } from './liveFeed';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: jest.fn(),
  getSocket: jest.fn(),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  postApi: { isLiked: jest.fn(), isSaved: jest.fn(), parent: jest.fn() },
}));

/** A socket.io client socket as far as followFeed uses it; `sent` records what it emitted to the server. */
function fakeSocket(connected = true) {
  const server = new EventEmitter();
  const sent: unknown[][] = [];
  const socket = {
    connected,
    on: (event: string, listener: (...args: unknown[]) => void) => server.on(event, listener),
    off: (event: string, listener: (...args: unknown[]) => void) => server.off(event, listener),
    emit: (...args: unknown[]) => {
      sent.push(args);
      const ack = args.at(-1);
      if (typeof ack === 'function') ack({ ok: true });
    },
  } satisfies FeedSocket;
  return { socket, sent, hear: (event: string, payload?: unknown) => server.emit(event, payload) };
}

test('the label counts, singular for one', () => {
  expect(newPostsLabel(1)).toBe('1 new post');
  expect(newPostsLabel(2)).toBe('2 new posts');
  expect(newPostsLabel(20)).toBe('20 new posts');
});

describe('newerThanShown', () => {
  const post = (id: string, deleted = false) => ({ _id: id, deleted });
  it('takes the posts above the first shown one, deleted ones left out', () => {
    const page = [post('c'), post('d', true), post('b'), post('a'), post('z')];
    expect(newerThanShown(page, new Set(['a', 'z']))).toEqual({ fresh: [post('c'), post('b')], gap: false });
  });
  it('nothing new when the page starts with a shown post', () => {
    expect(newerThanShown([post('a'), post('z')], new Set(['a']))).toEqual({ fresh: [], gap: false });
  });
  it('a page that reaches no shown post is a gap (an empty list is none)', () => {
    expect(newerThanShown([post('x'), post('y')], new Set(['a'])).gap).toBe(true);
    expect(newerThanShown([post('x')], new Set())).toEqual({ fresh: [post('x')], gap: false });
  });
});

describe('followFeed', () => {
  it('follows now and after each reconnection, answering each follow with a catch-up', () => {
    const { socket, sent, hear } = fakeSocket();
    const events = { onPost: jest.fn(), onDeleted: jest.fn(), onFollowed: jest.fn() };
    const stop = followFeed(socket, 'galaxy', events);
    expect(sent.map(([event, feed]) => [event, feed])).toEqual([[SOCKET_EVENTS.followFeed, 'galaxy']]);
    expect(events.onFollowed).toHaveBeenCalledTimes(1);
    hear('connect');
    expect(sent).toHaveLength(2);
    expect(events.onFollowed).toHaveBeenCalledTimes(2);
    stop();
    expect(sent.at(-1)).toEqual([SOCKET_EVENTS.unfollowFeed, 'galaxy']);
    hear('connect');
    hear(SOCKET_EVENTS.newPost, { id: 'p', planetId: 'mars' });
    expect(sent).toHaveLength(3);
    expect(events.onPost).not.toHaveBeenCalled();
  });

  it('sends the newest shown post as `after` on each follow, so the server announces what it missed', () => {
    const { socket, sent, hear } = fakeSocket();
    let newest: string | undefined;
    followFeed(
      socket,
      'mars',
      { onPost: jest.fn(), onDeleted: jest.fn(), onFollowed: jest.fn() },
      () => newest,
    );
    expect(sent[0]?.slice(0, 2)).toEqual([SOCKET_EVENTS.followFeed, 'mars']);
    expect(sent[0]).toHaveLength(3);
    newest = 'p7';
    hear('connect');
    expect(sent[1]?.slice(0, 3)).toEqual([SOCKET_EVENTS.followFeed, 'mars', { after: 'p7' }]);
  });

  it("a planet's feed takes that planet's posts only; the galaxy takes all; bad payloads are ignored", () => {
    const { socket, hear } = fakeSocket();
    const mars = { onPost: jest.fn(), onDeleted: jest.fn(), onFollowed: jest.fn() };
    const galaxy = { onPost: jest.fn(), onDeleted: jest.fn(), onFollowed: jest.fn() };
    followFeed(socket, 'mars', mars);
    followFeed(socket, 'galaxy', galaxy);
    hear(SOCKET_EVENTS.newPost, { id: 'p1', planetId: 'mars' });
    hear(SOCKET_EVENTS.newPost, { id: 'p2', planetId: 'venus' });
    hear(SOCKET_EVENTS.newPost, null);
    hear(SOCKET_EVENTS.newPost, { id: 5, planetId: 'mars' });
    hear(SOCKET_EVENTS.postDeleted, { id: 'p1', planetId: 'mars' });
    expect(mars.onPost.mock.calls).toEqual([['p1']]);
    expect(galaxy.onPost.mock.calls).toEqual([['p1'], ['p2']]);
    expect(mars.onDeleted.mock.calls).toEqual([['p1']]);
  });

  it('the Following timeline takes posts of every planet (the server sends only what reached it)', () => {
    const { socket, sent, hear } = fakeSocket();
    const following = { onPost: jest.fn(), onDeleted: jest.fn(), onFollowed: jest.fn() };
    followFeed(socket, 'following', following);
    expect(sent[0]?.slice(0, 2)).toEqual([SOCKET_EVENTS.followFeed, 'following']);
    hear(SOCKET_EVENTS.newPost, { id: 'p1', planetId: 'mars' });
    hear(SOCKET_EVENTS.newPost, { id: 'p2', planetId: 'venus' });
    hear(SOCKET_EVENTS.newPost, { planetId: 'venus' });
    expect(following.onPost.mock.calls).toEqual([['p1'], ['p2']]);
  });

  it('waits for the connection before following, and a refused follow asks for no catch-up', () => {
    const { socket, sent, hear } = fakeSocket(false);
    const events = { onPost: jest.fn(), onDeleted: jest.fn(), onFollowed: jest.fn() };
    socket.emit = (...args: unknown[]) => {
      sent.push(args);
      (args.at(-1) as (a: unknown) => void)({ ok: false, error: 'Too many requests.' });
    };
    followFeed(socket, 'earth', events);
    expect(sent).toEqual([]);
    hear('connect');
    expect(sent).toHaveLength(1);
    expect(events.onFollowed).not.toHaveBeenCalled();
  });
});

describe('a live feed list', () => {
  const older = ['o1', 'o2', 'o3'].map((id) => makePost({ _id: id, content: `Older ${id}` }));
  const fresh = (id: string, planetId = 'earth') =>
    makePost({ _id: id, content: `Fresh ${id}`, location: { _id: id, planetId, latitude: 0, longitude: 0 } });

  beforeAll(() => {
    window.scrollTo = jest.fn();
  });
  beforeEach(() => {
    jest.clearAllMocks();
    (useSession as jest.Mock).mockReturnValue({ status: 'signed-in', token: 't', user: { _id: 'me' } });
    (postApi.isLiked as jest.Mock).mockResolvedValue(false);
    (postApi.isSaved as jest.Mock).mockResolvedValue(false);
  });

  /** The feed `live` showing `older`; `server` is what page 1 answers from now on (newest first). */
  async function liveFeed(live: string) {
    const live$ = fakeSocket();
    (getSocket as jest.Mock).mockResolvedValue(live$.socket);
    const server = { page1: older as Post[] };
    const fetchPage = jest.fn(async (page: number) => (page === 1 ? server.page1 : []));
    renderAt(<PostList fetchPage={fetchPage} firstPage={1} label="Galactic Feed" live={live} />, {
      url: '/feed',
    });
    await screen.findByText('Older o3');
    await waitFor(() => expect(live$.sent.map(([event]) => event)).toContain(SOCKET_EVENTS.followFeed));
    // The follow's catch-up found nothing new.
    await act(async () => {});
    const publish = (post: Post) => {
      server.page1 = [post, ...server.page1];
      act(() => live$.hear(SOCKET_EVENTS.newPost, { id: post._id, planetId: post.location.planetId }));
    };
    return { ...live$, server, fetchPage, publish };
  }
  const button = () => screen.queryByRole('button', { name: /new posts?$/ });
  const contents = () => screen.getAllByRole('article').map((a) => a.querySelector('p')?.textContent);

  it('counts arrivals on a button (singular, then plural) and inserts nothing until it is pressed', async () => {
    const feed = await liveFeed('galaxy');
    expect(button()).toBeNull();
    feed.publish(fresh('n1'));
    expect(button()).toHaveAccessibleName('1 new post');
    feed.publish(fresh('n2', 'mars'));
    expect(button()).toHaveAccessibleName('2 new posts');
    expect(contents()).toEqual(['Older o1', 'Older o2', 'Older o3']);

    await userEvent.click(button()!);
    await waitFor(() =>
      expect(contents()).toEqual(['Fresh n2', 'Fresh n1', 'Older o1', 'Older o2', 'Older o3']),
    );
    expect(button()).toBeNull();
    // To the top, and focus on the first new post (the button it was on is gone).
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement?.getAttribute('data-post-id')).toBe('n2');
  });

  it('drops a deleted arrival, and ignores posts of another planet on a planet feed', async () => {
    const feed = await liveFeed('earth');
    feed.publish(fresh('n1'));
    feed.publish(fresh('n2'));
    feed.publish(fresh('v1', 'venus'));
    expect(button()).toHaveAccessibleName('2 new posts');
    act(() => feed.hear(SOCKET_EVENTS.postDeleted, { id: 'n1', planetId: 'earth' }));
    expect(button()).toHaveAccessibleName('1 new post');
    act(() => feed.hear(SOCKET_EVENTS.postDeleted, { id: 'n2', planetId: 'earth' }));
    expect(button()).toBeNull();
  });

  it('follows with the newest post shown as `after`, and counts what the server announces for it', async () => {
    const feed = await liveFeed('galaxy');
    const follow = feed.sent.find(([event]) => event === SOCKET_EVENTS.followFeed);
    expect(follow?.[2]).toEqual({ after: 'o1' });
    act(() => feed.hear(SOCKET_EVENTS.newPost, { id: 'w1', planetId: 'earth' }));
    expect(button()).toHaveAccessibleName('1 new post');
  });

  it('catches up after a reconnection: posts missed meanwhile count', async () => {
    const feed = await liveFeed('galaxy');
    // Published while the socket was away: no event, only page 1 knows.
    feed.server.page1 = [fresh('m2'), fresh('m1'), ...older];
    await act(async () => feed.hear('connect'));
    await waitFor(() => expect(button()).toHaveAccessibleName('2 new posts'));
    // The same post announced again after the catch-up counts once.
    act(() => feed.hear(SOCKET_EVENTS.newPost, { id: 'm1', planetId: 'earth' }));
    expect(button()).toHaveAccessibleName('2 new posts');
  });
});
