import { accountApi } from '@skynet/kit';
import { aUser, renderAt } from '@skynet/kit/testing';
import { session } from '@skynet/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from './SettingsPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signOut: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: { currentUser: jest.fn() },
  // Issue 31's sections load their lists (SafetySettings.test.tsx tests them): still loading here.
  safetyApi: {
    blocks: () => new Promise(() => {}),
    mutes: () => new Promise(() => {}),
    mutedWords: () => new Promise(() => {}),
    getMessagePolicy: () => new Promise(() => {}),
  },
  exportApi: { exports: () => new Promise(() => {}) },
  // Issue 32's sections (security/SecuritySettings.test.tsx tests them): still loading here.
  securityApi: { overview: () => new Promise(() => {}), activity: () => new Promise(() => {}) },
}));

const currentUser = jest.mocked(accountApi.currentUser);
beforeEach(() => jest.clearAllMocks());

const show = () => renderAt(<SettingsPage />, { url: '/settings', path: '/settings', location: 'away' });

test('three sections with their links', () => {
  show();
  const expected: Record<string, [string, string][]> = {
    Account: [
      ['Followers', '/followers'],
      ['Following', '/following'],
      ['Manage Account', '/settings/manageAccount'],
    ],
    History: [
      ['Saved', '/saved'],
      ['Liked', '/liked'],
      ['Commented', '/commented'],
    ],
    General: [
      ['About', '/about'],
      ['FAQs', '/faqs'],
      ['Support', '/support'],
    ],
  };
  for (const [section, links] of Object.entries(expected)) {
    const region = screen.getByRole('region', { name: section });
    for (const [name, href] of links) {
      expect(within(region).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  }
  expect(
    within(screen.getByRole('region', { name: 'Account' })).getByRole('button', { name: 'Your Info' }),
  ).toBeInTheDocument();
});

test.each([
  [true, 'Administrator'],
  [false, 'Basic user'],
])('Your Info shows the account type (admin: %s)', async (admin, text) => {
  const user = userEvent.setup();
  currentUser.mockResolvedValue(aUser({ admin }));
  show();
  await user.click(screen.getByRole('button', { name: 'Your Info' }));
  const dialog = screen.getByRole('dialog', { name: 'Your Info' });
  expect(await within(dialog).findByText(text)).toBeInTheDocument();
});

test('Your Info says so when the lookup fails, and Escape closes it', async () => {
  const user = userEvent.setup();
  currentUser.mockRejectedValue(new Error('down'));
  show();
  await user.click(screen.getByRole('button', { name: 'Your Info' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occured.');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Your Info' })).toHaveFocus();
});

test('Logout drops the session, closes the socket and shows /login', async () => {
  const user = userEvent.setup();
  show();
  await user.click(screen.getByRole('button', { name: 'Logout' }));
  expect(session.signOut).toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});
