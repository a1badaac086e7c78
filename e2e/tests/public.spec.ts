import { expect, test } from '../support/test';

test.describe('anonymous visitor', () => {
  test('the landing page offers Get Started Free to /register and Login to /login', async ({
    page,
    checkScreen,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible();
    await checkScreen('landing');

    await page.getByRole('link', { name: 'Get Started Free' }).first().click();
    await expect(page).toHaveURL(/\/register$/);

    await page.goto('/');
    await page.getByRole('link', { name: 'Login', exact: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown route shows Oops! Page Not Found with a Go Home link to /', async ({
    page,
    checkScreen,
  }) => {
    await page.goto('/this/path/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
    await expect(page.getByText(/doesn.t exist or has been moved/)).toBeVisible();
    await checkScreen('404');

    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const path of ['/dashboard', '/collections', '/content', '/account-settings']) {
    test(`the signed-in guard sends an anonymous visitor from ${path} to /login, replacing history`, async ({
      page,
    }) => {
      await page.goto('/about');
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      // Replaced, not pushed: Back skips the guarded page and returns to where the visitor was.
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
    });
  }

  test('opening /verify-otp without an email and password goes to /login, replacing history', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.goto('/verify-otp');
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});
