import { accountApi } from '@skynet/kit';
import { aUser, httpError, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteAccountFlow } from './DeleteAccountFlow';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signOut: jest.fn() },
  useSession: jest.fn(),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: { deleteAccount: jest.fn() },
}));

const api = jest.mocked(accountApi);
const signedInAs = (user: ReturnType<typeof aUser>) =>
  jest.mocked(useSession).mockReturnValue({ status: 'signed-in', token: 't', user, endedBy: null });
beforeEach(() => jest.clearAllMocks());

async function reachLastChance(user: ReturnType<typeof userEvent.setup>, password?: string) {
  renderAt(<DeleteAccountFlow />, {
    url: '/settings/manageAccount',
    path: '/settings/manageAccount',
    location: 'away',
  });
  await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
      name: 'Continue',
    }),
  );
  const phrase = screen.getByRole('dialog', { name: 'Type the phrase to continue' });
  await user.type(within(phrase).getByLabelText('Confirmation phrase'), 'I-WANT-TO-DELETE-THIS-ACCOUNT');
  if (password !== undefined) await user.type(within(phrase).getByLabelText('Current password'), password);
  await user.click(within(phrase).getByRole('button', { name: 'Continue' }));
  return screen.getByRole('dialog', { name: 'Last chance' });
}

test('an account with a password confirms the deletion with it', async () => {
  const user = userEvent.setup();
  signedInAs(aUser({ email: 'ada@example.com' }));
  api.deleteAccount.mockResolvedValue('Deleted.');
  const last = await reachLastChance(user, 'my password');
  await user.click(within(last).getByRole('button', { name: 'DELETE ACCOUNT' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  expect(api.deleteAccount).toHaveBeenCalledWith('I-WANT-TO-DELETE-THIS-ACCOUNT', 'my password');
});

test('a wrong password reopens the phrase dialog with the error, the password to type again', async () => {
  const user = userEvent.setup();
  signedInAs(aUser({ email: 'ada@example.com' }));
  api.deleteAccount.mockRejectedValue(httpError(400, { error: 'The current password is not correct.' }));
  const last = await reachLastChance(user, 'wrong');
  await user.click(within(last).getByRole('button', { name: 'DELETE ACCOUNT' }));
  const again = await screen.findByRole('dialog', { name: 'Type the phrase to continue' });
  expect(within(again).getByRole('alert')).toHaveTextContent('The current password is not correct.');
});

test('the phrase is checked first, then a missing password is asked for before the last chance', async () => {
  const user = userEvent.setup();
  signedInAs(aUser({ email: 'ada@example.com' }));
  renderAt(<DeleteAccountFlow />, { url: '/x', path: '/x', location: 'away' });
  await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
      name: 'Continue',
    }),
  );
  const phrase = screen.getByRole('dialog', { name: 'Type the phrase to continue' });
  await user.type(within(phrase).getByLabelText('Confirmation phrase'), 'nope{Enter}');
  expect(within(phrase).getByRole('alert')).toHaveTextContent('The phrase given does not match.');
  await user.clear(within(phrase).getByLabelText('Confirmation phrase'));
  await user.type(
    within(phrase).getByLabelText('Confirmation phrase'),
    'I-WANT-TO-DELETE-THIS-ACCOUNT{Enter}',
  );
  expect(within(phrase).getByRole('alert')).toHaveTextContent(
    'Enter your current password to confirm it is you.',
  );
  expect(screen.queryByRole('dialog', { name: 'Last chance' })).not.toBeInTheDocument();
  expect(api.deleteAccount).not.toHaveBeenCalled();
});

test('an identity-provider account (no e-mail, no password) is told it needs a recent sign-in there', async () => {
  const user = userEvent.setup();
  const { email: _none, ...provider } = aUser({});
  signedInAs(provider as ReturnType<typeof aUser>);
  api.deleteAccount.mockResolvedValue('Deleted.');
  renderAt(<DeleteAccountFlow />, { url: '/x', path: '/x', location: 'away' });
  await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
      name: 'Continue',
    }),
  );
  const phrase = screen.getByRole('dialog', { name: 'Type the phrase to continue' });
  expect(within(phrase).queryByLabelText('Current password')).not.toBeInTheDocument();
  expect(phrase).toHaveTextContent('sign-in there within the last 10 minutes');
  await user.type(
    within(phrase).getByLabelText('Confirmation phrase'),
    'I-WANT-TO-DELETE-THIS-ACCOUNT{Enter}',
  );
  await user.click(
    within(screen.getByRole('dialog', { name: 'Last chance' })).getByRole('button', {
      name: 'DELETE ACCOUNT',
    }),
  );
  await waitFor(() => expect(api.deleteAccount).toHaveBeenCalledWith('I-WANT-TO-DELETE-THIS-ACCOUNT'));
});
