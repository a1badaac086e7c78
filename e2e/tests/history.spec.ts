import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

interface Created {
  id: number;
}

test.describe('version history', () => {
  test('open History, compare a version with today’s text, name a version, restore one', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const item = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Cold open',
      content: 'We start in the dark.\n\nA voice counts down from three.',
    });
    // The first change keeps the text it replaces as a version.
    await api.call('PATCH', pathOf('contents.update', { id: item.id }), {
      content: 'We start in the light.\n\nA voice counts down from three.',
    });
    await logIn(page, user);
    await page.goto(`/content/${item.id}`);
    await expect(page.getByRole('heading', { name: 'Cold open' })).toBeVisible();

    const history = page.getByRole('dialog', { name: 'History' });
    await test.step('History lists the kept version and marks what changed since', async () => {
      await page.getByRole('button', { name: 'History' }).click();
      const versions = history.getByRole('navigation', { name: 'Versions' }).getByRole('button');
      await expect(versions).toHaveCount(1);
      await expect(versions.first()).toContainText('Saved automatically');
      const changes = history.getByTestId('version-changes');
      await expect(changes.locator('del')).toHaveText('dark');
      await expect(changes.locator('ins')).toHaveText('light');
      await expect(history).toContainText('+1 added');
      await checkScreen('history');
    });

    await test.step('a named save joins the list at the top', async () => {
      await history.getByLabel('Version name (optional)').fill('Before the table read');
      await history.getByRole('button', { name: 'Save version' }).click();
      await expect(history.getByText('Version saved.')).toBeVisible();
      const versions = history.getByRole('navigation', { name: 'Versions' }).getByRole('button');
      await expect(versions).toHaveCount(2);
      await expect(versions.first()).toContainText('Before the table read');
      await expect(history).toContainText('Same as the current text.');
    });

    await test.step('restoring the older version brings its text back', async () => {
      const versions = history.getByRole('navigation', { name: 'Versions' }).getByRole('button');
      await versions.nth(1).click();
      await history.getByRole('button', { name: 'Restore this version' }).click();
      const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
      await confirm.getByRole('button', { name: 'Restore' }).click();
      await expect(page.getByText(/Version restored\./)).toBeVisible();
      await expect(history).toHaveCount(0);
      await expect(page.getByText('We start in the dark.')).toBeVisible();
    });

    await test.step('the replaced text is kept, so the restore can be undone', async () => {
      await page.reload();
      await expect(page.getByText('We start in the dark.')).toBeVisible();
      await page.getByRole('button', { name: 'History' }).click();
      const versions = history.getByRole('navigation', { name: 'Versions' }).getByRole('button');
      await expect(versions).toHaveCount(3);
      await expect(history.getByTestId('version-changes').locator('del')).toHaveText('light');
    });
  });
});
