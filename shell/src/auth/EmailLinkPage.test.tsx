import { authApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { session } from '@skynet/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfirmEmailPage from './ConfirmEmailPage';
import UndoEmailPage from './UndoEmailPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: {
    get: jest.fn(() => ({ status: 'signed-in', token: 't' })),
    signOut: jest.fn(),
    refreshUser: jest.fn(),
  },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { confirmEmail: jest.fn(), undoEmail: jest.fn() },
}));

const api = jest.mocked(authApi);
beforeEach(() => jest.clearAllMocks());

test('the confirmation link does nothing on load, confirms on the button, and shows the answer', async () => {
  const user = userEvent.setup();
  api.confirmEmail.mockResolvedValue(
    'Your e-mail has been changed. Your account now signs in with ada@mars.example.',
  );
  renderAt(<ConfirmEmailPage />, {
    url: '/confirmemail/tok-1',
    path: '/confirmemail/:token',
    location: 'away',
  });
  expect(api.confirmEmail).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
  expect(api.confirmEmail).toHaveBeenCalledWith('tok-1');
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Your e-mail has been changed. Your account now signs in with ada@mars.example.',
  );
  expect(session.signOut).not.toHaveBeenCalled();
});

test('a used or expired link says so', async () => {
  const user = userEvent.setup();
  api.confirmEmail.mockRejectedValue(
    httpError(400, { error: 'This confirmation link is not valid or has expired.' }),
  );
  renderAt(<ConfirmEmailPage />, {
    url: '/confirmemail/old',
    path: '/confirmemail/:token',
    location: 'away',
  });
  await user.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('not valid or has expired');
});

test('the undo link undoes the change and signs this browser out too', async () => {
  const user = userEvent.setup();
  api.undoEmail.mockResolvedValue('The e-mail change was undone.');
  renderAt(<UndoEmailPage />, { url: '/undoemail/tok-2', path: '/undoemail/:token', location: 'away' });
  expect(screen.getByRole('heading', { name: 'Undo the e-mail change' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Undo the change' }));
  expect(api.undoEmail).toHaveBeenCalledWith('tok-2');
  expect(await screen.findByRole('status')).toHaveTextContent('The e-mail change was undone.');
  expect(session.signOut).toHaveBeenCalled();
});
