import { accountApi, type SessionInfo } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { session } from '@skynet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from '../pages/SettingsPage';
import { deviceName } from './SessionsDialog';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signOut: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: { sessions: jest.fn(), signOutSession: jest.fn(), signOutEverywhere: jest.fn() },
}));

const api = jest.mocked(accountApi);
beforeEach(() => jest.clearAllMocks());

const laptop: SessionInfo = {
  _id: 's-laptop',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-25T08:00:00.000Z',
  current: true,
};
const phone: SessionInfo = {
  _id: 's-phone',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Gecko/20100101 Firefox/133.0',
  createdAt: '2026-11-18T10:00:00.000Z',
  lastUsedAt: '2026-11-24T21:00:00.000Z',
  current: false,
};

async function openSessions(user: ReturnType<typeof userEvent.setup>) {
  renderAt(<SettingsPage />, { url: '/settings', path: '/settings', location: 'away' });
  await user.click(
    within(screen.getByRole('region', { name: 'Account' })).getByRole('button', { name: 'Your Sessions' }),
  );
  return screen.getByRole('dialog', { name: 'Your Sessions' });
}

test('names devices from their user agent', () => {
  expect(deviceName(laptop.userAgent)).toBe('Chrome on Linux');
  expect(deviceName(phone.userAgent)).toBe('Firefox on Android');
  expect(deviceName('')).toBe('Unknown device');
  expect(deviceName('curl/8.0')).toBe('curl/8.0');
});

test('lists every signed-in browser with its times, this device marked', async () => {
  const user = userEvent.setup();
  api.sessions.mockResolvedValue([laptop, phone]);
  const dialog = await openSessions(user);
  const list = await within(dialog).findByRole('list', { name: 'Signed-in browsers' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Chrome on Linux');
  expect(items[0]).toHaveTextContent('This device');
  expect(items[0]).toHaveTextContent(/Signed in Nov 20, 2026/);
  expect(items[1]).toHaveTextContent('Firefox on Android');
  expect(items[1]).not.toHaveTextContent('This device');
  expect(items[1]).toHaveTextContent(/Last used Nov 24, 2026/);
});

test('signing another browser out ends it on the server and reloads the list', async () => {
  const user = userEvent.setup();
  api.sessions.mockResolvedValueOnce([laptop, phone]).mockResolvedValueOnce([laptop]);
  api.signOutSession.mockResolvedValue('That session has been signed out.');
  const dialog = await openSessions(user);
  await user.click(await within(dialog).findByRole('button', { name: 'Sign out Firefox on Android' }));
  expect(api.signOutSession).toHaveBeenCalledWith('s-phone');
  expect(await screen.findByText('That session has been signed out.')).toBeInTheDocument();
  await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
  expect(session.signOut).not.toHaveBeenCalled();
});

test('signing this device out is Logout: signed out here, at /login', async () => {
  const user = userEvent.setup();
  api.sessions.mockResolvedValue([laptop, phone]);
  const dialog = await openSessions(user);
  await user.click(
    await within(dialog).findByRole('button', { name: 'Sign out Chrome on Linux (this device)' }),
  );
  expect(session.signOut).toHaveBeenCalled();
  expect(api.signOutSession).not.toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('Sign out everywhere asks first, then ends every session and shows /login', async () => {
  const user = userEvent.setup();
  api.sessions.mockResolvedValue([laptop, phone]);
  api.signOutEverywhere.mockResolvedValue('You have been signed out on every device.');
  const dialog = await openSessions(user);
  await within(dialog).findByRole('list');
  await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
  const question = within(dialog).getByRole('group', { name: 'Sign out everywhere?' });
  expect(question).toHaveTextContent('this one included');
  expect(api.signOutEverywhere).not.toHaveBeenCalled();
  await user.click(within(question).getByRole('button', { name: 'Sign out everywhere' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  expect(api.signOutEverywhere).toHaveBeenCalledTimes(1);
  expect(session.signOut).toHaveBeenCalled();
  expect(await screen.findByText('You have been signed out on every device.')).toBeInTheDocument();
});

test('a failure says so and keeps everyone signed in', async () => {
  const user = userEvent.setup();
  api.sessions.mockResolvedValue([laptop, phone]);
  api.signOutEverywhere.mockRejectedValue(httpError(503, { error: 'The service is busy.' }));
  const dialog = await openSessions(user);
  await within(dialog).findByRole('list');
  await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
  await user.click(
    within(within(dialog).getByRole('group')).getByRole('button', { name: 'Sign out everywhere' }),
  );
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is busy.');
  expect(session.signOut).not.toHaveBeenCalled();
});

test('a list that cannot be loaded says so', async () => {
  const user = userEvent.setup();
  api.sessions.mockRejectedValue(new Error('down'));
  const dialog = await openSessions(user);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Your sessions could not be loaded. Please try again.',
  );
});
