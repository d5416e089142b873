// Getting in and managing an account (issue 4): the shell's auth screens and the mfe-account remote,
// against the real API. Reset e-mails are read from the product's .eml outbox.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { type Api, collectErrors, expect, signIn, type TestUser, test } from '../fixtures';
import { type Product, startProduct } from '../product';

// A 64×64 PNG: small, and a real image for the server's decoder.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDD6qmeTm1ErYh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHivgUUsIBmLOAAAAAElFTkSuQmCC',
  'base64',
);

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The reset link of the newest e-mail sent to `email`, decoded from its quoted-printable text part. */
function resetLinkFor(email: string): string | null {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = text.match(/\/resetpassword\/([A-Za-z0-9_-]+)/);
    if (match) return `/resetpassword/${match[1]}`;
  }
  return null;
}

/** The confirmation link's token of the newest e-mail to `email` (an e-mail change), once it has been sent. */
async function confirmTokenFor(email: string): Promise<string | null> {
  let token: string | null = null;
  await expect.poll(() => (token = confirmTokenIn(email))).toBeTruthy();
  return token;
}

function confirmTokenIn(email: string): string | null {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox);
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const match = raw.replace(/=\r?\n/g, '').match(/\/confirmemail\/([A-Za-z0-9_-]+)/);
    if (match) return match[1] ?? null;
  }
  return null;
}

async function me(api: Api, user: Pick<TestUser, 'token'>) {
  return (
    await api.call<{ value: { userName: string; bio: string; email?: string; avatarUrl: string | null } }>(
      'GET',
      '/user',
      { token: user.token },
    )
  ).value;
}

async function canLogIn(api: Api, email: string, password: string): Promise<boolean> {
  try {
    await api.call('POST', '/user/login', { data: { email, password } });
    return true;
  } catch {
    return false;
  }
}

