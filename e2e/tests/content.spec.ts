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
    await expect(
      page.getByText(/No content found\. Click \+ New Content to get started!/),
    ).toBeVisible();

    await page
      .getByRole('link', { name: /new content/i })
      .or(page.getByRole('button', { name: /new content/i }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/content\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New Content' })).toBeVisible();
    await checkScreen('content-create');

    await test.step('the form asks for a title and content', async () => {
      await page.getByRole('button', { name: /^create$/i }).click();
      await expect(page).toHaveURL(/\/content\/create$/);
    });

    await page.getByLabel(/^title/i).fill(title);
    await page.getByLabel(/^content/i).fill('# Welcome\n\nThis is **episode one**.');
    await expect(
      page.locator('h1', { hasText: 'Welcome' }).first(),
      'the live preview renders markdown',
    ).toBeVisible();

    await test.step('tags: create one, then pick it', async () => {
      await expect(page.getByText('No tags selected')).toBeVisible();
      await page.getByLabel(/new tag name/i).fill('podcast');
      await page.getByRole('button', { name: 'Create Tag' }).click();
      const search = page.getByPlaceholder('Search or select tags');
      await search.click();
      const option = page.getByRole('option', { name: 'podcast' });
      if (await option.isVisible()) await option.click();
      await expect(page.getByText('No tags selected')).toHaveCount(0);
      await search.fill('season-2');
      await expect(page.getByText(/Create "season-2"\?/)).toBeVisible();
      await page.getByRole('button', { name: 'Add' }).click();
    });

    await test.step('attach a file', async () => {
      await page.getByLabel(/attachment/i).setInputFiles({
        name: 'outline.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Intro, guest, outro.\n'),
      });
      await expect(page.getByText('outline.txt').first()).toBeVisible();
    });

    await page.getByRole('button', { name: /^create$/i }).click();
    await expect(page.getByText('Content created!')).toBeVisible();
    await expect(page, 'after creating, the list follows').toHaveURL(/\/content$/);

    const card = page
      .getByRole('article')
      .filter({ hasText: title })
      .or(page.getByRole('link', { name: new RegExp(title) }));
    await expect(card.first()).toBeVisible();
    await expect(card.first().getByText('episode one')).toBeVisible();
    await expect(card.first().getByText('podcast')).toBeVisible();
    await expect(card.first().getByText('season-2')).toBeVisible();
    await expect(card.first().getByText(/1 attachment/)).toBeVisible();
    await checkScreen('content-list');

    await card.first().click();
    await expect(page).toHaveURL(/\/content\/[^/]+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'episode one' })).toBeVisible();
    await expect(page.getByText('outline.txt')).toBeVisible();
    await checkScreen('content-view');

    await test.step('edit the title', async () => {
      await page
        .getByRole('link', { name: /edit/i })
        .or(page.getByRole('button', { name: /edit/i }))
        .first()
        .click();
      await expect(page).toHaveURL(/\/content\/[^/]+\/edit$/);
      await checkScreen('content-edit');
      await page.getByLabel(/^title/i).fill(edited);
      await page.getByRole('button', { name: /^(save|update)/i }).click();
      await expect(page.getByRole('heading', { name: edited })).toBeVisible();
    });

    await test.step('delete it from the list', async () => {
      await navigate(page, 'Notes/Scripts');
      const editedCard = page.getByRole('article').filter({ hasText: edited });
      await expect(editedCard.getByText('Edited')).toBeVisible();
      await editedCard.getByRole('button', { name: /delete/i }).click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByText(
          `Are you sure you want to delete ${edited}? This action cannot be undone.`,
        ),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(/No content found\./)).toBeVisible();
    });
  });
});
