import { verifyEmailApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import VerifyEmailPage from './VerifyEmailPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: jest.fn(() => ({ status: 'signed-out', token: null, user: null, endedBy: null })),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  verifyEmailApi: { verify: jest.fn() },
}));

const verify = jest.mocked(verifyEmailApi.verify);
beforeEach(() => jest.clearAllMocks());

const show = () =>
  renderAt(
    <StrictMode>
      <VerifyEmailPage />
    </StrictMode>,
    { url: '/verifyemail/tok-1', path: '/verifyemail/:token', location: 'away' },
  );

test('the link confirms the address once on load and says so', async () => {
  verify.mockResolvedValue('Your e-mail address is confirmed.');
  show();
  expect(await screen.findByText('Your e-mail address is confirmed.')).toHaveAttribute('role', 'status');
  expect(verify).toHaveBeenCalledTimes(1);
  expect(verify).toHaveBeenCalledWith('tok-1');
  expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
});

test('a used or expired link says why, and a signed-in person is offered Settings', async () => {
  jest.mocked(useSession).mockReturnValue({ status: 'signed-in', token: 't', user: null, endedBy: null });
  verify.mockRejectedValue(httpError(400, { error: 'This link has expired. Send a new one from Settings.' }));
  show();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This link has expired. Send a new one from Settings.',
  );
  expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
});
