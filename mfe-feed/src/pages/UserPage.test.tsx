import { feedApi, planetApi, reportApi, safetyApi, userApi } from '@skynet/kit';
import { deferred, httpError, makePost, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import ProfilePage from './ProfilePage';
import UserPage from './UserPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: jest.fn(),
  RemoteComponent: ({ fallback }: { fallback: React.ReactNode }) => fallback,
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  userApi: { get: jest.fn(), isFollowing: jest.fn(), setFollowing: jest.fn() },
  planetApi: { list: jest.fn() },
  feedApi: { of: jest.fn(), replies: jest.fn() },
  safetyApi: {
    block: jest.fn(),
    unblock: jest.fn(),
    mute: jest.fn(),
    unmute: jest.fn(),
    relationship: jest.fn(),
  },
  reportApi: { report: jest.fn() },
}));
const safety = safetyApi as jest.Mocked<typeof safetyApi>;

const users = userApi as jest.Mocked<typeof userApi>;
const person = (overrides = {}) => ({
  _id: 'u2',
  userName: 'orion',
  avatarUrl: null,
  bio: 'Stargazer',
  createdAt: '2024-07-04T12:00:00.000Z',
  deleted: false,
  followerCount: 1,
  followingCount: 4,
  postCount: 9,
  location: { planetId: 'mars', latitude: 0, longitude: 0 },
  ...overrides,
});

beforeEach(() => {
  jest.resetAllMocks();
  (useSession as jest.Mock).mockReturnValue({
    status: 'signed-in',
    token: 't',
    user: { _id: 'me', userName: 'alice', location: { planetId: 'earth' } },
  });
  (planetApi.list as jest.Mock).mockResolvedValue([{ _id: 'mars', name: 'Mars' }]);
  (feedApi.of as jest.Mock).mockResolvedValue([]);
  users.get.mockResolvedValue(person());
  users.isFollowing.mockResolvedValue(false);
  safety.relationship.mockResolvedValue({ blocking: false, blockedBy: false, muting: false });
});

const openUser = (id = 'u2') => renderAt(<UserPage />, { url: `/user/${id}`, path: '/user/:id' });

