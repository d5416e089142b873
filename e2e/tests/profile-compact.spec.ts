// A profile on a phone (issue 35, item 8): a compact header, the picture beside the name, so the first post is on
// the first screen (the 210-px picture and the centred card pushed it below the fold at 390 px); a desktop keeps the
// spec's large picture.
import { viewport } from '../a11y';
import { expect, signIn, test } from '../fixtures';

for (const [width, picture] of [
  [390, 88],
  [1280, 210],
] as const) {
  test(`a profile at ${width} px: a ${picture}-px picture, the first post on the first screen`, async ({
    page,
    api,
    user,
  }) => {
    const other = await api.createUser();
    await api.call('POST', '/post', {
      token: other.token,
      data: {
        content: 'First light over the crater',
        location: { planetId: other.planetId, latitude: 0, longitude: 0 },
      },
    });
    await page.setViewportSize(viewport(width));
    await signIn(page, user);
    await page.goto(`/user/${other._id}`);
    // The real page in place of the HTML's drawing (the same card).
    await expect(page.locator('#prerendered')).toHaveCount(0);
    const card = page.getByRole('region', { name: `@${other.userName}` });
    const avatar = card.getByRole('img', { name: `${other.userName}'s avatar` });
    await expect(avatar).toBeVisible();
    expect(Math.round((await avatar.boundingBox())!.width)).toBe(picture);
    const post = page.getByRole('article').filter({ hasText: 'First light over the crater' });
    await expect(post).toBeVisible();
    const { y, height } = (await post.boundingBox())!;
    expect(y + height).toBeLessThanOrEqual(page.viewportSize()!.height);
  });
}
