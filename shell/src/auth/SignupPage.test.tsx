import { authApi, planetApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { session } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignupPage from './SignupPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  session: { signIn: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  authApi: { signup: jest.fn(), identityProviderUrl: jest.fn() },
  planetApi: { list: jest.fn() },
}));

const planets = [
  { _id: 'p-earth', name: 'Earth', visual: { radius: 1, orbitRadius: 1, orbitDuration: 300, imageUrl: '' } },
  { _id: 'p-mars', name: 'Mars', visual: { radius: 1, orbitRadius: 2, orbitDuration: 300, imageUrl: '' } },
];

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
function setGeolocation(answer: (ok: Success, fail: () => void) => void) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: jest.fn(answer) },
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(planetApi.list).mockResolvedValue(planets);
  jest.mocked(session.signIn).mockResolvedValue(null);
  setGeolocation((_ok, fail) => fail());
});

const show = () => renderAt(<SignupPage />, { url: '/signup', path: '/signup', location: 'away' });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-123');
  await screen.findByRole('option', { name: 'Mars' });
  await user.selectOptions(screen.getByLabelText('Home planet'), 'Mars');
}

test('labelled fields, a native planet select filled from the planet list, and a link to /login', async () => {
  show();
  expect(screen.getByLabelText('Username')).toBeRequired();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  const select = screen.getByLabelText('Home planet');
  expect(select.tagName).toBe('SELECT');
  expect(select).toBeRequired();
  expect(await screen.findByRole('option', { name: 'Earth' })).toHaveValue('p-earth');
  expect(screen.getByRole('link', { name: /log in/i })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
});

test('creates the account with the browser location, signs in and goes to /home', async () => {
  const user = userEvent.setup();
  setGeolocation((ok) => ok({ coords: { latitude: 49.28, longitude: -123.12 } }));
  jest.mocked(authApi.signup).mockResolvedValue('token-9');
  show();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText('Account created successfully.')).toBeInTheDocument();
  expect(authApi.signup).toHaveBeenCalledWith({
    userName: 'ada',
    email: 'ada@example.com',
    password: 'secret-123',
    location: { latitude: 49.28, longitude: -123.12, planetId: 'p-mars' },
  });
  expect(session.signIn).toHaveBeenCalledWith('token-9');
  expect(screen.getByTestId('location')).toHaveTextContent('/home');
});

test('a refused location falls back to latitude 0 and longitude 0', async () => {
  const user = userEvent.setup();
  jest.mocked(authApi.signup).mockResolvedValue('token-9');
  show();
  await fill(user);
  await user.type(screen.getByLabelText('Username'), '{Enter}');
  await waitFor(() => expect(authApi.signup).toHaveBeenCalled());
  expect(jest.mocked(authApi.signup).mock.calls[0]?.[0].location).toEqual({
    latitude: 0,
    longitude: 0,
    planetId: 'p-mars',
  });
});

test("a refused signup shows the server's error and stays", async () => {
  const user = userEvent.setup();
  jest.mocked(authApi.signup).mockRejectedValue(httpError(409, { error: 'That username is taken.' }));
  show();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText('That username is taken.')).toBeInTheDocument();
  expect(session.signIn).not.toHaveBeenCalled();
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();
});

test('a failed planet list can be retried', async () => {
  const user = userEvent.setup();
  jest.mocked(planetApi.list).mockRejectedValueOnce(new Error('down'));
  show();
  expect(await screen.findByRole('alert')).toHaveTextContent('The planets could not be loaded.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('option', { name: 'Earth' })).toBeInTheDocument();
});

test('a password refused as too weak is told under the password field, announced, until it is edited', async () => {
  const user = userEvent.setup();
  const reason = 'This password is too easy to guess: add more words or characters.';
  jest.mocked(authApi.signup).mockRejectedValue(httpError(400, { error: reason }));
  show();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(reason);
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(password).toHaveAccessibleDescription(reason);
  expect(screen.getAllByText(reason)).toHaveLength(1);
  expect(session.signIn).not.toHaveBeenCalled();
  await user.type(password, '-and-more');
  expect(screen.queryByText(reason)).not.toBeInTheDocument();
  expect(password).not.toHaveAttribute('aria-invalid');
});
