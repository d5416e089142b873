import { authApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResetPasswordPage from './ResetPasswordPage';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { resetPassword: jest.fn() },
}));

const reset = jest.mocked(authApi.resetPassword);
beforeEach(() => jest.clearAllMocks());

async function submit() {
  const user = userEvent.setup();
  renderAt(<ResetPasswordPage />, {
    url: '/resetpassword/tok-42',
    path: '/resetpassword/:token',
    location: 'away',
  });
  await user.type(screen.getByLabelText('New password'), 'n3w-secret');
  await user.type(screen.getByLabelText('Confirm new password'), 'n3w-secret');
  await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
}

test('both fields are required and can be shown', () => {
  renderAt(<ResetPasswordPage />, {
    url: '/resetpassword/tok-42',
    path: '/resetpassword/:token',
    location: 'away',
  });
  expect(screen.getByLabelText('New password')).toBeRequired();
  expect(screen.getByLabelText('Confirm new password')).toBeRequired();
  expect(screen.getByRole('button', { name: 'Show new password' })).toBeInTheDocument();
});

test('success says so and goes to /login', async () => {
  reset.mockResolvedValue();
  await submit();
  expect(await screen.findByText('Your password has been reset!')).toBeInTheDocument();
  expect(reset).toHaveBeenCalledWith('tok-42', 'n3w-secret', 'n3w-secret');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
});

test('a failure shows the server error and stays', async () => {
  reset.mockRejectedValue(httpError(400, { error: 'This reset link has expired.' }));
  await submit();
  expect(await screen.findByText('This reset link has expired.')).toBeInTheDocument();
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();
});

test('a new password refused as too weak is told under its field and announced', async () => {
  const reason = 'This password is on a list of passwords people use often.';
  reset.mockRejectedValue(httpError(400, { error: reason }));
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(reason);
  expect(screen.getByLabelText('Confirm new password')).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();
});
