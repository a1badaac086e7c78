import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn, navigate, openUserMenu } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

/**
 * The trash and account deletion: a delete moves to the trash with a 6-second Undo;
 * /trash restores; an account is deleted from account settings and cannot sign in again.
 */

interface Created {
  id: number;
}

test.describe('trash', () => {
  test('delete, then Undo; delete again and restore from /trash', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const title = 'Launch video script';
    await api.call<Created>('POST', pathOf('contents.create'), {
      title,
      content: 'Hook, story, call to action.',
    });
    const old = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Old season',
    });
    await api.call('DELETE', pathOf('collections.remove', { id: old.id }));
    await logIn(page, user);

    await test.step('delete from the list says it goes to the trash (decision 219), then Undo brings it back', async () => {
      await navigate(page, 'Notes/Scripts');
      const card = page.getByRole('article', { name: title });
      await card.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByText(
          `Are you sure you want to delete ${title}? It moves to the trash, where you can restore it for 30 days.`,
        ),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      const toast = page.getByTestId('trash-toast');
      await expect(toast).toContainText('Moved to trash');
      await expect(page.getByText('No content found.')).toBeVisible();
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await expect(toast).toHaveCount(0);
    });

    await test.step('delete again: the toast goes after 6 seconds by itself', async () => {
      await page
        .getByRole('article', { name: title })
        .getByRole('button', { name: `Delete ${title}` })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('trash-toast')).toBeVisible();
      await expect(page.getByTestId('trash-toast')).toHaveCount(0, { timeout: 8_000 });
    });

    await test.step('/trash lists both, newest first, and restores the script', async () => {
      await navigate(page, 'Trash');
      await expect(page).toHaveURL(/\/trash$/);
      const rows = page.getByTestId('trash-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(title);
      await expect(rows.first()).toContainText('Content · Deleted');
      await expect(rows.nth(1)).toContainText('Collection · Deleted');
      await expect(rows.first()).toContainText('Deleted for good on');
      await checkScreen('trash');
      await page.getByRole('button', { name: `Restore ${title}` }).click();
      await expect(page.getByText(`“${title}” was restored.`)).toBeVisible();
      await expect(rows).toHaveCount(1);
      await navigate(page, 'Notes/Scripts');
      await expect(page.getByRole('article', { name: title })).toBeVisible();
    });

    await test.step('Empty trash, confirmed, leaves the empty state', async () => {
      await navigate(page, 'Trash');
      await page.getByRole('button', { name: 'Empty trash' }).click();
      const dialog = page.getByRole('dialog', { name: 'Empty Trash' });
      await dialog.getByRole('button', { name: 'Empty trash' }).click();
      await expect(page.getByText('The trash is empty.', { exact: true }).last()).toBeVisible();
    });
  });

  test('a person deletes their account and cannot sign in again', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await logIn(page, user);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await checkScreen('delete-account-dialog');
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    const login = await page.request.post(pathOf('auth.login'), {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(401);
  });
});
