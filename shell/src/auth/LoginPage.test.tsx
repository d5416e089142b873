import { authApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { notify, session } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage';
import { leavePage } from './leavePage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signIn: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { login: jest.fn(), exchangeCode: jest.fn(), identityProviderUrl: jest.fn() },
}));
jest.mock('./leavePage', () => ({ leavePage: jest.fn() }));

const api = jest.mocked(authApi);
const signIn = jest.mocked(session.signIn);

beforeEach(() => {
  jest.clearAllMocks();
  signIn.mockResolvedValue(null);
});

const show = (url = '/login') => renderAt(<LoginPage />, { url, path: '/login', location: 'away' });

async function fillAndSubmit(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-123');
  await user.keyboard('{Enter}');
}

test('shows an e-mail field, a password with a show/hide toggle and the two links', async () => {
  const user = userEvent.setup();
  show();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Email')).toBeRequired();
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
  expect(screen.getByRole('link', { name: 'Not Registered? Sign up Instead' })).toHaveAttribute(
    'href',
    '/signup',
  );
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgetpassword',
  );
  expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
});

test('a good login saves the token, says so and goes to /home', async () => {
  api.login.mockResolvedValue('token-1');
  show();
  await fillAndSubmit();
  expect(await screen.findByText('Logged in successfully.')).toBeInTheDocument();
  expect(api.login).toHaveBeenCalledWith('ada@example.com', 'secret-123');
  expect(signIn).toHaveBeenCalledWith('token-1');
  expect(screen.getByTestId('location')).toHaveTextContent('/home');
});

test('after login it returns to a same-site returnTo path', async () => {
  api.login.mockResolvedValue('token-1');
  show('/login?returnTo=%2Fsettings%3Ftab%3D1');
  await fillAndSubmit();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=1'));
});

test('an off-site returnTo is ignored: /home', async () => {
  api.login.mockResolvedValue('token-1');
  show('/login?returnTo=%2F%2Fevil.example%2Fphish');
  await fillAndSubmit();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
});

test('a failed login shows the spec text for 5,500 ms and stays on the page', async () => {
  const error = jest.spyOn(notify, 'error');
  api.login.mockRejectedValue(httpError(401, { error: 'Unauthorized' }));
  show();
  await fillAndSubmit();
  expect(await screen.findByText('No account exists with that email and password.')).toBeInTheDocument();
  expect(error).toHaveBeenCalledWith('No account exists with that email and password.', { autoClose: 5500 });
  expect(signIn).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test.each([
  [429, 'Too many requests. Please try again in 42 seconds.'],
  [503, 'The database is not answering. Please try again in a moment.'],
])('a sign-in the server did not judge (%i) says why, not that no account exists', async (status, text) => {
  const error = jest.spyOn(notify, 'error');
  api.login.mockRejectedValue(httpError(status, text));
  show();
  await fillAndSubmit();
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(error).toHaveBeenCalledWith(text, { autoClose: 5500 });
  expect(screen.queryByText('No account exists with that email and password.')).not.toBeInTheDocument();
  expect(signIn).not.toHaveBeenCalled();
});

test('the button shows progress and a second submit is ignored while the first runs', async () => {
  const user = userEvent.setup();
  let answer!: (token: string) => void;
  api.login.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  show();
  await fillAndSubmit(user);
  const button = screen.getByRole('button', { name: 'Log in' });
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  await user.keyboard('{Enter}');
  expect(api.login).toHaveBeenCalledTimes(1);
  answer('token-1');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
});

test('a code in the query is exchanged for a token, then /home', async () => {
  api.exchangeCode.mockResolvedValue('token-from-code');
  show('/login?code=abc123');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  expect(api.exchangeCode).toHaveBeenCalledTimes(1);
  expect(api.exchangeCode).toHaveBeenCalledWith('abc123');
  expect(signIn).toHaveBeenCalledWith('token-from-code');
});

test('a refused code shows the server error and the form again', async () => {
  api.exchangeCode.mockRejectedValue(
    httpError(400, { error: 'The sign-in code is invalid or has expired.' }),
  );
  show('/login?code=stale');
  expect(await screen.findByText('The sign-in code is invalid or has expired.')).toBeInTheDocument();
  expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  expect(signIn).not.toHaveBeenCalled();
});

test('the identity-provider button goes to the address the API gives', async () => {
  const user = userEvent.setup();
  api.identityProviderUrl.mockResolvedValue('https://idp.example/authorize?x=1');
  show();
  await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
  await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
});

test('with no provider configured it shows the server text', async () => {
  const user = userEvent.setup();
  api.identityProviderUrl.mockRejectedValue(
    httpError(501, { error: 'Sign-in with an identity provider is not configured.' }),
  );
  show();
  await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
  expect(await screen.findByText('Sign-in with an identity provider is not configured.')).toBeInTheDocument();
  expect(leavePage).not.toHaveBeenCalled();
});

test('a failed provider round trip (?error=...) is told in our words and dropped from the address', async () => {
  show('/login?error=%3Cb%3Eevil%3C%2Fb%3E');
  expect(
    await screen.findByText('Sign-in with the identity provider failed. Please try again.'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/evil/)).not.toBeInTheDocument();
  expect(api.exchangeCode).not.toHaveBeenCalled();
});
