import { accountApi } from '@skynet/kit';
import { aUser, renderAt } from '@skynet/kit/testing';
import { session } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import AvatarChanger from './AvatarChanger';
import { fetchAsDataUrl, initialAvatarDataUrl } from './imageData';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { patchUser: jest.fn(), get: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: { changeAvatar: jest.fn() },
}));
jest.mock('./imageData', () => ({
  ...jest.requireActual('./imageData'),
  fetchAsDataUrl: jest.fn(),
  initialAvatarDataUrl: jest.fn(),
}));

const changeAvatar = jest.mocked(accountApi.changeAvatar);
const withAvatar = (avatarUrl: string | null) =>
  jest
    .mocked(session.get)
    .mockReturnValue({ status: 'signed-in', endedBy: null, token: 't', user: aUser({ avatarUrl }) });

beforeEach(() => {
  jest.clearAllMocks();
  withAvatar('/media/avatars/old.webp');
  jest.mocked(fetchAsDataUrl).mockResolvedValue('data:image/webp;base64,T0xE');
  jest.mocked(initialAvatarDataUrl).mockReturnValue('data:image/png;base64,SU5JVA==');
});

const png = (bytes = 10, type = 'image/png', name = 'me.png') =>
  new File([new Uint8Array(bytes)], name, { type });
const input = () => screen.getByLabelText(/Avatar image/) as HTMLInputElement;
const show = () => renderAt(<AvatarChanger />, { url: '/profile', path: '/profile', location: 'away' });

test.each([
  ['a gif', png(10, 'image/gif', 'me.gif')],
  ['a file over 3,000,000 bytes', png(3_000_001)],
])('refuses %s', async (_what, file) => {
  const user = userEvent.setup({ applyAccept: false });
  show();
  await user.upload(input(), file);
  expect(await screen.findByText('Invalid file selected!')).toBeInTheDocument();
  expect(changeAvatar).not.toHaveBeenCalled();
});

test('accepts exactly 3,000,000 bytes, shows progress, updates the session and offers Undo', async () => {
  const user = userEvent.setup();
  let finish!: (url: string) => void;
  changeAvatar.mockImplementation((_dataUrl, onProgress) => {
    onProgress?.(0.5);
    return new Promise((resolve) => (finish = resolve));
  });
  show();
  await user.upload(input(), png(3_000_000));
  expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeDisabled();
  expect(changeAvatar.mock.calls[0]?.[0]).toMatch(/^data:image\/png;base64,/);
  await act(async () => finish('/media/avatars/new.webp'));
  expect(await screen.findByText('Updated avatar! Changes may take a few minutes.')).toBeInTheDocument();
  expect(session.patchUser).toHaveBeenCalledWith({ avatarUrl: '/media/avatars/new.webp' });
  expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
});

test('a second file while one uploads is ignored', async () => {
  const user = userEvent.setup();
  changeAvatar.mockReturnValue(new Promise(() => {}));
  show();
  await user.upload(input(), png());
  await waitFor(() => expect(changeAvatar).toHaveBeenCalledTimes(1));
  await user.upload(input(), png(20));
  expect(changeAvatar).toHaveBeenCalledTimes(1);
});

test('a failed upload says so and offers no Undo', async () => {
  const user = userEvent.setup();
  changeAvatar.mockRejectedValue(new Error('500'));
  show();
  await user.upload(input(), png());
  expect(await screen.findByText('Failed to update avatar! Try again later.')).toBeInTheDocument();
  expect(session.patchUser).not.toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeEnabled();
});

test('Undo uploads the previous picture again', async () => {
  const user = userEvent.setup();
  changeAvatar
    .mockResolvedValueOnce('/media/avatars/new.webp')
    .mockResolvedValueOnce('/media/avatars/back.webp');
  show();
  await user.upload(input(), png());
  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  await waitFor(() =>
    expect(session.patchUser).toHaveBeenLastCalledWith({ avatarUrl: '/media/avatars/back.webp' }),
  );
  expect(fetchAsDataUrl).toHaveBeenCalledWith('/media/avatars/old.webp');
  expect(changeAvatar).toHaveBeenLastCalledWith('data:image/webp;base64,T0xE', expect.any(Function));
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
});

test('Undo when there was no avatar uploads the initial-letter picture', async () => {
  const user = userEvent.setup();
  withAvatar(null);
  changeAvatar.mockResolvedValue('/media/avatars/x.webp');
  show();
  await user.upload(input(), png());
  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(changeAvatar).toHaveBeenCalledTimes(2));
  expect(fetchAsDataUrl).not.toHaveBeenCalled();
  expect(initialAvatarDataUrl).toHaveBeenCalledWith('ada');
  expect(changeAvatar).toHaveBeenLastCalledWith('data:image/png;base64,SU5JVA==', expect.any(Function));
});

test('a failed Undo says so and keeps Undo available', async () => {
  const user = userEvent.setup();
  changeAvatar.mockResolvedValueOnce('/media/avatars/new.webp').mockRejectedValueOnce(new Error('500'));
  show();
  await user.upload(input(), png());
  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Failed to undo avatar! Try again later.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
});
