import { authApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordPage from './ForgotPasswordPage';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { forgotPassword: jest.fn() },
}));

const forgot = jest.mocked(authApi.forgotPassword);
beforeEach(() => jest.clearAllMocks());

async function submit(email = 'ada@example.com') {
  const user = userEvent.setup();
  renderAt(<ForgotPasswordPage />, { url: '/forgetpassword', path: '/forgetpassword', location: 'away' });
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

test('no page header: no back button', () => {
  renderAt(<ForgotPasswordPage />, { url: '/forgetpassword', path: '/forgetpassword', location: 'away' });
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeRequired();
});

test('a sent request tells that an e-mail may be on its way and clears the field', async () => {
  forgot.mockResolvedValue();
  await submit();
  expect(
    await screen.findByText('If an account exists, a password reset email was sent.'),
  ).toBeInTheDocument();
  expect(forgot).toHaveBeenCalledWith('ada@example.com');
  expect(screen.getByLabelText('Email')).toHaveValue('');
});

test('any failure other than a 500 reads the same', async () => {
  forgot.mockRejectedValue(httpError(404, { error: 'No such user' }));
  await submit();
  expect(
    await screen.findByText('If an account exists, a password reset email was sent.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('No such user')).not.toBeInTheDocument();
});

test('a 500 shows the spec error and keeps the e-mail', async () => {
  forgot.mockRejectedValue(httpError(500));
  await submit();
  expect(
    await screen.findByText('There was an error trying to reset you password, please try again later.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
});
