import { postApi, postEditApi, userApi } from '@skynet/kit';
import { deferred, makePost, renderAt } from '@skynet/kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInAs } from '../testing/postMocks';
import PostPage from './PostPage';

jest.mock('@skynet/shared', () => jest.requireActual('../testing/postMocks').sharedModule());
jest.mock('@skynet/kit', () =>
  jest.requireActual('../testing/postMocks').kitModule({ userApi: { get: jest.fn() } }),
);

const api = postApi as jest.Mocked<typeof postApi>;
const users = userApi as jest.Mocked<typeof userApi>;
const edits = postEditApi as jest.Mocked<typeof postEditApi>;
const signedIn = (user: { _id: string; admin?: boolean } | null) =>
  signInAs(user && { userName: 'me', admin: false, ...user });

const post = makePost({
  _id: 'p1',
  authorId: 'author',
  userName: 'nova',
  content: 'The rings of Saturn tonight',
});

beforeEach(() => {
  jest.resetAllMocks();
  signedIn({ _id: 'me' });
  api.get.mockResolvedValue(post);
  users.get.mockResolvedValue({ _id: 'author', userName: 'nova' } as never);
  api.comments.mockImplementation(async (_id, page) =>
    page === 0 ? [makePost({ _id: 'old1', content: 'An earlier comment' })] : [],
  );
});

const open = () => renderAt(<PostPage />, { url: '/post/p1', path: '/post/:id' });

