import { startRegistration } from '@simplewebauthn/browser';
import { type AccountSecurityInfo, securityApi } from '@skynet/kit';
import { aUser, httpError, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecuritySettings } from '.';
import type { EVENT_TEXT } from './ActivitySection';

configure({ asyncUtilTimeout: 3000 });

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  securityApi: {
    overview: jest.fn(),
    activity: jest.fn(),
    resendVerification: jest.fn(),
    setupTotp: jest.fn(),
    enableTotp: jest.fn(),
    disableTotp: jest.fn(),
    renewRecoveryCodes: jest.fn(),
    passkeyOptions: jest.fn(),
    addPasskey: jest.fn(),
    removePasskey: jest.fn(),
  },
}));
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn() }));
jest.mock('@skynet/shared', () => ({ ...jest.requireActual('@skynet/shared'), useSession: jest.fn() }));

const signedInAs = (emailVerified: boolean) =>
  jest.mocked(useSession).mockReturnValue({
    status: 'signed-in',
    token: 't',
    user: aUser({ emailVerified }),
    endedBy: null,
  });

const api = jest.mocked(securityApi);
const base: AccountSecurityInfo = {
  emailVerified: true,
  hasPassword: true,
  totp: false,
  passkeys: [],
  recoveryCodesLeft: 0,
};
const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const event = (i: number, type: keyof typeof EVENT_TEXT, detail = '') => ({
  _id: `e${i}`,
  type,
  at: '2026-11-27T09:30:00.000Z',
  ip: '203.0.113.7',
  device: 'Chrome 131 on Linux',
  detail,
});

beforeEach(() => {
  jest.resetAllMocks();
  signedInAs(true);
  api.overview.mockResolvedValue(base);
  api.activity.mockResolvedValue([]);
  Object.defineProperty(window, 'PublicKeyCredential', {
    configurable: true,
    value: function PublicKeyCredential() {},
  });
});

const show = () => renderAt(<SecuritySettings />, { url: '/settings', path: '/settings', location: 'away' });
const region = (name: string) => screen.getByRole('region', { name });
const user = userEvent.setup();
/** The section once what protects the account is read (while loading it is busy, in the loaded shape). */
const signInSection = async () => {
  await waitFor(() => expect(region('Sign-in security')).not.toHaveAttribute('aria-busy'));
  return region('Sign-in security');
};

test('while loading, both sections stand in the shape of a loaded account, busy, with nothing to press', async () => {
  let answer: (security: AccountSecurityInfo) => void = () => {};
  api.overview.mockReturnValue(
    new Promise((resolve) => {
      answer = resolve;
    }),
  );
  show();
  const signIn = region('Sign-in security');
  const passkeys = region('Passkeys');
  for (const section of [signIn, passkeys]) expect(section).toHaveAttribute('aria-busy', 'true');
  expect(within(signIn).getByText('Authenticator app')).toBeInTheDocument();
  expect(within(signIn).getByText('Loading…')).toBeInTheDocument();
  expect(within(signIn).getByRole('button', { name: 'Set up' })).toBeDisabled();
  expect(within(passkeys).getByText('Loading…')).toBeInTheDocument();
  expect(within(passkeys).getByRole('textbox', { name: 'Passkey name' })).toBeDisabled();
  answer({ ...base, totp: true, recoveryCodesLeft: 9 });
  // The same sections, filled in place.
  await waitFor(() => expect(signIn).not.toHaveAttribute('aria-busy'));
  expect(within(signIn).getByText('On: signing in asks for a code from the app')).toBeInTheDocument();
  expect(within(signIn).getByText('9 codes left')).toBeInTheDocument();
  expect(within(passkeys).getByText('You have no passkeys yet.')).toBeInTheDocument();
  expect(within(passkeys).getByRole('textbox', { name: 'Passkey name' })).toBeEnabled();
  expect(passkeys).not.toHaveAttribute('aria-busy');
});

test('while loading, an address the session says is unconfirmed has its row already, its button disabled', async () => {
  signedInAs(false);
  api.overview.mockResolvedValue({ ...base, emailVerified: false });
  show();
  const signIn = region('Sign-in security');
  expect(signIn).toHaveAttribute('aria-busy', 'true');
  expect(within(signIn).getByText('Your e-mail address is not confirmed yet.')).toBeInTheDocument();
  expect(within(signIn).getByRole('button', { name: 'Send the link again' })).toBeDisabled();
  await waitFor(() => expect(signIn).not.toHaveAttribute('aria-busy'));
  expect(within(signIn).getByRole('button', { name: 'Send the link again' })).toBeEnabled();
});

