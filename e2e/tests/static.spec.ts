// The public pages (issue 7): the landing page, /about and its pages, /faqs and /support.
import { collectErrors, expect, signIn, test } from '../fixtures';

const FAQ_EMPTY =
  "Your search didn't match to any result. Try rewording your search. It may also be possible that we don't have what you are looking for yet";

test.describe('the landing page', () => {
  test('top bar, map preview, three features, join call and the scroll-to-top arrow', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page).toHaveTitle('Skynet');
    const topBar = page.getByRole('navigation', { name: 'Account' });
    await expect(topBar.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(topBar.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('img', { name: /preview of the Skynet galaxy map/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'An interactive map of your galaxy',
      'Interplanetary messaging',
      'Feeds for every corner of space',
    ]);
    await expect(page.getByRole('link', { name: 'Join the galaxy' })).toHaveAttribute('href', '/signup');

    // A link shown by a scroll-driven CSS animation once the page is scrolled (the page runs no script).
    const toTop = page.getByRole('link', { name: 'Scroll to top' });
    await expect(toTop).toBeHidden();
    await page.mouse.wheel(0, 1500);
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(toTop).toBeHidden();

    await topBar.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(errors).toEqual([]);
  });

  test('without scroll-driven animations (Firefox, older Safari) the arrow still waits for scrolling', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      // What such a browser does with the @supports (animation-timeline: scroll()) block: nothing.
      await page.addStyleTag({ content: 'a[href="#top"] { animation: none !important; }' });
      const toTop = page.getByRole('link', { name: 'Scroll to top' });
      const onScreen = () =>
        toTop.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return (
            box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(link).visibility === 'visible'
          );
        });
      expect(await onScreen()).toBe(false);
      await page.mouse.wheel(0, 1500);
      await expect.poll(onScreen).toBe(true);
      const box = (await toTop.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width - 8);
      expect(box.y + box.height).toBeLessThanOrEqual(800 - 8);
      await toTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await onScreen()).toBe(false);
    }
  });

  test('in the running app, still renders, with a starfield, when mfe-map is down', async ({ page }) => {
    // The app's own landing page (after signing out, or in a canary): mfe-map's preview loads at run time.
    await page.route('**/remotes/mfe-map/**', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'A starfield around the sun' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the galaxy' })).toBeVisible();
  });

  test('fits a phone screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

test.describe('/about and its pages', () => {
  test('/about leads to the three pages, each with its title and content', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About · Skynet');
    const pages = [
      { link: /Privacy Policy/, url: '/about/policy', title: 'Privacy Policy', text: /within one month/ },
      { link: /Terms of Use/, url: '/about/terms', title: 'Terms of Use', text: /at least 13 years old/ },
      { link: /About Skynet/, url: '/about/about-skynet', title: 'About Skynet', text: /home planet/ },
    ];
    for (const target of pages) {
      await page.goto('/about');
      await page.getByRole('link', { name: target.link }).click();
      await expect(page).toHaveURL(new RegExp(`${target.url}$`));
      await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
      await expect(page).toHaveTitle(`${target.title} · Skynet`);
      await expect(page.getByText(target.text).first()).toBeVisible();
    }
  });

  test('the privacy policy and the terms cover the topics of the spec', async ({ page }) => {
    await page.goto('/about/policy');
    for (const topic of [
      'Data we collect',
      'How we use',
      'Sharing',
      'Security',
      'Retention',
      'Your rights',
      'Changes',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(topic) })).toBeVisible();
    }
    await page.goto('/about/terms');
    for (const topic of [
      'Acceptance',
      'Eligibility',
      'account',
      'Conduct',
      'licence',
      'Privacy',
      'Data transfer delays',
      'Prohibited uses',
      'Termination',
      'Disclaimers',
      'liability',
      'Governing law',
      'Changes',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(topic) })).toBeVisible();
    }
  });

  test('public pages also work signed in', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/about/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  });
});

test.describe('/faqs', () => {
  test('search, no match, and clear', async ({ page }) => {
    await page.goto('/faqs');
    await expect(page).toHaveTitle('FAQs · Skynet');
    await expect(page.getByRole('heading', { name: 'What can we help you with?' })).toBeVisible();
    const items = page.locator('details');
    await expect(items.first()).toHaveAttribute('open', '');
    const all = await items.count();
    expect(all).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);

    // An empty search sends nothing.
    let searches = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/faqs') searches += 1;
    });
    await page.getByRole('button', { name: 'Search' }).click();
    expect(searches).toBe(0);

    const box = page.getByRole('searchbox', { name: 'Search the FAQs' });
    await box.fill('planet');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();
    // Some, not all: the list is briefly empty while the search runs, so wait for a real result.
    await expect
      .poll(async () => {
        const shown = await items.count();
        return shown > 0 && shown < all;
      })
      .toBe(true);
    await expect(items.first()).toHaveAttribute('open', '');
    expect(searches).toBe(1);

    await box.fill('zzqx nothing like this');
    await box.press('Enter');
    await expect(page.getByText(FAQ_EMPTY)).toBeVisible();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(box).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
    await expect(items).toHaveCount(all);
  });

  test("a failed search shows the server's error as an alert", async ({ page }) => {
    await page.route('**/api/faqs', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { success: false, error: 'The FAQ index is offline.' } })
        : route.fallback(),
    );
    await page.goto('/faqs');
    await page.getByRole('searchbox', { name: 'Search the FAQs' }).fill('planet');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('The FAQ index is offline.');
  });
});

test.describe('/support', () => {
  test('points to the FAQs first, then e-mail and phone (Canada only)', async ({ page }) => {
    await page.goto('/support');
    await expect(page).toHaveTitle('Support · Skynet');
    const config = await (await page.request.get('/config.json')).json();
    const email = config.supportEmail || 'support@skynet.example';
    const content = page.locator('#area-mfe-static');
    const links = content.getByRole('link');
    await expect(links.first()).toHaveAttribute('href', '/faqs');
    await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.getByRole('link', { name: /^\+?[\d\s()-]+$/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(page.getByText('Phone support is available in Canada only.')).toBeVisible();
  });
});
