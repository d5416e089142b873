// Issue 21 items 1-3 in the browser: Logout ends the session on the server, the sessions list with Sign out
// everywhere, and the e-mail change that asks for the password and waits for its confirmation link.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, type TestUser, test } from '../fixtures';

/** Logs in through the form, as a person does: the browser gets its token and its refresh cookie. */
async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Whether the API still takes this token (GET /api/user). */
async function works(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  return response.ok();
}

/** The first capture of `pattern` in the newest e-mail to `email` in the product's outbox. */
function fromMail(email: string, pattern: RegExp): string | null {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const match = raw
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .match(pattern);
    if (match) return match[1] ?? null;
  }
  return null;
}

test('Logout ends the session on the server: the token it had stops working at once', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  const token = (await page.evaluate(() => localStorage.getItem('jwt'))) as string;
  expect(await works(page, token)).toBe(true);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  await expect.poll(() => works(page, token)).toBe(false);
  // The refresh cookie was ended too: nothing brings the session back.
  const refresh = await page.evaluate(async () => (await fetch('/api/user/login?token=refresh')).status);
  expect(refresh).toBe(401);
});

test('Your Sessions lists every browser; Sign out everywhere ends them all', async ({ page, api, user }) => {
  // Another browser (the API client) signed in too.
  const other = await api.call<{ value: string }>('POST', '/user/login', {
    data: { email: user.email, password: user.password },
  });
  await logIn(page, user);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Your Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Sessions' });
  const items = dialog.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
  // signup's session, the other client's and this browser's
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'This device' })).toContainText(/Chrome on Linux|Chrome/);
  await expect(items.first()).toContainText('Last used');

  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  const question = dialog.getByRole('group', { name: 'Sign out everywhere?' });
  await expect(question).toContainText('this one included');
  await question.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out on every device.')).toBeVisible();
  expect(await works(page, other.value)).toBe(false);
  expect(await works(page, user.token)).toBe(false);
});

test('signing one other browser out leaves this one signed in', async ({ page, api, user }) => {
  const other = await api.call<{ value: string }>('POST', '/user/login', {
    data: { email: user.email, password: user.password },
  });
  await logIn(page, user);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Your Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Sessions' });
  const items = dialog.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // The newest other one (most recently used first, after this browser): the API client's login.
  await items
    .filter({ hasNotText: 'This device' })
    .first()
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(page.getByText('That session has been signed out.')).toBeVisible();
  await expect(items).toHaveCount(2);
  expect(await works(page, other.value)).toBe(false);
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('Change Email asks for the current password, and the new address works only after its link', async ({
  page,
  api,
  user,
}) => {
  await logIn(page, user);
  await page.goto('/settings/manageAccount');
  await page.getByRole('button', { name: 'Change Email' }).click();
  await page.getByRole('dialog', { name: 'Change Email' }).getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('dialog', { name: 'Change Email' });
  await expect(form).toContainText('The new address takes effect once you open the link we send to it.');
  const newEmail = `moved_${Date.now().toString(36)}@example.com`;
  await form.getByLabel('Current email').fill(user.email);
  await form.getByLabel('New email', { exact: true }).fill(newEmail);
  await form.getByLabel('Confirm new email').fill(newEmail);
  await form.getByLabel('Current password', { exact: true }).fill('not my password');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is not correct.');
  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
  await expect(form).toHaveCount(0);

  // Nothing changed yet: the old address still signs in, the new one does not.
  const login = (email: string) =>
    page.request
      .post('/api/user/login', { data: { email, password: user.password } })
      .then((r) => r.status());
  expect(await login(newEmail)).toBe(401);
  expect(await login(user.email)).toBe(200);

  // The mails go out through the mailer (possibly queued): wait for them.
  await expect.poll(() => fromMail(newEmail, /\/confirmemail\/([A-Za-z0-9_-]+)/)).toBeTruthy();
  const confirm = fromMail(newEmail, /\/confirmemail\/([A-Za-z0-9_-]+)/);
  await expect
    .poll(() => fromMail(user.email, /\/undoemail\/([A-Za-z0-9_-]+)/), { message: 'the old address is told' })
    .toBeTruthy();
  await page.goto(`/confirmemail/${confirm}`);
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByRole('status')).toContainText('Your e-mail has been changed');
  expect(await login(newEmail)).toBe(200);
  expect(await login(user.email)).toBe(401);
  expect(
    (await api.call<{ value: { email: string } }>('GET', '/user', { token: user.token })).value.email,
  ).toBe(newEmail);
});