test('an unconfirmed address says so and Send the link again mails a new one', async () => {
  api.overview.mockResolvedValue({ ...base, emailVerified: false });
  api.resendVerification.mockResolvedValue('We sent a new link to ada@mars.example.');
  show();
  const section = await signInSection();
  expect(await within(section).findByText('Your e-mail address is not confirmed yet.')).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Send the link again' }));
  expect(api.resendVerification).toHaveBeenCalledTimes(1);
  expect(await within(section).findByRole('status')).toHaveTextContent(
    'We sent a new link to ada@mars.example.',
  );
});

test('a confirmed address shows no such line', async () => {
  show();
  await signInSection();
  expect(screen.queryByText('Your e-mail address is not confirmed yet.')).not.toBeInTheDocument();
});

test('the authenticator is set up from a QR code or its key, turned on with a code, and the codes are shown once', async () => {
  api.setupTotp.mockResolvedValue({
    secret: 'JBSWY3DPEHPK3PXP',
    otpauthUrl: 'otpauth://totp/Skynet:ada?secret=JBSWY3DPEHPK3PXP&issuer=Skynet',
  });
  api.enableTotp
    .mockRejectedValueOnce(httpError(400, { error: 'The code is not correct.' }))
    .mockResolvedValueOnce(codes);
  show();
  const section = await signInSection();
  await user.click(await within(section).findByRole('button', { name: 'Set up' }));
  const form = await within(section).findByRole('form', { name: 'Set up the authenticator app' });
  const qr = within(form).getByRole('img', { name: 'QR code to scan with your authenticator app' });
  expect(Number(qr.getAttribute('data-modules'))).toBeGreaterThan(20);
  expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  expect(within(form).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(within(form).getByRole('heading', { name: 'Set up the authenticator app' })).toHaveFocus();
  const field = within(form).getByLabelText('Code from the app');
  await user.type(field, '000000{Enter}');
  expect(await within(form).findByRole('alert')).toHaveTextContent('The code is not correct.');
  expect(field).toHaveAccessibleDescription('The code is not correct.');
  await user.clear(field);
  await user.type(field, '123456{Enter}');
  expect(api.enableTotp).toHaveBeenLastCalledWith('123456');
  const list = await within(section).findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(codes);
  expect(within(section).getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
  expect(within(section).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
  await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
  expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  expect(within(section).getByRole('heading', { name: 'Sign-in security' })).toHaveFocus();
});

test('turning the authenticator off and renewing codes ask for the password and a code', async () => {
  api.overview.mockResolvedValue({ ...base, totp: true, recoveryCodesLeft: 9 });
  api.disableTotp.mockRejectedValueOnce(httpError(403, { error: 'The password is not correct.' }));
  api.disableTotp.mockResolvedValueOnce('The authenticator app is off.');
  api.renewRecoveryCodes.mockResolvedValue(codes);
  show();
  const section = await signInSection();
  expect(await within(section).findByText('9 codes left')).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'New codes' }));
  const renew = within(section).getByRole('form', { name: 'New recovery codes' });
  await user.type(within(renew).getByLabelText('Your password'), 'pw');
  await user.type(
    within(renew).getByLabelText('Code from your authenticator app, or a recovery code'),
    '111111',
  );
  await user.click(within(renew).getByRole('button', { name: 'Make new codes' }));
  expect(api.renewRecoveryCodes).toHaveBeenCalledWith('pw', '111111');
  await user.click(await within(section).findByRole('button', { name: 'I have saved them' }));
  await user.click(within(section).getByRole('button', { name: 'Turn off' }));
  const off = within(section).getByRole('form', { name: 'Turn off the authenticator app' });
  await user.type(within(off).getByLabelText('Your password'), 'bad');
  await user.type(
    within(off).getByLabelText('Code from your authenticator app, or a recovery code'),
    '222222',
  );
  await user.click(within(off).getByRole('button', { name: 'Turn off' }));
  expect(await within(off).findByRole('alert')).toHaveTextContent('The password is not correct.');
  await user.click(within(off).getByRole('button', { name: 'Turn off' }));
  expect(await within(section).findByRole('status')).toHaveTextContent('The authenticator app is off.');
  expect(api.disableTotp).toHaveBeenLastCalledWith('bad', '222222');
});

test('an account without a password (identity provider) is asked only for a code', async () => {
  api.overview.mockResolvedValue({ ...base, hasPassword: false, totp: true, recoveryCodesLeft: 10 });
  show();
  const section = await signInSection();
  await user.click(await within(section).findByRole('button', { name: 'Turn off' }));
  const off = within(section).getByRole('form', { name: 'Turn off the authenticator app' });
  expect(within(off).queryByLabelText('Your password')).not.toBeInTheDocument();
});