test.describe('getting in', () => {
  test('sign up through the form lands on /home, signed in', async ({ page, api }) => {
    const errors = collectErrors(page);
    const id = Date.now().toString(36);
    await page.goto('/signup');
    await page.getByLabel('Username').fill(`e2e_${id}`);
    await page.getByLabel('Email').fill(`e2e_${id}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Signup-pass-123');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    const planet = page.getByLabel('Home planet');
    await expect(planet.locator('option', { hasText: 'Mars' })).toHaveCount(1);
    await planet.selectOption({ label: 'Mars' });
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Account created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
    expect(await canLogIn(api, `e2e_${id}@example.com`, 'Signup-pass-123')).toBe(true);
    expect(errors).toEqual([]);
  });

  test("a taken username shows the server's error", async ({ page, user }) => {
    await page.goto('/signup');
    await page.getByLabel('Username').fill(user.userName);
    await page.getByLabel('Email').fill(`other_${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Signup-pass-123');
    await page.getByLabel('Home planet').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.locator('.Toastify__toast--error')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('log in: a wrong password is refused, the right one goes where the visitor was going', async ({
    page,
    user,
  }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsettings$/);
    await logInThroughForm(page, user.email, 'not-the-password');
    await expect(page.getByText('No account exists with that email and password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await logInThroughForm(page, user.email, user.password);
    await expect(page.getByText('Logged in successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('the login page links to sign-up and forgot-password, and works with every remote down', async ({
    page,
    user,
  }) => {
    await page.route('**/remotes/**', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Not Registered? Sign up Instead' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgetpassword',
    );
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await logInThroughForm(page, user.email, user.password);
    await expect(page.getByText('Logged in successfully.')).toBeVisible();
  });

  test('forgot password, then reset through the e-mailed link', async ({ page, api, user }) => {
    await page.goto('/forgetpassword');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('If an account exists, a password reset email was sent.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');

    await expect.poll(() => resetLinkFor(user.email), { timeout: 10_000 }).not.toBeNull();
    await page.goto(resetLinkFor(user.email)!);
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText('Your password has been reset!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await canLogIn(api, user.email, user.password)).toBe(false);
    await logInThroughForm(page, user.email, 'Brand-new-pass-1');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an unknown e-mail reads the same as a known one', async ({ page }) => {
    await page.goto('/forgetpassword');
    await page.getByLabel('Email').fill(`nobody_${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('If an account exists, a password reset email was sent.')).toBeVisible();
  });

  test('a bad reset link shows the server error and stays', async ({ page }) => {
    await page.goto('/resetpassword/not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.locator('.Toastify__toast--error')).toBeVisible();
    await expect(page).toHaveURL(/\/resetpassword\//);
  });
});

test.describe('settings', () => {
  test('Your Info, then Logout drops the token and shows /login', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Your Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Info' });
    await expect(dialog.getByText('Basic user')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage Account' })).toHaveAttribute(
      'href',
      '/settings/manageAccount',
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  });
});

test.describe('manage account', () => {
  async function openChange(page: Page, action: string) {
    await page.getByRole('button', { name: action }).click();
    await page.getByRole('dialog', { name: action }).getByRole('button', { name: 'Continue' }).click();
    return page.getByRole('dialog', { name: action });
  }

  test('change username, e-mail and password', async ({ page, api, user }) => {
    await signIn(page, user);
    await page.goto('/settings/manageAccount');

    const newName = `renamed_${Date.now().toString(36)}`;
    let form = await openChange(page, 'Change Username');
    await form.getByLabel('New username').fill(newName);
    await form.getByLabel('New username').press('Enter');
    await expect(page.getByText('Your username has been changed.')).toBeVisible();
    expect((await me(api, user)).userName).toBe(newName);

    const newEmail = `moved_${Date.now().toString(36)}@example.com`;
    form = await openChange(page, 'Change Email');
    await form.getByLabel('Current email').fill(user.email);
    await form.getByLabel('New email', { exact: true }).fill(newEmail);
    await form.getByLabel('Confirm new email').fill(newEmail);
    // Issue 21: the current password is asked again, and the change waits for the link mailed to the new address.
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await page.goto(`/confirmemail/${await confirmTokenFor(newEmail)}`);
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await expect(page.getByText('Your e-mail has been changed.')).toBeVisible();
    await page.goto('/settings/manageAccount');

    form = await openChange(page, 'Change Password');
    await form.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await form.getByLabel('New password', { exact: true }).fill('Changed-pass-456');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Changed-pass-456');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('The current password is not correct.');
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(form).toHaveCount(0);

    expect(await canLogIn(api, newEmail, 'Changed-pass-456')).toBe(true);
    expect(await canLogIn(api, user.email, user.password)).toBe(false);
    // The page kept the fresh token the password change answered: still signed in.
    await page.goto('/settings');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('delete account: a wrong phrase, then the right one; the account can no longer log in', async ({
    page,
    api,
    user,
  }) => {
    await signIn(page, user);
    await page.goto('/settings/manageAccount');
    await page.getByRole('button', { name: 'DELETE ACCOUNT' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const phrase = page.getByRole('dialog', { name: 'Type the phrase to continue' });
    await phrase.getByLabel('Confirmation phrase').fill('delete it please');
    await phrase.getByLabel('Confirmation phrase').press('Enter');
    await expect(phrase.getByRole('alert')).toHaveText('The phrase given does not match.');
    await phrase.getByLabel('Confirmation phrase').fill('I-WANT-TO-DELETE-THIS-ACCOUNT');
    // Issue 21: deleting asks for the current password again.
    await phrase.getByLabel('Current password', { exact: true }).fill(user.password);
    await phrase.getByRole('button', { name: 'Continue' }).click();
    const last = page.getByRole('dialog', { name: 'Last chance' });
    await expect(last).toContainText('30 days');
    await expect(last.getByRole('link', { name: 'support' })).toBeVisible();
    await last.getByRole('button', { name: 'DELETE ACCOUNT' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

    await logInThroughForm(page, user.email, user.password);
    await expect(page.getByText('No account exists with that email and password.')).toBeVisible();
    expect(await canLogIn(api, user.email, user.password)).toBe(false);
  });
});

test.describe('edit profile and avatar', () => {
  test('bio and username are saved, then undone', async ({ page, api, user }) => {
    await signIn(page, user);
    await page.goto('/profile/edit');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(page.getByLabel('Username')).toHaveValue(user.userName);
    await expect(page.getByLabel('Bio')).toHaveAttribute('placeholder', 'Nothing yet...');
    await expect(save).toBeDisabled();

    const newName = `edited_${Date.now().toString(36)}`;
    await page.getByLabel('Bio').fill('Orbiting the red planet');
    await page.getByLabel('Username').fill(newName);
    await save.click();
    await expect(page.getByText('Your info has been updated!')).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await me(api, user)).toMatchObject({ userName: newName, bio: 'Orbiting the red planet' });

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Changes were undone.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(user.userName);
    expect(await me(api, user)).toMatchObject({ userName: user.userName });
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

    await page.getByLabel('Username').fill(`${user.userName} `);
    await save.click();
    await expect(page.getByText('The information entered has already been saved.')).toBeVisible();
  });

  test('avatar: a wrong file is refused, an image is uploaded, then undone', async ({ page, api, user }) => {
    await signIn(page, user);
    await page.goto('/profile/edit');
    const file = page.getByLabel(/Avatar image/);
    await file.setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Invalid file selected!')).toBeVisible();

    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Updated avatar! Changes may take a few minutes.')).toBeVisible();
    const uploaded = (await me(api, user)).avatarUrl;
    expect(uploaded).toBeTruthy();
    await expect(page.getByRole('img', { name: `${user.userName}'s avatar` })).toHaveAttribute(
      'src',
      uploaded!,
    );

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    // There was no avatar before: the API cannot store "none", so Undo uploads the initial-letter picture.
    const restored = (await me(api, user)).avatarUrl;
    expect(restored).toBeTruthy();
    expect(restored).not.toBe(uploaded);
  });
});

test.describe('identity provider', () => {
  let provider: OAuth2Server;
  let product: Product;
  test.beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.sub = `e2e-${Date.now()}`;
      token.payload.preferred_username = `star_${Date.now().toString(36)}`;
    });
    product = await startProduct({
      env: { OIDC_ISSUER: provider.issuer.url!, OIDC_CLIENT_ID: 'skynet', OIDC_CLIENT_SECRET: 'secret' },
    });
  });
  test.afterAll(async () => {
    await product?.stop();
    await provider?.stop();
  });

  test('the round trip through the provider ends signed in on /home', async ({ page }) => {
    await page.goto(`${product.baseURL}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(`${product.baseURL}/home`, { timeout: 20_000 });
    await expect(page.getByText('Logged in successfully.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
  });

  test('without a provider configured the server says so', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByText('Sign-in with an identity provider is not configured.')).toBeVisible();
  });
});
