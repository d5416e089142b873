import { accountApi } from '@skynet/kit';
import { renderAt } from '@skynet/kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from './SettingsPage';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: { currentUser: jest.fn(), sessions: jest.fn() },
  safetyApi: {
    blocks: () => new Promise(() => {}),
    mutes: () => new Promise(() => {}),
    mutedWords: () => new Promise(() => {}),
    getMessagePolicy: () => new Promise(() => {}),
  },
  exportApi: { exports: () => new Promise(() => {}) },
  securityApi: { overview: () => new Promise(() => {}), activity: () => new Promise(() => {}) },
}));

beforeEach(() => {
  jest.mocked(accountApi.sessions).mockResolvedValue([]);
});

test('/settings?open=sessions (the new-device mail’s link) opens Your Sessions; closing it drops the query', async () => {
  renderAt(<SettingsPage />, { url: '/settings?open=sessions', path: '/settings' });
  const dialog = await screen.findByRole('dialog', { name: 'Your Sessions' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Your Sessions' })).not.toBeInTheDocument(),
  );
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/);
});

test('/settings alone opens no dialog', () => {
  renderAt(<SettingsPage />, { url: '/settings', path: '/settings' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