test('a passkey is added through the browser, its first-factor codes shown, and removed with a code', async () => {
  const passkey = { _id: 'k1', name: 'My laptop', createdAt: '2026-11-27T09:00:00.000Z', lastUsedAt: null };
  api.passkeyOptions.mockResolvedValue({ challenge: 'c', rp: { name: 'Skynet' } });
  jest.mocked(startRegistration).mockResolvedValue({ id: 'cred' } as never);
  api.addPasskey.mockResolvedValue({ passkey, recoveryCodes: codes });
  api.removePasskey.mockResolvedValue('Removed.');
  show();
  await signInSection();
  const section = region('Passkeys');
  expect(within(section).getByText('You have no passkeys yet.')).toBeInTheDocument();
  await user.type(within(section).getByLabelText('Passkey name'), 'My laptop');
  await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
  expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c', rp: { name: 'Skynet' } } });
  expect(api.addPasskey).toHaveBeenCalledWith('My laptop', { id: 'cred' });
  const list = await within(section).findByRole('list', { name: 'Your passkeys' });
  expect(within(list).getByText('My laptop')).toBeInTheDocument();
  expect(within(list).getByText(/Added November 27, 2026 · not used yet/)).toBeInTheDocument();
  expect(await within(section).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
  await user.click(within(list).getByRole('button', { name: 'Remove My laptop' }));
  const form = within(section).getByRole('form', { name: 'Remove My laptop' });
  await user.type(within(form).getByLabelText('Your password'), 'pw');
  await user.type(within(form).getByLabelText('A recovery code'), 'code1-abcde');
  await user.click(within(form).getByRole('button', { name: 'Remove' }));
  expect(api.removePasskey).toHaveBeenCalledWith('k1', 'pw', 'code1-abcde');
  expect(await within(section).findByText('You have no passkeys yet.')).toBeInTheDocument();
});

test('a passkey the browser does not make says so in our words', async () => {
  api.passkeyOptions.mockResolvedValue({ challenge: 'c' });
  jest.mocked(startRegistration).mockRejectedValue(new Error('NotAllowedError: timed out'));
  show();
  await signInSection();
  const section = region('Passkeys');
  await user.type(within(section).getByLabelText('Passkey name'), 'Key');
  await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'The passkey was not made. Try again, or use another device.',
  );
  expect(api.addPasskey).not.toHaveBeenCalled();
});

test('Recent activity lists events in words, newest first, a page at a time', async () => {
  api.activity
    .mockResolvedValueOnce(
      Array.from({ length: 20 }, (_, i) =>
        event(
          i,
          i === 0 ? 'signin-failed' : i === 1 ? 'sessions-ended' : 'signin',
          i === 1 ? '2 sessions' : '',
        ),
      ),
    )
    .mockResolvedValueOnce([event(20, 'signup')]);
  show();
  const section = region('Recent activity');
  const list = await within(section).findByRole('list', { name: 'Your recent activity' });
  // How long the log keeps events is said where people read it (ASVS 8.3.3).
  expect(within(section).getByText(/Each is kept for 180 days\./)).toBeInTheDocument();
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(20);
  expect(items[0]).toHaveTextContent('Failed sign-in attempt');
  expect(items[0]).toHaveTextContent('Chrome 131 on Linux · 203.0.113.7');
  expect(items[1]).toHaveTextContent('Signed out everywhere · 2 sessions');
  expect(items[2]).toHaveTextContent('Signed in');
  expect(api.activity).toHaveBeenCalledWith(0);
  await user.click(within(section).getByRole('button', { name: 'Show more' }));
  expect(await within(section).findByText('Account created')).toBeInTheDocument();
  expect(api.activity).toHaveBeenLastCalledWith(1);
  expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
});

test('a failed load says so with Try again', async () => {
  api.overview.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(base);
  api.activity.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([]);
  show();
  // The section is drawn anew when the load fails (while loading it stands in the shape of a loaded one).
  await waitFor(() =>
    expect(within(region('Sign-in security')).getByRole('alert')).toHaveTextContent(
      'Your sign-in security could not be loaded.',
    ),
  );
  await user.click(within(region('Sign-in security')).getByRole('button', { name: 'Try again' }));
  expect(await within(region('Sign-in security')).findByText('Authenticator app')).toBeInTheDocument();
  const activity = region('Recent activity');
  expect(await within(activity).findByRole('alert')).toHaveTextContent(
    'Your recent activity could not be loaded.',
  );
  await user.click(within(activity).getByRole('button', { name: 'Try again' }));
  expect(await within(activity).findByText('Nothing to show yet.')).toBeInTheDocument();
});
