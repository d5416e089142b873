import { authApi } from '@skynet/kit';
import { aUser, renderAt } from '@skynet/kit/testing';
import { session, useSession } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signIn: jest.fn(), signOut: jest.fn(async () => {}) },
  useSession: jest.fn(),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { login: jest.fn(), exchangeCode: jest.fn(), identityProviderUrl: jest.fn() },
}));

const api = jest.mocked(authApi);
beforeEach(() => {
  jest.clearAllMocks();
  jest
    .mocked(useSession)
    .mockReturnValue({ status: 'signed-in', token: 't', user: aUser({ userName: 'ada' }), endedBy: null });
  jest.mocked(session.signIn).mockResolvedValue(null);
});

const show = () => renderAt(<LoginPage />, { url: '/login?code=c-1', path: '/login', location: 'away' });

test('a code while signed in is not redeemed: the page asks first', async () => {
  show();
  expect(screen.getByRole('heading', { name: 'You are already signed in' })).toBeInTheDocument();
  expect(screen.getByText(/You are signed in as @ada/)).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 50));
  expect(api.exchangeCode).not.toHaveBeenCalled();
  expect(session.signIn).not.toHaveBeenCalled();
});

test('Stay signed in keeps the session and goes home', async () => {
  const user = userEvent.setup();
  show();
  await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
  expect(api.exchangeCode).not.toHaveBeenCalled();
  expect(session.signOut).not.toHaveBeenCalled();
});

test('Sign out and continue ends the current session, then redeems the code', async () => {
  const user = userEvent.setup();
  api.exchangeCode.mockResolvedValue('token-2');
  show();
  await user.click(screen.getByRole('button', { name: 'Sign out and continue' }));
  expect(session.signOut).toHaveBeenCalled();
  await waitFor(() => expect(api.exchangeCode).toHaveBeenCalledWith('c-1'));
  await waitFor(() => expect(session.signIn).toHaveBeenCalledWith('token-2'));
});
