import { accountApi } from '@skynet/kit';
import { aUser, httpError, renderAt } from '@skynet/kit/testing';
import { session, useSession } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EditProfilePage from './EditProfilePage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { patchUser: jest.fn(), get: jest.fn() },
  useSession: jest.fn(),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: { changeBio: jest.fn(), changeUsername: jest.fn(), changeAvatar: jest.fn() },
}));

const api = jest.mocked(accountApi);
beforeEach(() => {
  jest.clearAllMocks();
  const user = aUser({ userName: 'ada', bio: 'Counting stars' });
  jest.mocked(useSession).mockReturnValue({ status: 'signed-in', endedBy: null, token: 't', user });
  jest.mocked(session.get).mockReturnValue({ status: 'signed-in', endedBy: null, token: 't', user });
  api.changeBio.mockResolvedValue('Bio changed');
  api.changeUsername.mockResolvedValue('Username changed');
});

const show = () =>
  renderAt(<EditProfilePage />, { url: '/profile/edit', path: '/profile/edit', location: 'away' });
const save = () => screen.getByRole('button', { name: 'Save' });

test('shows the avatar change, the username and the bio; Save waits for a change', async () => {
  const user = userEvent.setup();
  show();
  expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toHaveValue('ada');
  const bio = screen.getByLabelText('Bio');
  expect(bio).toHaveValue('Counting stars');
  expect(bio).toHaveAttribute('placeholder', 'Nothing yet...');
  expect(save()).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  await user.type(bio, '!');
  expect(save()).toBeEnabled();
  await user.type(bio, '{Backspace}');
  expect(save()).toBeDisabled();
});

test('saves the bio first, then the username, and offers Undo', async () => {
  const user = userEvent.setup();
  show();
  await user.clear(screen.getByLabelText('Bio'));
  await user.type(screen.getByLabelText('Bio'), 'Orbiting Mars');
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'grace{Enter}');
  expect(await screen.findByText('Your info has been updated!')).toBeInTheDocument();
  expect(api.changeBio).toHaveBeenCalledWith('Orbiting Mars');
  expect(api.changeUsername).toHaveBeenCalledWith('grace');
  expect(api.changeBio.mock.invocationCallOrder[0]).toBeLessThan(
    api.changeUsername.mock.invocationCallOrder[0]!,
  );
  expect(session.patchUser).toHaveBeenCalledWith({ bio: 'Orbiting Mars' });
  expect(session.patchUser).toHaveBeenCalledWith({ userName: 'grace' });
  expect(save()).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
});

test('only what changed is sent', async () => {
  const user = userEvent.setup();
  show();
  await user.type(screen.getByLabelText('Bio'), ' and comets');
  await user.click(save());
  expect(await screen.findByText('Your info has been updated!')).toBeInTheDocument();
  expect(api.changeBio).toHaveBeenCalledWith('Counting stars and comets');
  expect(api.changeUsername).not.toHaveBeenCalled();
});

test('Undo puts the previous values back', async () => {
  const user = userEvent.setup();
  show();
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'grace{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Changes were undone.')).toBeInTheDocument();
  expect(api.changeUsername).toHaveBeenLastCalledWith('ada');
  expect(api.changeBio).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Username')).toHaveValue('ada');
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
});

test('a change that is only spaces is already saved: nothing is sent', async () => {
  const user = userEvent.setup();
  show();
  await user.type(screen.getByLabelText('Username'), '  ');
  await user.click(save());
  expect(await screen.findByText('The information entered has already been saved.')).toBeInTheDocument();
  expect(api.changeBio).not.toHaveBeenCalled();
  expect(api.changeUsername).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Username')).toHaveValue('ada');
});

test("a refused username shows the server's message; the bio saved before it stays saved", async () => {
  const user = userEvent.setup();
  api.changeUsername.mockRejectedValue(httpError(409, { error: 'That username is taken.' }));
  show();
  await user.type(screen.getByLabelText('Bio'), '!');
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'taken{Enter}');
  expect(await screen.findByText('That username is taken.')).toBeInTheDocument();
  expect(session.patchUser).toHaveBeenCalledWith({ bio: 'Counting stars!' });
  expect(session.patchUser).not.toHaveBeenCalledWith({ userName: 'taken' });
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  // The username is still to be saved, the bio is not.
  await user.click(save());
  await waitFor(() => expect(api.changeUsername).toHaveBeenCalledTimes(2));
  expect(api.changeBio).toHaveBeenCalledTimes(1);
});

test('a loader shows until the user is known', () => {
  jest.mocked(useSession).mockReturnValue({ status: 'loading', endedBy: null, token: 't', user: null });
  show();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your profile');
});
