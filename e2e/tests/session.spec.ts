import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

/**
 * The stored access token, still a well-formed JWT but with a signature the server cannot
 * verify: every signed-in call answers 401, as with an expired token, until a refresh.
 */
async function spoilAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = localStorage.getItem('access_token') ?? '';
    const [header, payload, signature = ''] = stored.replace(/^Bearer /, '').split('.');
    const wrong = [...signature].reverse().join('');
    const spoiled = `Bearer ${header}.${payload}.${wrong === signature ? `x${wrong}` : wrong}`;
    localStorage.setItem('access_token', spoiled);
    return spoiled;
  });
}

test.describe('session', () => {
  test('two tabs with an expired access token both keep working', async ({
    page,
    context,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith(pathOf('auth.refreshToken'))) refreshes.push(response.status());
    });

    // Tabs share localStorage: one write spoils the token of both. Chromium hands the write to
    // the other tab's renderer a moment later, so wait for it there (it raced once in CI).
    const spoiled = await spoilAccessToken(page);
    await expect
      .poll(() => second.evaluate(() => localStorage.getItem('access_token')))
      .toBe(spoiled);

    await test.step('both tabs open a signed-in screen at the same moment', async () => {
      // Both tabs' token checks reach the server together, so both learn of the expired token
      // at once and both need a refresh, with the one refresh token they share.
      let arrived = 0;
      let releaseChecks = () => {};
      const bothChecking = new Promise<void>((resolve) => (releaseChecks = resolve));
      await context.route('**/api/auth/verify-token/', async (route) => {
        arrived += 1;
        if (arrived === 2) releaseChecks();
        await bothChecking;
        await route.continue();
      });
      await Promise.all([page.goto('/collections'), second.goto('/content')]);
      await expect(page.getByRole('heading', { name: 'My Collections' })).toBeVisible();
      await expect(second.getByRole('heading', { name: 'Your Content' })).toBeVisible();
      await expect(page).toHaveURL(/\/collections$/);
      await expect(second).toHaveURL(/\/content$/);
      expect(refreshes.length, 'the expired token was refreshed').toBeGreaterThan(0);
      expect(refreshes, 'no refresh was refused (a refused one ends the sign-in)').not.toContain(
        401,
      );
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(spoiled);
      await context.unroute('**/api/auth/verify-token/');
    });

    await test.step('the sign-in survived: both tabs still work after a reload', async () => {
      await Promise.all([page.reload(), second.reload()]);
      await expect(page.getByRole('heading', { name: 'My Collections' })).toBeVisible();
      await expect(second.getByRole('heading', { name: 'Your Content' })).toBeVisible();
    });
  });
});
