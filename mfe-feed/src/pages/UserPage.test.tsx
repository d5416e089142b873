import { feedApi, planetApi, userApi } from '@skynet/kit';
import { deferred, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { act, screen, waitFor } from '@testing-library/react';
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
  feedApi: { of: jest.fn() },
}));

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

  it('shows a deleted user in red words without follow or message', async () => {
    users.get.mockResolvedValue(person({ deleted: true }));
    openUser();
    expect(await screen.findByRole('heading', { name: 'Deleted User' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
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
