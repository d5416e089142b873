// Polish found on a tour (issue 22): details a person notices at 390 px and 1280 px.
import { expect, signIn, test } from '../fixtures';

const PHONE = { width: 390, height: 800 };

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

test.describe('search', () => {
  test('the placeholder fits the box on a phone', async ({ page, user }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, user);
    await page.goto('/search');
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
