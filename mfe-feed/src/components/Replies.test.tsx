// Issue 22 item 6: comments are replies. The reply preview on a card, a comment's own page and thread, and the
// Replies view of a profile.
import { feedApi, planetApi, postApi, userApi } from '@skynet/kit';
import { makePost, renderAt } from '@skynet/kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PostPage from '../pages/PostPage';
import UserPage from '../pages/UserPage';
import { signInAs } from '../testing/postMocks';
import { PostCard } from './PostCard';

jest.mock('@skynet/shared', () => jest.requireActual('../testing/postMocks').sharedModule());
jest.mock('@skynet/kit', () =>
  jest.requireActual('../testing/postMocks').kitModule({
    userApi: { get: jest.fn(), isFollowing: jest.fn() },
    planetApi: { list: jest.fn() },
    feedApi: { of: jest.fn(), replies: jest.fn() },
  }),
);

const api = postApi as jest.Mocked<typeof postApi>;
const feeds = feedApi as jest.Mocked<typeof feedApi>;

beforeEach(() => {
  jest.resetAllMocks();
  signInAs({
    _id: 'me',
    userName: 'ada',
    admin: false,
    location: { planetId: 'earth', latitude: 0, longitude: 0 },
  });
  api.comments.mockResolvedValue([]);
  (userApi.get as jest.Mock).mockResolvedValue({
    _id: 'u2',
    userName: 'orion',
    avatarUrl: null,
    bio: '',
    createdAt: '2024-07-04T12:00:00.000Z',
    deleted: false,
    followerCount: 0,
    followingCount: 0,
    postCount: 1,
    location: { planetId: 'mars', latitude: 0, longitude: 0 },
  });
  (userApi.isFollowing as jest.Mock).mockResolvedValue(false);
  (planetApi.list as jest.Mock).mockResolvedValue([{ _id: 'mars', name: 'Mars' }]);
  feeds.of.mockResolvedValue([]);
  feeds.replies.mockResolvedValue([]);
});

/** The line above a reply's content, as a reader sees it. */
const replyLine = (card: HTMLElement) => within(card).getByText(/^Reply of/, { selector: 'p' });

describe('the reply preview', () => {
  it("reads 'Reply of' and the parent's first 5 characters, linking to the parent", () => {
    renderAt(<PostCard post={makePost({ parentPost: 'p9', parentPreview: 'Satur' })} interactive={false} />);
    const line = replyLine(screen.getByRole('article'));
    expect(line).toHaveTextContent(/^Reply of “Satur”$/);
    expect(within(line).getByRole('link')).toHaveAttribute('href', '/post/p9');
  });

  it('shows all of a shorter parent, and never more than 5 characters', () => {
    const { unmount } = renderAt(
      <PostCard post={makePost({ parentPost: 'p9', parentPreview: 'Hi' })} interactive={false} />,
    );
    expect(replyLine(screen.getByRole('article'))).toHaveTextContent(/^Reply of “Hi”$/);
    unmount();
    renderAt(
      <PostCard post={makePost({ parentPost: 'p9', parentPreview: 'Saturn rings' })} interactive={false} />,
    );
    expect(replyLine(screen.getByRole('article'))).toHaveTextContent(/^Reply of “Satur”$/);
  });

  it("reads 'Reply of a deleted post', with no link, once the parent is deleted", () => {
    renderAt(<PostCard post={makePost({ parentPost: 'p9', parentPreview: null })} interactive={false} />);
    expect(replyLine(screen.getByRole('article'))).toHaveTextContent(/^Reply of a deleted post$/);
    expect(screen.queryByRole('link', { name: /“/ })).not.toBeInTheDocument();
  });

  it('a comment in a thread can be liked and saved, and opens at its own page by its replies link', async () => {
    const { _id, parentPost: _p, parentPreview: _pp, ...comment } = makePost({ _id: 'c1', commentCount: 1 });
    renderAt(<PostCard post={{ _id, ...comment }} comment />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(api.isLiked).toHaveBeenCalledWith('c1');
    expect(screen.getByRole('link', { name: '1 reply' })).toHaveAttribute('href', '/post/c1');
  });
});

describe("a comment's page", () => {
  it('shows the comment expanded with its parent preview, its thread and the comment form', async () => {
    api.get.mockResolvedValue(
      makePost({ _id: 'c1', content: 'What a view', parentPost: 'p1', parentPreview: 'Olymp' }),
    );
    api.comments.mockImplementation(async (_id, page) =>
      page === 0 ? [makePost({ _id: 'r1', content: 'Agreed, a view' })] : [],
    );
    renderAt(<PostPage />, { url: '/post/c1', path: '/post/:id' });
    expect(await screen.findByText('What a view')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reply', level: 1 })).toBeInTheDocument();
    const preview = screen.getByRole('link', { name: '“Olymp”' });
    expect(preview).toHaveAttribute('href', '/post/p1');
    expect(screen.getByRole('heading', { name: 'Replies' })).toBeInTheDocument();
    expect(await screen.findByText('Agreed, a view')).toBeInTheDocument();
    expect(api.comments).toHaveBeenCalledWith('c1', 0);
    expect(screen.getByPlaceholderText('Write a comment...')).toBeInTheDocument();
  });
});

describe('the Replies view of a profile', () => {
  it("toggles beside the posts and lists the person's replies with 'Reply of' previews", async () => {
    feeds.of.mockResolvedValue([makePost({ _id: 'p1', content: 'A post of mine' })]);
    feeds.replies.mockImplementation(async (_id, page) =>
      page === 0
        ? [
            makePost({ _id: 'c2', content: 'Nice rings', parentPost: 'p7', parentPreview: 'Satur' }),
            makePost({ _id: 'c1', content: 'Too late', parentPost: 'p6', parentPreview: null }),
          ]
        : [],
    );
    renderAt(<UserPage />, { url: '/user/u2', path: '/user/:id' });
    expect(await screen.findByText('A post of mine')).toBeInTheDocument();
    const posts = screen.getByRole('button', { name: 'Posts' });
    const replies = screen.getByRole('button', { name: 'Replies' });
    expect(posts).toHaveAttribute('aria-pressed', 'true');
    expect(replies).toHaveAttribute('aria-pressed', 'false');
    expect(feeds.replies).not.toHaveBeenCalled();

    await userEvent.click(replies);
    expect(replies).toHaveAttribute('aria-pressed', 'true');
    const list = await screen.findByRole('feed', { name: 'Replies by orion' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(replyLine(cards[0]!)).toHaveTextContent(/^Reply of “Satur”$/);
    expect(within(cards[0]!).getByText('Nice rings')).toBeInTheDocument();
    expect(replyLine(cards[1]!)).toHaveTextContent(/^Reply of a deleted post$/);
    expect(screen.queryByText('A post of mine')).not.toBeInTheDocument();
    expect(feeds.replies).toHaveBeenCalledWith('u2', 0);

    await userEvent.click(posts);
    expect(await screen.findByText('A post of mine')).toBeInTheDocument();
    expect(screen.queryByText('Nice rings')).not.toBeInTheDocument();
  });
});
