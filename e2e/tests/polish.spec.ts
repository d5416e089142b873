// Polish found on a tour (issue 22): details a person notices at 390 px and 1280 px.
import { expect, signIn, test } from '../fixtures';

const PHONE = { width: 390, height: 800 };
// A 64 x 64 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDD6qmeTm1ErYh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHivgUUsIBmLOAAAAAElFTkSuQmCC',
  'base64',
);

test.describe('the own profile', () => {
  test('Change Avatar has the size and look of Edit Profile and Settings', async ({ page, user }) => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await signIn(page, user);
      await page.goto('/profile');
      const change = page.getByRole('button', { name: 'Change Avatar' });
      await expect(change).toBeVisible();
      const look = (name: string) =>
        page
          .getByRole(name === 'Change Avatar' ? 'button' : 'link', { name, exact: true })
          .evaluate((element) => {
            const style = getComputedStyle(element);
            const box = element.getBoundingClientRect();
            return {
              height: Math.round(box.height),
              font: `${style.fontSize} ${style.fontWeight} ${style.fontFamily}`,
              border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
              radius: style.borderTopLeftRadius,
              background: style.backgroundColor,
              color: style.color,
              padding: `${style.paddingTop} ${style.paddingLeft}`,
            };
          });
      const changeAvatar = await look('Change Avatar');
      expect(changeAvatar).toEqual(await look('Edit Profile'));
      expect(changeAvatar).toEqual(await look('Settings'));
    }
  });
});

test.describe('the avatar on /profile', () => {
  test('a new picture shows at once, without leaving the page', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/profile');
    const avatar = page.getByRole('img', { name: `${user.userName}'s avatar` });
    await expect(page.getByRole('button', { name: 'Change Avatar' })).toBeVisible();
    await expect(avatar).toBeVisible();
    expect(await avatar.evaluate((element) => element.tagName)).toBe('SPAN'); // the initial, no picture yet
    await page
      .getByLabel(/Avatar image/)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Updated avatar! Changes may take a few minutes.')).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /\/media\/avatars\//);
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe('the bottom navigation', () => {
  test('lights Post on /post only, not while reading a post at /post/{id}', async ({ page, api, user }) => {
    const post = await api.call<{ value: { _id: string } }>('POST', '/post', {
      token: user.token,
      data: { content: 'A post to read', location: { planetId: user.planetId, latitude: 0, longitude: 0 } },
    });
    await signIn(page, user);
    const postTab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post' });
    await page.goto(`/post/${post.value._id}`);
    await expect(page.getByText('A post to read')).toBeVisible();
    await expect(postTab).not.toHaveAttribute('aria-current', 'page');
    await postTab.click();
    await expect(page).toHaveURL(/\/post$/);
    await expect(postTab).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('search', () => {
  test('the placeholder fits the box on a phone', async ({ page, user }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, user);
    await page.goto('/search');
    // The real page's box: the HTML's drawing of the page (issue 34) is the same, but goes while it is measured.
    await expect(page.locator('#prerendered')).toHaveCount(0);
    const box = page.getByPlaceholder('Search for anything in the universe...');
    const room = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const placeholder = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${placeholder.fontStyle} ${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
      const content = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return content - context.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    // The button is still there, named Search, and searches.
    await box.fill('orbit');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\/orbit$/);
  });
});

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

test.describe('toasts', () => {
  test('are dark cards in the product colours, top-right, below the page header', async ({ page, user }) => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await signIn(page, user);
      await page.goto('/profile/edit');
      await page.getByLabel('Bio').fill(`Orbiting at ${viewport.width} px`);
      await page.getByRole('button', { name: 'Save' }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Your info has been updated!' });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveCSS('opacity', '1');
      // Opaque at 60% of its entrance; it still bounces sideways by up to 25 px until the animation ends.
      await toast.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
      const look = await toast.evaluate((element) => {
        const style = getComputedStyle(element);
        const body = getComputedStyle(document.body);
        const header = document.querySelector('header')!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return {
          background: style.backgroundColor,
          color: style.color,
          page: body.backgroundColor,
          headerBottom: header.bottom,
          top: box.top,
          right: window.innerWidth - box.right,
        };
      });
      // A dark surface like the page's, not a white card; its text readable on it.
      expect(contrast(look.background, 'rgb(0, 0, 0)')).toBeLessThan(2);
      expect(contrast(look.color, look.background)).toBeGreaterThanOrEqual(7);
      // Below the header (its back arrow and title stay usable), at the right.
      expect(look.top).toBeGreaterThanOrEqual(look.headerBottom);
      expect(look.right).toBeLessThanOrEqual(24);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText('Changes were undone.')).toBeVisible();
    }
  });
});

test.describe('the galaxy map', () => {
  test('names every planet without hovering, legibly and apart, and invites a first tap once', async ({
    page,
    user,
  }) => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await signIn(page, user);
      await page.goto('/home');
      await page.evaluate(() => localStorage.removeItem('skynet:map-hint-seen'));
      await page.reload();
      const hint = page.getByText('Tap a planet to preview it');
      await expect(hint).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mars' })).toBeVisible();
      await page.waitForTimeout(400); // the fit-to-screen settles
      const tags = await page.locator('[data-name]').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return {
            name: (element as HTMLElement).dataset.name,
            shown: getComputedStyle(element, '::after').content,
            box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
          };
        }),
      );
      expect(tags).toHaveLength(9);
      for (const tag of tags) {
        expect(tag.shown).toBe(`"${tag.name}"`);
        expect(tag.box.right - tag.box.left).toBeGreaterThan(10);
      }
      // No name covers another.
      for (const [i, a] of tags.entries())
        for (const b of tags.slice(i + 1)) {
          const apart =
            a.box.right <= b.box.left ||
            b.box.right <= a.box.left ||
            a.box.bottom <= b.box.top ||
            b.box.bottom <= a.box.top;
          expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
        }
      // The first tap previews (the spec's marker behaviour), and the hint goes for good.
      // Taps, not mouse clicks: a mouse hovering first would already preview (the spec's hover state).
      const mars = page.getByRole('button', { name: 'Mars' });
      await mars.dispatchEvent('click');
      await expect(mars).toHaveAttribute('aria-expanded', 'false');
      await expect(hint).toBeHidden();
      await mars.dispatchEvent('click');
      await expect(mars).toHaveAttribute('aria-expanded', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Mars' })).toBeVisible();
      await expect(hint).toBeHidden();
    }
  });
});
