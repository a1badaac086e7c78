import { expect, test } from '../support/test';
import { logIn, logOut, openUserMenu } from '../support/ui';

test.describe('account settings', () => {
  test('a person edits their name, copies their email and changes their password', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await logIn(page, user);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);

    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Free Trial', { exact: true })).toBeVisible();
    await checkScreen('account-settings');

    await test.step('edit the name: Save keeps it, Cancel discards', async () => {
      await page.getByRole('button', { name: /edit/i }).first().click();
      await page.getByLabel(/^first name/i).fill('Grace');
      await page.getByLabel(/^last name/i).fill('Hopper');
      await page.getByRole('button', { name: /^save/i }).click();
      await expect(page.getByText('Grace Hopper').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /user menu/i })).toContainText('Grace Hopper');

      await page.getByRole('button', { name: /edit/i }).first().click();
      await page.getByLabel(/^first name/i).fill('Nobody');
      await page.getByRole('button', { name: /^cancel/i }).click();
      await expect(page.getByText('Grace Hopper').first()).toBeVisible();
      await expect(page.getByText('Nobody')).toHaveCount(0);

      await page.reload();
      await expect(page.getByText('Grace Hopper').first(), 'the new name was saved').toBeVisible();
    });

    await test.step('copy the email: Copied! shows and the clipboard holds the address', async () => {
      await page.getByRole('button', { name: /copy/i }).click();
      await expect(page.getByText('Copied!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(user.email);
      await expect(page.getByText('Copied!'), 'Copied! goes away after 1.2 s').toHaveCount(0);
    });

    const newPassword = `${user.password}-2`;
    await test.step('update the password', async () => {
      await page.getByLabel(/^current password/i).fill(user.password);
      await page.getByLabel(/^new password/i).fill('short');
      await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
      await page.getByLabel(/^new password/i).fill(newPassword);
      await page.getByLabel(/^confirm/i).fill(newPassword);
      await page.getByRole('button', { name: /update password/i }).click();
      await expect(page.getByText('Password updated successfully.')).toBeVisible();
    });

    await logOut(page);
    await logIn(page, user, newPassword);
  });
});