describe('PostPage', () => {
  it('shows the post expanded with hour and minute, its earlier comments and the end text', async () => {
    open();
    expect(await screen.findByText('The rings of Saturn tonight')).toBeInTheDocument();
    expect(screen.getByText(/Mar 14, 2025, \d{1,2}:09/)).toBeInTheDocument();
    expect(await screen.findByText('An earlier comment')).toBeInTheDocument();
    expect(await screen.findByText('There is nothing else to see, so do not look.')).toBeInTheDocument();
    expect(api.comments.mock.calls.map(([, page]) => page)).toEqual([0, 1]);
    // The post and each comment have their own like (issue 22: a comment is a reply, liked like a post).
    expect(screen.getAllByRole('button', { name: 'Like' })).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('nova: The rings of Sa · Skynet'));
  });

  it('puts a new comment on top and clears the box; blank or repeated sends are ignored', async () => {
    const sending = deferred<ReturnType<typeof makePost>>();
    api.comment.mockReturnValue(sending.promise);
    open();
    await screen.findByText('An earlier comment');
    const box = screen.getByPlaceholderText('Write a comment...');
    const button = screen.getByRole('button', { name: 'Comment' });
    await userEvent.type(box, '   ');
    await userEvent.click(button);
    expect(api.comment).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, '  Lovely view  ');
    await userEvent.click(button);
    await userEvent.click(button);
    expect(api.comment).toHaveBeenCalledTimes(1);
    expect(api.comment).toHaveBeenCalledWith('p1', 'Lovely view');
    await act(async () => sending.resolve(makePost({ _id: 'new1', content: 'Lovely view', userName: 'me' })));
    expect(box).toHaveValue('');
    const articles = screen
      .getAllByRole('article')
      .map((a) => within(a).queryByText(/Lovely view|An earlier/)?.textContent);
    expect(articles.filter(Boolean)).toEqual(['Lovely view', 'An earlier comment']);
  });

  it("says so when the author can't be looked up", async () => {
    users.get.mockRejectedValue(new Error('404'));
    open();
    expect(await screen.findByText('Error retrieving username')).toBeInTheDocument();
  });

  it('offers delete to the author only, and reloads the post after deleting', async () => {
    signedIn({ _id: 'author' });
    api.remove.mockResolvedValue();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    open();
    const remove = await screen.findByRole('button', { name: 'Delete post' });
    api.get.mockResolvedValue({ ...post, deleted: true });
    await userEvent.click(remove);
    expect(api.remove).toHaveBeenCalledWith('p1');
    expect(await screen.findByText('Post was deleted by author.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
  });

  it('offers no like, save or comment box on a deleted post; its earlier comments keep theirs', async () => {
    api.get.mockResolvedValue({ ...post, deleted: true, likeCount: 3 });
    open();
    const card = (await screen.findByText('Post was deleted by author.')).closest('article') as HTMLElement;
    expect(await screen.findByText('An earlier comment')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Write a comment...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.getByText('This post can no longer be liked, saved or commented on.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Like' })).toHaveLength(1);
    expect(api.isLiked).not.toHaveBeenCalledWith('p1');
    expect(api.isSaved).not.toHaveBeenCalledWith('p1');
  });

  it('lets the author edit: the text as it stands, a blank refused before the call, the server refusal inside, the Edited mark after', async () => {
    signedIn({ _id: 'author' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    const box = within(dialog).getByLabelText('Post text');
    expect(box).toHaveValue('The rings of Saturn tonight');
    expect(box).toHaveFocus();
    await userEvent.clear(box);
    await userEvent.type(box, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The post must contain a visible character.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(edits.edit).not.toHaveBeenCalled();

    edits.edit.mockRejectedValueOnce(
      Object.assign(new Error('400'), {
        isAxiosError: true,
        response: { status: 400, data: { error: 'A post can be edited at most 20 times.' } },
      }),
    );
    await userEvent.clear(box);
    await userEvent.type(box, 'The rings of Saturn at dawn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A post can be edited at most 20 times.',
    );

    edits.edit.mockResolvedValueOnce({
      ...post,
      content: 'The rings of Saturn at dawn',
      editedAt: '2025-03-15T08:00:00.000Z',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(edits.edit).toHaveBeenLastCalledWith('p1', 'The rings of Saturn at dawn', '');
    expect(await screen.findByText('The rings of Saturn at dawn')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edited' })).toBeInTheDocument();
  });

  it('opens the history from the Edited mark, newest first, and says when it cannot', async () => {
    api.get.mockResolvedValue({ ...post, content: 'Third words', editedAt: '2025-03-16T10:00:00.000Z' });
    edits.history.mockResolvedValueOnce([
      { content: 'First words', contentWarning: null, createdAt: '2025-03-14T15:09:00.000Z' },
      { content: 'Second words', contentWarning: null, createdAt: '2025-03-15T10:00:00.000Z' },
      { content: 'Third words', contentWarning: null, createdAt: '2025-03-16T10:00:00.000Z' },
    ]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edited' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit history' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Current Mar 16, 2025.*Third words$/),
      expect.stringMatching(/^Earlier Mar 15, 2025.*Second words$/),
      expect.stringMatching(/^Original Mar 14, 2025.*First words$/),
    ]);
    // Another person sees no Edit post.
    expect(screen.queryByRole('button', { name: 'Edit post' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    edits.history.mockRejectedValueOnce(new Error('offline'));
    await userEvent.click(screen.getByRole('button', { name: 'Edited' }));
    const failed = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('offline');
  });

  it('offers delete to an admin but not to another user', async () => {
    signedIn({ _id: 'someone' });
    const { unmount } = open();
    await screen.findByText('The rings of Saturn tonight');
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
    unmount();
    signedIn({ _id: 'boss', admin: true });
    open();
    expect(await screen.findByRole('button', { name: 'Delete post' })).toBeInTheDocument();
  });

  it('lets a signed-out visitor read, without like, save or comment controls', async () => {
    signedIn(null);
    open();
    expect(await screen.findByText('The rings of Saturn tonight')).toBeInTheDocument();
    expect(await screen.findByText('An earlier comment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Write a comment...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /nova/ })[0]).toHaveAttribute('href', '/user/author');
    expect(users.get).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fpost%2Fp1',
    );
  });

  it('says when the post does not exist', async () => {
    api.get.mockRejectedValue(new Error('404'));
    open();
    expect(await screen.findByText('This post could not be found.')).toBeInTheDocument();
  });
});
