import { expect, test } from '../support/test';
import { logIn, navigate } from '../support/ui';

test.describe('collections', () => {
  test('a person creates a collection, works on it from its page, and deletes it', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    const name = 'Video ideas';
    const renamed = 'Video ideas 2027';

    await logIn(page, user);
    await navigate(page, 'Collections');
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('heading', { name: 'My Collections' })).toBeVisible();
    await expect(page.getByText('No collections found.')).toBeVisible();
    await expect(page.getByText('Start by creating your first collection!')).toBeVisible();

    await test.step('create it in the Create Collection modal', async () => {
      await page.getByRole('button', { name: 'Create Collection' }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('checkbox', { name: /active/i })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: /public/i })).toBeChecked();
      await checkScreen('collection-create-modal');
      await dialog.getByRole('textbox', { name: /^name/i }).fill(name);
      await dialog.getByRole('button', { name: /^create/i }).click();
      await expect(dialog).toBeHidden();
    });

    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card.getByRole('link', { name })).toBeVisible();
    await expect(card.getByText('No description provided.')).toBeVisible();
    await expect(card.getByText('Public', { exact: true })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await checkScreen('collections');

    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/collections\/[^/]+$/);
    const detailUrl = page.url();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await checkScreen('collection-detail');

    await test.step('rename it inline', async () => {
      await page.getByRole('heading', { name, level: 1 }).click();
      await page.getByRole('textbox', { name: 'Collection name' }).fill(renamed);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    });

    await test.step('tags: create one, remove it, pick it again, create another', async () => {
      const addTag = page.getByRole('combobox', { name: 'Add tag' });
      const tagList = page.getByRole('list', { name: 'Collection tags' });
      await expect(page.getByText('No tags yet')).toBeVisible();

      await addTag.fill('research');
      await page.getByRole('button', { name: 'Create "research"' }).click();
      await expect(tagList.getByText('research')).toBeVisible();

      await page.getByRole('button', { name: 'Remove tag research' }).click();
      await expect(page.getByText('No tags yet')).toBeVisible();

      // The dropdown offers the person's tags not on the collection, filtered without case.
      await addTag.fill('SEAR');
      await page.getByRole('option', { name: 'research' }).click();
      await expect(tagList.getByText('research')).toBeVisible();

      await addTag.fill('b-roll');
      await page.getByRole('button', { name: 'Create "b-roll"' }).click();
      await expect(tagList.getByText('b-roll')).toBeVisible();
      await expect(tagList.getByRole('listitem')).toHaveCount(2);
    });

    await test.step('description: click to edit, Save', async () => {
      await expect(page.getByText('No description.')).toBeVisible();
      await page.getByRole('button', { name: 'Edit description' }).click();
      await page.getByRole('textbox', { name: 'Description' }).fill('Ideas for next season.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Ideas for next season.')).toBeVisible();
    });

    await test.step('status and visibility toggle', async () => {
      await page.getByRole('button', { name: 'Set Inactive' }).click();
      await expect(page.getByRole('button', { name: 'Set Active' })).toBeVisible();
      await page.getByRole('button', { name: 'Set Private' }).click();
      await expect(page.getByRole('button', { name: 'Set Public' })).toBeVisible();
    });

    await test.step('notes: toolbar, live preview, note tags, Add Note', async () => {
      await expect(page.getByText('No notes yet. Start by adding one!')).toBeVisible();
      await expect(page.getByText('Nothing to preview yet.')).toBeVisible();
      await page.getByRole('textbox', { name: 'Note title' }).fill('Episode 1 script');

      const body = page.getByRole('textbox', { name: 'Note content' });
      await body.fill('Hook the viewer');
      await body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 4));
      await page.getByRole('button', { name: 'Bold' }).click();
      await expect(body, 'Bold wraps the selection').toHaveValue('**Hook** the viewer');
      await body.press('End');
      await body.press('Enter');
      await page.getByRole('button', { name: /bullet/i }).click();
      await body.pressSequentially('Intro');
      await expect(body, 'Bullet list inserts a list marker').toHaveValue(
        /\*\*Hook\*\* the viewer\n[-*] Intro/,
      );

      // The live preview has no role of its own; the product marks it for tests.
      const preview = page.getByTestId('markdown-preview');
      await expect(page.getByText('Nothing to preview yet.')).toHaveCount(0);
      await expect(preview.locator('strong', { hasText: 'Hook' })).toBeVisible();
      await expect(preview.getByRole('listitem').filter({ hasText: 'Intro' })).toBeVisible();

      const noteTag = page.getByRole('textbox', { name: 'Note tags' });
      await noteTag.fill('draft');
      await noteTag.press('Enter');
      await expect(page.getByRole('button', { name: 'Remove tag draft' })).toBeVisible();

      await page.getByRole('button', { name: 'Add Note' }).click();
      const note = page.getByRole('article').filter({ hasText: 'Episode 1 script' });
      await expect(note.getByRole('heading', { name: 'Episode 1 script' })).toBeVisible();
      await expect(note.locator('strong', { hasText: 'Hook' })).toBeVisible();
      await expect(note.getByText('#draft')).toBeVisible();
      await expect(page.getByText('No notes yet. Start by adding one!')).toHaveCount(0);
    });

    await test.step('a reload keeps the notes and every change', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
      const note = page.getByRole('article').filter({ hasText: 'Episode 1 script' });
      await expect(note.getByRole('heading', { name: 'Episode 1 script' })).toBeVisible();
      await expect(note.getByText('#draft')).toBeVisible();
      await expect(page.getByText('Ideas for next season.')).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Collection tags' }).getByRole('listitem'),
      ).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Set Active' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Set Public' })).toBeVisible();
    });

    await test.step('the Files & Attachments tab', async () => {
      await page.getByRole('tab', { name: 'Files & Attachments' }).click();
      await expect(page.getByText('No files yet.')).toBeVisible();
      await expect(page.getByText('Files & Attachments coming soon!')).toHaveCount(0);
    });

    await test.step('delete it from the list', async () => {
      await navigate(page, 'Collections');
      const renamedCard = page.getByRole('article').filter({ hasText: renamed });
      await expect(renamedCard.getByText('Private', { exact: true })).toBeVisible();
      await expect(renamedCard.getByText('Inactive', { exact: true })).toBeVisible();
      await expect(renamedCard.getByText('Ideas for next season.')).toBeVisible();
      await renamedCard.getByRole('button', { name: `Delete collection ${renamed}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByText(
          `Are you sure you want to delete ${renamed}? It moves to the trash, where you can restore it for 30 days.`,
        ),
      ).toBeVisible();
      await checkScreen('collection-delete-dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No collections found.')).toBeVisible();
    });

    await page.goto(detailUrl);
    await expect(page.getByText('Collection not found')).toBeVisible();
  });
});
