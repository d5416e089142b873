import type { Comment, Post } from '@skynet/contract';
import { postApi, reportApi, safetyApi } from '@skynet/kit';
import { makePost, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostCard } from './PostCard';
import { postMenu } from './PostMenu';

/** A card as the post's page draws it for the viewer `me` (its menu: postMenu). */
const card = (post: Post | Comment, me: string | null = 'me') => (
  <PostCard post={post} menu={postMenu(post, me ?? undefined)} />
);

jest.mock('@skynet/shared', () => ({ ...jest.requireActual('@skynet/shared'), useSession: jest.fn() }));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  postApi: {
    isLiked: jest.fn(),
    isSaved: jest.fn(),
    setLiked: jest.fn(),
    setSaved: jest.fn(),
    parent: jest.fn(),
  },
  safetyApi: { block: jest.fn(), mute: jest.fn() },
  reportApi: { report: jest.fn() },
}));

const signedInAs = (id: string | null) =>
  (useSession as jest.Mock).mockReturnValue(
    id
      ? { status: 'signed-in', token: 't', user: { _id: id, userName: 'me' } }
      : { status: 'signed-out', user: null },
  );

beforeEach(() => {
  jest.resetAllMocks();
  (postApi.isLiked as jest.Mock).mockResolvedValue(false);
  (postApi.isSaved as jest.Mock).mockResolvedValue(false);
  signedInAs('me');
});

const user = userEvent.setup();
/** The like and save states have loaded. */
const settled = () => waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());

describe('a post’s menu', () => {
  it('reports another person’s post from its menu, then mutes its author from the thanks', async () => {
    (reportApi.report as jest.Mock).mockResolvedValue('r1');
    (safetyApi.mute as jest.Mock).mockResolvedValue(true);
    renderAt(card(makePost({ _id: 'p1', authorId: 'u-author', userName: 'nova' })));
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const item = within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Report' });
    expect(item).toHaveFocus();
    await user.click(item);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Report this post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Violence' }));
    await user.type(within(dialog).getByRole('textbox'), 'Threatens people');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(reportApi.report).toHaveBeenCalledWith({
      targetType: 'post',
      targetId: 'p1',
      reason: 'violence',
      text: 'Threatens people',
    });
    const thanks = await screen.findByRole('dialog', { name: 'Report sent' });
    expect(within(thanks).getByRole('button', { name: 'Block' })).toBeInTheDocument();
    await user.click(within(thanks).getByRole('button', { name: 'Mute' }));
    expect(safetyApi.mute).toHaveBeenCalledWith('u-author');
    await user.click(within(thanks).getByRole('button', { name: 'Done' }));
    expect(more).toHaveFocus();
  });

  it('opens and closes by keyboard: ArrowDown opens on Report, Escape closes back on the button', async () => {
    renderAt(card(makePost({ parentPost: 'p0', parentPreview: 'Hello' })));
    const more = screen.getByRole('button', { name: 'More actions' });
    more.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await settled();
  });

  it('is not offered on one’s own post, a deleted one, or when signed out', async () => {
    const { unmount } = renderAt(card(makePost({ authorId: 'me' })));
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    unmount();
    renderAt(card(makePost({ deleted: true }))).unmount();
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    renderAt(card(makePost(), null));
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    await settled();
  });

  it('shows a post the moderators removed as removed, without its text or menu', async () => {
    renderAt(card(makePost({ content: 'Spam spam', removed: true })));
    expect(screen.getByText('Removed by moderators')).toBeInTheDocument();
    expect(screen.queryByText('Spam spam')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    await settled();
  });
});
