import { expect, test } from '../support/test';
import { logIn, navigate } from '../support/ui';

test.describe('content (notes and scripts)', () => {
  test('a person creates content with tags and an attachment, opens it, edits it and deletes it', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    const title = 'Podcast intro script';
    const edited = 'Podcast intro script v2';

    await logIn(page, user);
    await navigate(page, 'Notes/Scripts');
    await expect(page).toHaveURL(/\/content$/);
    await expect(page.getByRole('heading', { name: 'Your Content' })).toBeVisible();
    await expect(page.getByText('No content found.')).toBeVisible();
    await expect(page.getByText('Click + New Content to get started!')).toBeVisible();

    await page
      .getByRole('link', { name: /new content/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/content\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New Content' })).toBeVisible();
    await checkScreen('content-create');

    await test.step('the form refuses an empty title and content', async () => {
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByText('Title is required.')).toBeVisible();
      await expect(page.getByText('Content is required.')).toBeVisible();
      await expect(page).toHaveURL(/\/content\/create$/);
    });

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill('# Welcome\n\nThis is **episode one**.');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(
      preview.getByRole('heading', { name: 'Welcome' }),
      'the live preview renders markdown',
    ).toBeVisible();
    await expect(preview.locator('strong', { hasText: 'episode one' })).toBeVisible();

    await test.step('tags: the first one through Create Tag, another from the picker', async () => {
      await expect(page.getByText('No tags found.')).toBeVisible();
      await page.getByRole('textbox', { name: 'New tag name' }).fill('podcast');
      await page.getByRole('button', { name: 'Create Tag' }).click();
      const selected = page.getByRole('list', { name: 'Selected tags' });
      await expect(selected.getByText('podcast')).toBeVisible();

      await page.getByRole('combobox', { name: 'Search or select tags' }).fill('season-2');
      await expect(page.getByText('No tags found. Create "season-2"?')).toBeVisible();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(selected.getByText('season-2')).toBeVisible();
    });

    await test.step('attach a file', async () => {
      await page
        .getByLabel('Attachments', { exact: true })
        .first()
        .setInputFiles({
          name: 'outline.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('Intro, guest, outro.\n'),
        });
      await expect(
        page.getByRole('list', { name: 'Attachments' }).getByText('outline.txt'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
    });

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Content created!')).toBeVisible();
    await expect(page, 'after creating, the list follows').toHaveURL(/\/content$/);

    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.locator('strong', { hasText: 'episode one' })).toBeVisible();
    const cardTags = card.getByRole('list', { name: 'Tags' });
    await expect(cardTags.getByText('podcast', { exact: true })).toBeVisible();
    await expect(cardTags.getByText('season-2', { exact: true })).toBeVisible();
    await expect(card.getByText('1 attachment(s)')).toBeVisible();
    await checkScreen('content-list');

    await card.getByRole('heading', { name: title }).click();
    await expect(page).toHaveURL(/\/content\/[^/]+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'episode one' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download outline.txt' })).toBeVisible();
    await checkScreen('content-view');

    await test.step('edit the title', async () => {
      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page).toHaveURL(/\/content\/[^/]+\/edit$/);
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
      await checkScreen('content-edit');
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(edited);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page).toHaveURL(/\/content\/[^/]+$/);
      await expect(page.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
      await expect(page.getByText(/^Edited /)).toBeVisible();
    });

    await test.step('delete it from the list', async () => {
      await navigate(page, 'Notes/Scripts');
      const editedCard = page.getByRole('article', { name: edited });
      await expect(editedCard.getByText('Edited', { exact: true })).toBeVisible();
      await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByText(
          `Are you sure you want to delete ${edited}? It moves to the trash, where you can restore it for 30 days.`,
        ),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No content found.')).toBeVisible();
    });
  });
});