describe('UserPage', () => {
  it('shows the profile card with singular follower wording and the feed from page 0', async () => {
    openUser();
    expect(await screen.findByRole('heading', { name: '@orion' })).toBeInTheDocument();
    expect(screen.getByText('Stargazer')).toBeInTheDocument();
    expect(screen.getByText('Joined from Mars on July 4, 2024')).toBeInTheDocument();
    expect(screen.getByText('1 follower')).toBeInTheDocument();
    expect(screen.getByText('4 following')).toBeInTheDocument();
    expect(screen.getByText('9 posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages/u2');
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('orion on Skynet'));
    await waitFor(() => expect(feedApi.of).toHaveBeenCalledWith('u2', 0));
    expect(await screen.findByText('There is nothing else to see, so do not look.')).toBeInTheDocument();
  });

  it('follows and unfollows with the count kept right, one request at a time', async () => {
    const request = deferred<void>();
    users.setFollowing.mockReturnValueOnce(request.promise).mockResolvedValueOnce();
    openUser();
    const follow = await screen.findByRole('button', { name: 'Follow' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(screen.getByText('2 followers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow' })); // ignored: one request at a time
    expect(users.setFollowing).toHaveBeenCalledTimes(1);
    await act(async () => request.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByText('1 follower')).toBeInTheDocument();
    expect(users.setFollowing.mock.calls).toEqual([
      ['u2', true],
      ['u2', false],
    ]);
  });

  it('never counts below 0 and puts a failed follow back', async () => {
    users.get.mockResolvedValue(person({ followerCount: 0 }));
    users.isFollowing.mockResolvedValue(true); // stale count: following, yet 0 followers
    users.setFollowing.mockResolvedValueOnce().mockRejectedValueOnce(new Error('500'));
    openUser();
    const unfollow = await screen.findByRole('button', { name: 'Unfollow' });
    await waitFor(() => expect(unfollow).toBeEnabled());
    await userEvent.click(unfollow);
    expect(await screen.findByText('0 followers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Could not follow this user. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByText('0 followers')).toBeInTheDocument();
  });

  it('shows the server’s words when it refuses a follow (someone who blocked you)', async () => {
    users.setFollowing.mockRejectedValueOnce(httpError(403, 'You cannot follow this person.'));
    openUser();
    const follow = await screen.findByRole('button', { name: 'Follow' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(await screen.findByText('You cannot follow this person.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('shows a deleted user in red words without follow or message', async () => {
    users.get.mockResolvedValue(person({ deleted: true }));
    openUser();
    expect(await screen.findByRole('heading', { name: 'Deleted User' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('offers Block, Mute and Report; Block asks first, then the posts give way to a line and Unblock', async () => {
    users.isFollowing.mockResolvedValue(true);
    safety.block.mockResolvedValue(true);
    safety.unblock.mockResolvedValue(false);
    (feedApi.of as jest.Mock).mockResolvedValue([]);
    openUser();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block @orion?' });
    expect(dialog).toHaveTextContent('Any follow between you ends.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(safety.block).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Block @orion?' })).getByRole('button', { name: 'Block' }),
    );
    expect(safety.block).toHaveBeenCalledWith('u2');
    const unblock = await screen.findByRole('button', { name: 'Unblock' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(unblock).toHaveFocus();
    expect(screen.getByText(/^You block @orion/)).toBeInTheDocument();
    expect(screen.queryByText('Stargazer')).not.toBeInTheDocument();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByText('0 followers')).toBeInTheDocument(); // the block ended my follow
    await userEvent.click(unblock);
    expect(safety.unblock).toHaveBeenCalledWith('u2');
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.getByText('Stargazer')).toBeInTheDocument();
    expect(screen.queryByText(/^You block @orion/)).not.toBeInTheDocument();
  });

  it('mutes and unmutes, and says why in a toast when the server refuses', async () => {
    safety.mute.mockResolvedValueOnce(true);
    safety.unmute.mockRejectedValueOnce(httpError(500, 'The database is away.'));
    openUser();
    await userEvent.click(await screen.findByRole('button', { name: 'Mute' }));
    expect(safety.mute).toHaveBeenCalledWith('u2');
    await userEvent.click(await screen.findByRole('button', { name: 'Unmute' }));
    expect(safety.unmute).toHaveBeenCalledWith('u2');
    expect(await screen.findByText('The database is away.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
  });

  it('starts from your relationship with them: Unblock and Unmute', async () => {
    safety.relationship.mockResolvedValue({ blocking: true, blockedBy: false, muting: true });
    openUser();
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.getByText(/^You block @orion/)).toBeInTheDocument();
    expect(feedApi.of).not.toHaveBeenCalled();
  });

  it('hides the bio and posts of someone who blocked you', async () => {
    safety.relationship.mockResolvedValue({ blocking: false, blockedBy: true, muting: false });
    openUser();
    expect(await screen.findByText('You cannot see this profile.')).toBeInTheDocument();
    expect(screen.queryByText('Stargazer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(feedApi.of).not.toHaveBeenCalled();
  });

  it('says a suspended account is suspended', async () => {
    users.get.mockResolvedValue(person({ suspended: true }));
    openUser();
    expect(await screen.findByText('This account is suspended.')).toBeInTheDocument();
  });

  it('reports the person, thanks, and blocks from the thanks', async () => {
    (reportApi.report as jest.Mock).mockResolvedValue('r1');
    safety.block.mockResolvedValue(true);
    openUser();
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this account' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(reportApi.report).toHaveBeenCalledWith({ targetType: 'user', targetId: 'u2', reason: 'spam' });
    const thanks = await screen.findByRole('dialog', { name: 'Report sent' });
    expect(thanks).toHaveTextContent('Thanks for your report. Our moderators will review it.');
    await userEvent.click(within(thanks).getByRole('button', { name: 'Block' }));
    expect(safety.block).toHaveBeenCalledWith('u2');
    await userEvent.click(within(thanks).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });

  it('sends one’s own id to /profile', async () => {
    openUser('me');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
  });
});

describe('ProfilePage', () => {
  it('titles a short name with the name and offers the own actions', async () => {
    users.get.mockResolvedValue(person({ _id: 'me', userName: 'alice' }));
    renderAt(<ProfilePage />, { url: '/profile' });
    expect(await screen.findByRole('heading', { name: 'alice' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '@alice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Avatar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('alice on Skynet'));
  });

  it('shows a new avatar at once: the card follows the session, which the avatar changer updates', async () => {
    // A session whose user changes, as session.patchUser does after an upload.
    let avatarUrl = '/media/avatars/old.webp';
    const listeners = new Set<() => void>();
    const subscribe = (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    (useSession as jest.Mock).mockImplementation(() => {
      const url = useSyncExternalStore(subscribe, () => avatarUrl);
      return { status: 'signed-in', token: 't', user: { _id: 'me', userName: 'alice', avatarUrl: url } };
    });
    users.get.mockResolvedValue(person({ _id: 'me', userName: 'alice', avatarUrl }));
    renderAt(<ProfilePage />, { url: '/profile' });
    const avatar = () => screen.getByRole('img', { name: "alice's avatar" });
    await waitFor(() => expect(avatar()).toHaveAttribute('src', '/media/avatars/old.webp'));
    act(() => {
      avatarUrl = '/media/avatars/new.webp';
      for (const listener of listeners) listener();
    });
    expect(avatar()).toHaveAttribute('src', '/media/avatars/new.webp');
    expect(users.get).toHaveBeenCalledTimes(1);
  });

  it('asks for the person, the planets and the first page of posts together, and that page once (issue 34)', async () => {
    const answer = deferred<ReturnType<typeof person>>();
    users.get.mockReturnValue(answer.promise);
    (feedApi.of as jest.Mock).mockImplementation(async (_id: string, page: number) =>
      page === 0 ? [makePost({ _id: 'p1', content: 'Sunrise over Olympus Mons', userName: 'alice' })] : [],
    );
    renderAt(<ProfilePage />, { url: '/profile' });
    // The person has not answered yet: the other two calls are already out (they used to wait for it, then for
    // each other).
    await waitFor(() => expect(feedApi.of).toHaveBeenCalledWith('me', 0));
    expect(planetApi.list).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Sunrise over Olympus Mons')).not.toBeInTheDocument();
    await act(async () => answer.resolve(person({ _id: 'me', userName: 'alice' })));
    expect(await screen.findByText('Sunrise over Olympus Mons')).toBeInTheDocument();
    expect(screen.getByText('Joined from Mars on July 4, 2024')).toBeInTheDocument();
    expect((feedApi.of as jest.Mock).mock.calls.filter(([, page]) => page === 0)).toHaveLength(1);
  });

  it('asks for the replies once when the view is switched after the profile has loaded', async () => {
    (feedApi.replies as jest.Mock).mockResolvedValue([]);
    users.get.mockResolvedValue(person({ _id: 'me', userName: 'alice' }));
    renderAt(<ProfilePage />, { url: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Replies' }));
    await waitFor(() => expect(feedApi.replies).toHaveBeenCalledWith('me', 0));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(feedApi.replies).toHaveBeenCalledTimes(1);
    expect((feedApi.of as jest.Mock).mock.calls.filter(([, page]) => page === 0)).toHaveLength(1);
  });

  it("titles a name of 12 characters or more 'My Profile'", async () => {
    (useSession as jest.Mock).mockReturnValue({
      status: 'signed-in',
      token: 't',
      user: { _id: 'me', userName: 'twelve_chars', location: { planetId: 'earth' } },
    });
    users.get.mockResolvedValue(person({ _id: 'me', userName: 'twelve_chars' }));
    renderAt(<ProfilePage />, { url: '/profile' });
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });
});
