import { accountApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { session } from '@skynet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ManageAccountPage from './ManageAccountPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signOut: jest.fn(), patchUser: jest.fn(), refreshUser: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  accountApi: {
    changePassword: jest.fn(),
    changeUsername: jest.fn(),
    changeEmail: jest.fn(),
    deleteAccount: jest.fn(),
  },
}));

const api = jest.mocked(accountApi);
beforeEach(() => jest.clearAllMocks());

const show = () =>
  renderAt(<ManageAccountPage />, {
    url: '/settings/manageAccount',
    path: '/settings/manageAccount',
    location: 'away',
  });

async function openForm(user: ReturnType<typeof userEvent.setup>, action: string) {
  await user.click(screen.getByRole('button', { name: action }));
  const confirm = screen.getByRole('dialog', { name: action });
  await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
  return screen.getByRole('dialog', { name: action });
}

test('the Danger Zone offers the four actions', () => {
  show();
  const zone = screen.getByRole('region', { name: 'Danger Zone' });
  for (const name of ['Change Username', 'Change Email', 'Change Password', 'DELETE ACCOUNT']) {
    expect(within(zone).getByRole('button', { name })).toBeInTheDocument();
  }
});

test('Cancel in the confirm dialog changes nothing', async () => {
  const user = userEvent.setup();
  show();
  await user.click(screen.getByRole('button', { name: 'Change Username' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.changeUsername).not.toHaveBeenCalled();
});

test("Change Username: confirm, then the form; the server's message shows and the session follows", async () => {
  const user = userEvent.setup();
  api.changeUsername.mockResolvedValue('Username changed to grace.');
  show();
  const form = await openForm(user, 'Change Username');
  await user.type(within(form).getByLabelText('New username'), ' grace {Enter}');
  expect(await screen.findByText('Username changed to grace.')).toBeInTheDocument();
  expect(api.changeUsername).toHaveBeenCalledWith('grace');
  expect(session.patchUser).toHaveBeenCalledWith({ userName: 'grace' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("Change Username: the server's error shows in the form, which stays open", async () => {
  const user = userEvent.setup();
  api.changeUsername.mockRejectedValue(httpError(409, { error: 'That username is taken.' }));
  show();
  const form = await openForm(user, 'Change Username');
  await user.type(within(form).getByLabelText('New username'), 'grace{Enter}');
  expect(await within(form).findByRole('alert')).toHaveTextContent('That username is taken.');
  expect(within(form).getByLabelText('New username')).toHaveValue('grace');
  expect(session.patchUser).not.toHaveBeenCalled();
});

test('Change Email sends the current, new and confirmed e-mail, and the current password (re-authentication)', async () => {
  const user = userEvent.setup();
  api.changeEmail.mockResolvedValue('Email changed.');
  show();
  const form = await openForm(user, 'Change Email');
  expect(form).toHaveTextContent('The new address takes effect once you open the link we send to it.');
  await user.type(within(form).getByLabelText('Current email'), 'ada@example.com');
  await user.type(within(form).getByLabelText('New email'), 'ada@mars.example');
  await user.type(within(form).getByLabelText('Confirm new email'), 'ada@mars.example');
  await user.type(within(form).getByLabelText('Current password'), 'my password');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Email changed.')).toBeInTheDocument();
  expect(api.changeEmail).toHaveBeenCalledWith(
    'ada@example.com',
    'ada@mars.example',
    'ada@mars.example',
    'my password',
  );
  // Nothing changes in the session until the new address confirms the change.
  expect(session.patchUser).not.toHaveBeenCalled();
});

test("Change Email: a wrong password shows the server's error in the form, which stays open", async () => {
  const user = userEvent.setup();
  api.changeEmail.mockRejectedValue(httpError(400, { error: 'The current password is not correct.' }));
  show();
  const form = await openForm(user, 'Change Email');
  await user.type(within(form).getByLabelText('Current email'), 'ada@example.com');
  await user.type(within(form).getByLabelText('New email'), 'ada@mars.example');
  await user.type(within(form).getByLabelText('Confirm new email'), 'ada@mars.example');
  await user.type(within(form).getByLabelText('Current password'), 'wrong{Enter}');
  expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not correct.');
  expect(screen.getByRole('dialog', { name: 'Change Email' })).toBeInTheDocument();
});

// Keeping the fresh token the API answers is the shared call's job (kit/src/api/account.test.ts).
test('Change Password sends the three passwords, shows the message and reads the user again', async () => {
  const user = userEvent.setup();
  api.changePassword.mockResolvedValue('Your password has been changed.');
  show();
  const form = await openForm(user, 'Change Password');
  await user.type(within(form).getByLabelText('Current password'), 'old-pass');
  await user.type(within(form).getByLabelText('New password'), 'new-pass');
  await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass{Enter}');
  expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  expect(api.changePassword).toHaveBeenCalledWith('old-pass', 'new-pass', 'new-pass');
  expect(session.refreshUser).toHaveBeenCalled();
});

test('Change Password: one request at a time, errors shown in the form', async () => {
  const user = userEvent.setup();
  let fail!: (error: unknown) => void;
  api.changePassword.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
  show();
  const form = await openForm(user, 'Change Password');
  await user.type(within(form).getByLabelText('Current password'), 'old-pass');
  await user.type(within(form).getByLabelText('New password'), 'new-pass');
  await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass');
  const save = within(form).getByRole('button', { name: 'Save' });
  await user.click(save);
  expect(save).toBeDisabled();
  await user.type(within(form).getByLabelText('Confirm new password'), '{Enter}');
  expect(api.changePassword).toHaveBeenCalledTimes(1);
  fail(httpError(400, { error: 'The current password is wrong.' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is wrong.');
  expect(save).toBeEnabled();
});

async function reachPhrase(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
      name: 'Continue',
    }),
  );
  return screen.getByRole('dialog', { name: 'Type the phrase to continue' });
}

test('DELETE ACCOUNT refuses a phrase that does not match', async () => {
  const user = userEvent.setup();
  show();
  const phrase = await reachPhrase(user);
  await user.type(
    within(phrase).getByLabelText('Confirmation phrase'),
    'i-want-to-delete-this-account{Enter}',
  );
  expect(within(phrase).getByRole('alert')).toHaveTextContent('The phrase given does not match.');
  expect(screen.queryByRole('dialog', { name: 'Last chance' })).not.toBeInTheDocument();
  expect(api.deleteAccount).not.toHaveBeenCalled();
});

test('DELETE ACCOUNT: phrase, last chance (30 days, support), then signed out at /login', async () => {
  const user = userEvent.setup();
  api.deleteAccount.mockResolvedValue('Your account will be deleted in 30 days.');
  show();
  const phrase = await reachPhrase(user);
  await user.type(
    within(phrase).getByLabelText('Confirmation phrase'),
    'I-WANT-TO-DELETE-THIS-ACCOUNT{Enter}',
  );
  const last = screen.getByRole('dialog', { name: 'Last chance' });
  expect(last).toHaveTextContent('30 days');
  expect(within(last).getByRole('link', { name: 'support' })).toHaveAttribute('href', '/support');
  const remove = within(last).getByRole('button', { name: 'DELETE ACCOUNT' });
  await user.click(remove);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  expect(api.deleteAccount).toHaveBeenCalledTimes(1);
  expect(api.deleteAccount).toHaveBeenCalledWith('I-WANT-TO-DELETE-THIS-ACCOUNT');
  expect(session.signOut).toHaveBeenCalled();
  expect(await screen.findByText('Your account will be deleted in 30 days.')).toBeInTheDocument();
});

test('a failed delete closes the last chance and reopens the phrase dialog with the error', async () => {
  const user = userEvent.setup();
  api.deleteAccount.mockRejectedValue(httpError(500, { error: 'The account could not be deleted.' }));
  show();
  const phrase = await reachPhrase(user);
  await user.type(
    within(phrase).getByLabelText('Confirmation phrase'),
    'I-WANT-TO-DELETE-THIS-ACCOUNT{Enter}',
  );
  await user.click(
    within(screen.getByRole('dialog', { name: 'Last chance' })).getByRole('button', {
      name: 'DELETE ACCOUNT',
    }),
  );
  const again = await screen.findByRole('dialog', { name: 'Type the phrase to continue' });
  expect(within(again).getByRole('alert')).toHaveTextContent('The account could not be deleted.');
  expect(screen.queryByRole('dialog', { name: 'Last chance' })).not.toBeInTheDocument();
  expect(session.signOut).not.toHaveBeenCalled();
});

test('after the form dialog closes, focus goes back to the Danger Zone button', async () => {
  const user = userEvent.setup();
  show();
  const form = await openForm(user, 'Change Username');
  expect(within(form).getByLabelText('New username')).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change Username' })).toHaveFocus();
});
