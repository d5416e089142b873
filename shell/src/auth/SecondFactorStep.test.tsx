import { startAuthentication } from '@simplewebauthn/browser';
import { authApi, secondFactorApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { notify, session } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage, { LOGGED_IN, LOGIN_FAILED } from './LoginPage';
import { PASSKEY_FAILED } from './SecondFactorStep';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signIn: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { login: jest.fn(), exchangeCode: jest.fn(), identityProviderUrl: jest.fn() },
  secondFactorApi: { withCode: jest.fn(), withPasskey: jest.fn() },
}));
jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));

const api = jest.mocked(authApi);
const second = jest.mocked(secondFactorApi);
const signIn = jest.mocked(session.signIn);

beforeEach(() => {
  jest.clearAllMocks();
  signIn.mockResolvedValue(null);
});

const asked = (value: object) =>
  httpError(401, { success: false, error: 'A second factor is needed.', value });
const show = () => renderAt(<LoginPage />, { url: '/login', path: '/login', location: 'away' });

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-123');
  await user.keyboard('{Enter}');
}

test('an account with an authenticator is asked for its code, then signed in with the token it answers', async () => {
  const user = userEvent.setup();
  const error = jest.spyOn(notify, 'error');
  api.login.mockRejectedValue(
    asked({ secondFactor: 'totp', methods: ['totp', 'recovery'], challenge: 'ch-1' }),
  );
  second.withCode.mockResolvedValue('token-2');
  show();
  await logIn(user);
  const field = await screen.findByLabelText('Code from your authenticator app');
  expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toBeInTheDocument();
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  expect(error).not.toHaveBeenCalledWith(LOGIN_FAILED, expect.anything());
  expect(signIn).not.toHaveBeenCalled();
  await user.type(field, '123456{Enter}');
  expect(second.withCode).toHaveBeenCalledWith('ch-1', '123456');
  await waitFor(() => expect(signIn).toHaveBeenCalledWith('token-2'));
  expect(await screen.findByTestId('location')).toHaveTextContent('/home');
  expect(screen.queryByText(LOGIN_FAILED)).not.toBeInTheDocument();
  error.mockRestore();
});

test('a wrong code is told under the field, announced, and a recovery code can be used instead', async () => {
  const user = userEvent.setup();
  api.login.mockRejectedValue(
    asked({ secondFactor: 'totp', methods: ['totp', 'recovery'], challenge: 'ch-1' }),
  );
  second.withCode
    .mockRejectedValueOnce(httpError(401, { error: 'The code is not correct.' }))
    .mockResolvedValueOnce('token-3');
  show();
  await logIn(user);
  await user.type(await screen.findByLabelText('Code from your authenticator app'), '000000{Enter}');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The code is not correct.');
  expect(screen.getByLabelText('Code from your authenticator app')).toHaveAccessibleDescription(
    'The code is not correct.',
  );
  expect(screen.getByLabelText('Code from your authenticator app')).toHaveAttribute('aria-invalid', 'true');
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(second.withCode).toHaveBeenLastCalledWith('ch-1', 'abcde-fghij');
  await waitFor(() => expect(signIn).toHaveBeenCalledWith('token-3'));
});

test('a passkey account signs in with the browser’s answer to the options the challenge carries', async () => {
  const user = userEvent.setup();
  const options = { challenge: 'abc', allowCredentials: [] };
  api.login.mockRejectedValue(
    asked({
      secondFactor: 'passkey',
      methods: ['passkey', 'recovery'],
      challenge: 'ch-9',
      passkeyOptions: options,
    }),
  );
  jest.mocked(startAuthentication).mockResolvedValue({ id: 'cred' } as never);
  second.withPasskey.mockResolvedValue('token-4');
  show();
  await logIn(user);
  await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
  await waitFor(() => expect(second.withPasskey).toHaveBeenCalledWith('ch-9', { id: 'cred' }));
  await waitFor(() => expect(signIn).toHaveBeenCalledWith('token-4'));
  // No authenticator here: the form asks for a recovery code.
  expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
});

test('a cancelled passkey says so, and Back returns to e-mail and password', async () => {
  const user = userEvent.setup();
  api.login.mockRejectedValue(
    asked({ secondFactor: 'passkey', methods: ['passkey'], challenge: 'ch-9', passkeyOptions: {} }),
  );
  jest.mocked(startAuthentication).mockRejectedValue(new Error('The operation was cancelled.'));
  show();
  await logIn(user);
  await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_FAILED);
  expect(signIn).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Back to e-mail and password' }));
  expect(screen.getByLabelText('Password')).toHaveValue('');
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  expect(LOGGED_IN).toBe('Logged in successfully.');
});

test('an identity-provider sign-in of an account with a second factor asks for it too', async () => {
  const user = userEvent.setup();
  api.exchangeCode.mockRejectedValue(asked({ secondFactor: 'totp', methods: ['totp'], challenge: 'ch-5' }));
  second.withCode.mockResolvedValue('token-5');
  renderAt(<LoginPage />, { url: '/login?code=one-time', path: '/login', location: 'away' });
  const field = await screen.findByLabelText('Code from your authenticator app');
  expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
  await user.type(field, '654321{Enter}');
  expect(second.withCode).toHaveBeenCalledWith('ch-5', '654321');
  await waitFor(() => expect(signIn).toHaveBeenCalledWith('token-5'));
});
