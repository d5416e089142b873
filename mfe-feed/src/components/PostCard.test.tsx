import { postApi } from '@skynet/kit';
import { deferred, makePost, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostCard } from './PostCard';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  postApi: {
    isLiked: jest.fn(),
    isSaved: jest.fn(),
    setLiked: jest.fn(),
    setSaved: jest.fn(),
    parent: jest.fn(),
  },
}));

jest.mock('@skynet/shared', () => ({ ...jest.requireActual('@skynet/shared'), useSession: jest.fn() }));

const api = postApi as jest.Mocked<typeof postApi>;
const signedInAs = (user: { _id: string; avatarUrl: string | null } | null) =>
  (useSession as jest.Mock).mockReturnValue(
    user ? { status: 'signed-in', token: 't', user } : { status: 'signed-out' },
  );

beforeEach(() => {
  jest.resetAllMocks();
  api.isLiked.mockResolvedValue(false);
  api.isSaved.mockResolvedValue(false);
  signedInAs(null);
});

describe('PostCard', () => {
  it('shows the author linking to the profile, the content, the date and the comment link', async () => {
    renderAt(<PostCard post={makePost({ _id: 'p1', content: 'Hello Mars', commentCount: 2 })} />);
    expect(screen.getByRole('link', { name: /nova/ })).toHaveAttribute('href', '/user/u-author');
    expect(screen.getByText('Hello Mars')).toBeInTheDocument();
    expect(screen.getByText('Mar 14')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 comments' })).toHaveAttribute('href', '/post/p1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());
  });

  it('says Edited beside the date of an edited post (issue 35), never on a deleted one', async () => {
    const { unmount } = renderAt(
      <PostCard post={makePost({ content: 'Changed', editedAt: '2025-03-15T08:05:00.000Z' })} />,
    );
    expect(screen.getByText('Edited')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Edited Mar 15, 2025/),
    );
    unmount();
    renderAt(
      <PostCard post={makePost({ deleted: true, content: '', editedAt: '2025-03-15T08:05:00.000Z' })} />,
    );
    expect(screen.queryByText('Edited')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());
  });

  it('folds the text behind its content warning until the reader opens it (issue 35)', async () => {
    renderAt(
      <PostCard post={makePost({ content: 'Bruce Willis was dead', contentWarning: 'Film spoilers' })} />,
    );
    const summary = screen.getByText('Film spoilers').closest('summary') as HTMLElement;
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getByText('Bruce Willis was dead')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());
  });

  it('likes at once, counting one more, and unlikes back', async () => {
    api.setLiked.mockResolvedValue();
    renderAt(<PostCard post={makePost({ likeCount: 3 })} />);
    const like = await screen.findByRole('button', { name: 'Like' });
    await waitEnabled(like);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('3')).toBeInTheDocument();
    await userEvent.click(like);
    const unlike = screen.getByRole('button', { name: 'Unlike' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4')).toBeInTheDocument();
    await userEvent.click(unlike);
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(api.setLiked.mock.calls.map(([, on]) => on)).toEqual([true, false]);
  });

  it('shows the state fetched on load', async () => {
    api.isLiked.mockResolvedValue(true);
    api.isSaved.mockResolvedValue(true);
    renderAt(<PostCard post={makePost()} />);
    expect(await screen.findByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: 'Unsave' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts a failed like back and says so', async () => {
    const request = deferred<void>();
    api.setLiked.mockReturnValue(request.promise);
    renderAt(<PostCard post={makePost({ likeCount: 3 })} />);
    const like = await screen.findByRole('button', { name: 'Like' });
    await waitEnabled(like);
    await userEvent.click(like);
    expect(screen.getByRole('button', { name: 'Unlike' })).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    await act(async () => request.reject(new Error('500')));
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(await screen.findByText('Could not like the post. Please try again.')).toBeInTheDocument();
  });

  it('saves and unsaves, and reverts a failed save', async () => {
    api.setSaved.mockResolvedValueOnce().mockRejectedValueOnce(new Error('500'));
    renderAt(<PostCard post={makePost()} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitEnabled(save);
    await userEvent.click(save);
    expect(screen.getByRole('button', { name: 'Unsave' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Unsave' }));
    expect(await screen.findByText('Could not unsave the post. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsave' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a reply preview of the first 5 characters, or that the parent was deleted', () => {
    const { unmount } = renderAt(
      <PostCard
        post={makePost({ parentPost: 'parent1', parentPreview: 'Hello there' })}
        interactive={false}
      />,
    );
    expect(screen.getByRole('link', { name: '“Hello”' })).toHaveAttribute('href', '/post/parent1');
    unmount();
    renderAt(
      <PostCard post={makePost({ parentPost: 'parent1', parentPreview: null })} interactive={false} />,
    );
    expect(screen.getByText('Reply of a deleted post')).toBeInTheDocument();
  });

  it('looks the parent up when the answer has no preview', async () => {
    api.parent.mockResolvedValue(makePost({ _id: 'parent2', content: 'Hi' }));
    renderAt(
      <PostCard post={makePost({ parentPost: 'parent2', parentPreview: undefined })} interactive={false} />,
    );
    expect(await screen.findByRole('link', { name: '“Hi”' })).toBeInTheDocument();
  });

  it('shows a deleted post as such', () => {
    renderAt(<PostCard post={makePost({ deleted: true, content: 'secret' })} interactive={false} />);
    expect(screen.getByText('Post was deleted by author.')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('shows counts without controls to a signed-out visitor', () => {
    renderAt(<PostCard post={makePost({ likeCount: 1 })} interactive={false} />);
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(api.isLiked).not.toHaveBeenCalled();
  });

  it("shows one's own posts with the session's picture, so a new avatar shows at once (issue 35)", () => {
    signedInAs({ _id: 'u-author', avatarUrl: '/avatars/new.webp' });
    const { unmount } = renderAt(<PostCard post={makePost({ avatarUrl: '/avatars/old.webp' })} />);
    expect(screen.getByRole('img', { name: "nova's avatar" })).toHaveAttribute('src', '/avatars/new.webp');
    unmount();
    // Someone else's post keeps its author's picture.
    signedInAs({ _id: 'me', avatarUrl: '/avatars/mine.webp' });
    renderAt(<PostCard post={makePost({ avatarUrl: '/avatars/old.webp' })} />);
    expect(screen.getByRole('img', { name: "nova's avatar" })).toHaveAttribute('src', '/avatars/old.webp');
  });
});

async function waitEnabled(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
}
