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
      await page.getByRole('button', { name: 'Create Collection' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(/^active/i)).toBeChecked();
      await expect(dialog.getByLabel(/^public/i)).toBeChecked();
      await checkScreen('collection-create-modal');
      await dialog.getByLabel(/^name/i).fill(name);
      await dialog.getByRole('button', { name: /^create/i }).click();
      await expect(dialog).toBeHidden();
    });

    const card = page
      .getByRole('link', { name: new RegExp(name) })
      .or(page.getByRole('button', { name: new RegExp(name) }));
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText('No description provided.')).toBeVisible();
    await expect(page.getByText('Public', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
    await checkScreen('collections');

    await card.first().click();
    await expect(page).toHaveURL(/\/collections\/[^/]+$/);
    const detailUrl = page.url();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await checkScreen('collection-detail');

    await test.step('rename it inline', async () => {
      await page.getByRole('heading', { name }).click();
      const input = page.getByRole('textbox', { name: /name|title/i }).first();
      await input.fill(renamed);
      await page.getByRole('button', { name: /^save/i }).first().click();
      await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    });

    await test.step('tags: create one, remove it, pick it again, create another', async () => {
      const addTag = page
        .getByRole('combobox', { name: /add tag/i })
        .or(page.getByPlaceholder(/add tag/i));
      await addTag.first().fill('research');
      await page.getByText('Create "research"').click();
      const tagList = page.getByRole('list', { name: /tags/i }).first();
      await expect(tagList.getByText('research')).toBeVisible();

      await page.getByRole('button', { name: /remove.*research/i }).click();
      await expect(page.getByText('No tags yet')).toBeVisible();

      await addTag.first().fill('RES');
      await page.getByRole('option', { name: 'research' }).click();
      await expect(tagList.getByText('research')).toBeVisible();

      await addTag.first().fill('b-roll');
      await page.getByText('Create "b-roll"').click();
      await expect(tagList.getByText('b-roll')).toBeVisible();
    });

    await test.step('description: click to edit, Save', async () => {
      await page.getByText('No description.').click();
      await page.getByRole('textbox', { name: /description/i }).fill('Ideas for next season.');
      await page.getByRole('button', { name: /^save/i }).first().click();
      await expect(page.getByText('Ideas for next season.')).toBeVisible();
    });

    await test.step('status and visibility toggle', async () => {
      await page.getByRole('button', { name: 'Set Inactive' }).click();
      await expect(page.getByRole('button', { name: 'Set Active' })).toBeVisible();
      await page.getByRole('button', { name: 'Set Private' }).click();
      await expect(page.getByRole('button', { name: 'Set Public' })).toBeVisible();
    });

    await test.step('notes: toolbar, preview, tags, Add Note', async () => {
      await expect(page.getByText('No notes yet. Start by adding one!')).toBeVisible();
      await expect(page.getByText('Nothing to preview yet.')).toBeVisible();
      await page.getByLabel(/note title/i).fill('Episode 1 script');

      const body = page.getByRole('textbox', { name: /content|markdown|note$/i }).last();
      await body.fill('Hook the viewer');
      await body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 4));
      await page.getByRole('button', { name: /^bold/i }).click();
      await expect(body).toHaveValue('**Hook** the viewer');
      await body.press('End');
      await body.pressSequentially('\n');
      await page.getByRole('button', { name: /bullet/i }).click();
      await body.pressSequentially('Intro');
      await expect(page.getByText('Nothing to preview yet.')).toHaveCount(0);
      const preview = page
        .getByRole('region', { name: /preview/i })
        .or(
          page.locator('section, div').filter({ has: page.getByText('Preview', { exact: false }) }),
        );
      await expect(preview.locator('strong', { hasText: 'Hook' }).first()).toBeVisible();
      await expect(preview.locator('li', { hasText: 'Intro' }).first()).toBeVisible();

      const noteTag = page.getByLabel(/note tags?/i);
      await noteTag.fill('draft');
      await noteTag.press('Enter');
      await expect(page.getByText('draft').first()).toBeVisible();

      await page.getByRole('button', { name: 'Add Note' }).click();
      await expect(page.getByText('No notes yet. Start by adding one!')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Episode 1 script' })).toBeVisible();
      await expect(page.getByText('#draft')).toBeVisible();
    });

    await test.step('a reload keeps the notes and every change', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Episode 1 script' })).toBeVisible();
      await expect(page.getByText('#draft')).toBeVisible();
      await expect(page.getByText('Ideas for next season.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Set Active' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Set Public' })).toBeVisible();
    });

    await test.step('the Files & Attachments tab', async () => {
      await page.getByRole('tab', { name: 'Files & Attachments' }).click();
      await expect(page.getByText('Files & Attachments coming soon!')).toBeVisible();
      await expect(page.getByText('No files yet.')).toBeVisible();
    });

    await test.step('delete it from the list', async () => {
      await navigate(page, 'Collections');
      await expect(page.getByText(renamed).first()).toBeVisible();
      await expect(page.getByText('Private', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Inactive', { exact: true }).first()).toBeVisible();
      await page
        .getByRole('button', { name: /delete/i })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByText(
          `Are you sure you want to delete ${renamed}? This action cannot be undone.`,
        ),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No collections found.')).toBeVisible();
    });

    await page.goto(detailUrl);
    await expect(page.getByText('Collection not found')).toBeVisible();
  });
});
