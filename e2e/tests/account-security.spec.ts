// Accounts an attacker cannot take (issue 32), as people use them: the authenticator app set up from Settings (its
// codes computed here with otpauth from the key the page shows), sign-in asking for a code, a recovery code used
// once, a passkey added and used through Chromium's virtual authenticator, Recent activity listing the sign-ins, the
// sign-up link's page (/verifyemail/:token) and a weak password told under its field. axe (e2e/a11y.ts) finds no
// violations on each new screen: Settings' security sections (at 390 and 1280 px), the recovery codes, the second
// step of sign-in, the link's page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoViolations, settle, viewport } from '../a11y';
import { apiFor, test as base, expect, signIn, type TestUser } from '../fixtures';
import { freePort, type Product, startProduct } from '../product';

// A product of the file's own, reached as http://localhost:<port>: a passkey belongs to a domain (WebAuthn refuses
// an IP address as its relying party), so the product's public origin, and the page, use the name.
const test = base.extend<{ site: string }, { product: Product }>({
  product: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const port = await freePort();
      const product = await startProduct({
        quiet: true,
        port,
        env: {
          PUBLIC_ORIGIN: `http://localhost:${port}`,
          // In the cluster run (E2E_TARGET=cluster), on the run's own PostgreSQL (e2e/global-setup.ts).
          ...(process.env.E2E_SPEC_DATABASE_URL ? { DATABASE_URL: process.env.E2E_SPEC_DATABASE_URL } : {}),
        },
      });
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  site: async ({ product }, use) => {
    await use(`http://localhost:${product.port}`);
  },
  baseURL: async ({ site }, use) => {
    await use(site);
  },
  // The API from Node goes to the address the server listens on.
  api: async ({ request, product }, use) => {
    await use(apiFor(request, product.baseURL));
  },
});
test.describe.configure({ timeout: 90_000 });

const LOGGED_IN = 'Logged in successfully.';

/** What `pattern`'s first group finds in each e-mail to `email`, newest first (quoted-printable decoded). */
function fromMails(product: Product, email: string, pattern: RegExp): string[] {
  const outbox = join(product.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const match = raw
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .match(pattern);
    if (match?.[1]) found.push(match[1]);
  }
  return found;
}

