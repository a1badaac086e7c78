import { obsidianVault, zipOf } from '../../server/test/import-fixtures';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';

test.describe('import (issue 14)', () => {
  test('import an Obsidian vault from account settings, watch it run, and find the notes', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    // The fixture vault plus 150 notes more, so the import takes a few batches.
    const vault = obsidianVault();
    for (let i = 1; i <= 150; i++) {
      vault[`My Vault/Daily/Day ${i}.md`] = `Shot list for day ${i}. #daily\n`;
    }
    const zip = await zipOf(vault);

    await logIn(page, user);
    await page.goto('/account-settings');
    const card = page.getByRole('region', { name: 'Import' });
    await expect(card).toBeVisible();
    await card.getByTestId('import-file').setInputFiles({
      name: 'My Vault.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(
      card.getByText(
        'Import finished: 5 collections, 156 content items, 0 notes, 8 tags, 2 files.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText(/not valid YAML/)).toBeVisible();
    await checkScreen('account-import');

    await page.goto('/collections');
    await expect(page.getByRole('link', { name: 'Season 2 / Episodes' })).toBeVisible();
    await page.goto('/content');
    await expect(page.getByText('Über uns 🚀').first()).toBeVisible();
  });
});