async function logInThroughForm(page: Page, who: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** axe at phone and desktop width, or at the widths given; the page stays at the last one. */
async function scanAt(page: Page, where: string, widths: readonly (390 | 1280)[] = [390, 1280]) {
  for (const width of widths) {
    await page.setViewportSize(viewport(width));
    await settle(page);
    await expectNoViolations(page, `${where} at ${width} px`);
  }
}

test('authenticator app: set up from Settings, asked at sign-in, a recovery code works once', async ({
  page,
  api,
}) => {
  // At phone width (the passkey test is at desktop width); Settings is scanned at both at the end.
  await page.setViewportSize(viewport(390));
  const me = await api.createUser();
  await signIn(page, me);
  await page.goto('/settings');
  const security = page.getByRole('region', { name: 'Sign-in security' });
  await expect(security.getByText('Authenticator app')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Passkeys' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' })).toBeVisible();
  await scanAt(page, 'Settings’ security sections', [390]);

  // Set up: the QR code and the key it holds; the code typed here comes from that key.
  await security.getByRole('button', { name: 'Set up' }).click();
  const setup = security.getByRole('form', { name: 'Set up the authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const key = ((await setup.locator('code').textContent()) ?? '').replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
  await scanAt(page, 'the authenticator set-up', [390]);
  const enabledAt = Date.now();
  await setup.getByLabel('Code from the app').fill(totp.generate({ timestamp: enabledAt }));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown once.
  const codesList = security.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const codes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await expect(security.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await scanAt(page, 'the recovery codes', [390]);
  await security.getByRole('button', { name: 'I have saved them' }).click();
  await expect(security.getByText('On: signing in asks for a code from the app')).toBeVisible();
  await expect(security.getByText('10 codes left')).toBeVisible();

  // Sign-in asks for the second step; a recovery code answers it.
  await logOut(page);
  await logInThroughForm(page, me);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  const code = page.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  await scanAt(page, 'the second step of sign-in', [390]);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(LOGGED_IN)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  // The same recovery code does not work twice; a code from the app does (the next one: each code works once).
  await logOut(page);
  await logInThroughForm(page, me);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Use a code from your authenticator app' }).click();
  await page
    .getByLabel('Code from your authenticator app')
    .fill(totp.generate({ timestamp: Math.max(Date.now(), enabledAt + 30_000) }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Recent activity lists the sign-ins, in words.
  await page.goto('/settings');
  const activity = page.getByRole('list', { name: 'Your recent activity' });
  await expect(
    activity
      .getByRole('listitem')
      .filter({ hasText: /^Signed in/ })
      .first(),
  ).toBeVisible();
  expect(
    await activity
      .getByRole('listitem')
      .filter({ hasText: /^Signed in/ })
      .count(),
  ).toBeGreaterThanOrEqual(2);
  await expect(
    page.getByRole('region', { name: 'Sign-in security' }).getByText('9 codes left'),
  ).toBeVisible();
  await scanAt(page, 'Settings with the authenticator on and Recent activity');
});

test('passkey: added through the browser from Settings, then signs in', async ({ page, api }) => {
  const me = await api.createUser();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signIn(page, me);
  await page.goto('/settings');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  await passkeys.getByLabel('Passkey name').fill('Test laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop')).toBeVisible();
  // The first second factor: its recovery codes are shown once.
  await expect(passkeys.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await settle(page);
  await expectNoViolations(page, 'a new passkey with its recovery codes at 1280 px');
  await passkeys.getByRole('button', { name: 'I have saved them' }).click();

  // Sign-in asks for the passkey; the virtual authenticator answers.
  await logOut(page);
  await logInThroughForm(page, me);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await settle(page);
  await expectNoViolations(page, 'the passkey step of sign-in at 1280 px');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText(LOGGED_IN)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/settings');
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/Test laptop/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
  const activity = page.getByRole('list', { name: 'Your recent activity' });
  await expect(
    activity
      .getByRole('listitem')
      .filter({ hasText: /^Signed in/ })
      .first(),
  ).toBeVisible();
});

test('the sign-up link confirms the address; a weak password is told under its field', async ({
  page,
  api,
  product,
}) => {
  const me = await api.createUser();
  await signIn(page, me);
  await page.goto('/settings');
  const security = page.getByRole('region', { name: 'Sign-in security' });
  await expect(security.getByText('Your e-mail address is not confirmed yet.')).toBeVisible();
  await security.getByRole('button', { name: 'Send the link again' }).click();
  await expect(security.getByRole('status').filter({ hasText: /\S/ })).toBeVisible();

  // The sign-up's link and the new one (which ends the first): the newest works.
  const links = () => fromMails(product, me.email, /\/verifyemail\/([A-Za-z0-9_-]+)/);
  await expect.poll(() => links().length).toBeGreaterThanOrEqual(2);
  const token = links()[0];
  await page.goto(`/verifyemail/${token}`);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /confirmed/i })).toBeVisible();
  await settle(page);
  await expectNoViolations(page, 'the e-mail confirmation page at 1280 px');
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Sign-in security' }).getByText('Authenticator app'),
  ).toBeVisible();
  await expect(page.getByText('Your e-mail address is not confirmed yet.')).toHaveCount(0);

  // A weak password at sign-up: the server's reason, under the field, announced.
  const signup = await page
    .context()
    .browser()!
    .newContext({ baseURL: page.url().replace(/\/settings$/, '') });
  const other = await signup.newPage();
  await other.goto('/signup');
  await other.getByLabel('Username').fill(`weak_${Date.now().toString(36)}`);
  await other.getByLabel('Email').fill(`weak_${Date.now().toString(36)}@example.com`);
  await other.getByLabel('Password', { exact: true }).fill('password');
  await other.getByLabel('Home planet').selectOption({ index: 1 });
  await other.getByRole('button', { name: 'Sign up', exact: true }).click();
  const password = other.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  const reason = other.getByRole('alert').filter({ hasText: /password/i });
  await expect(reason).toBeVisible();
  await expect(password).toHaveAccessibleDescription((await reason.textContent()) ?? '');
  await expect(other).toHaveURL(/\/signup$/);
  await signup.close();
});
