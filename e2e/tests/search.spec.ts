import type { Page } from '@playwright/test';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn, navigate } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

/**
 * "Find anything": the command palette (Ctrl+K), the /search page, tag chips that
 * filter the content list, and the /tags screen (rename, merge).
 */

interface Created {
  id: number;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const paletteField = (page: Page) => palette(page).getByRole('combobox', { name: 'Search' });

/** The option the palette's keyboard choice points at (`aria-activedescendant`). */
async function activeOption(page: Page) {
  const id = await paletteField(page).getAttribute('aria-activedescendant');
  expect(id, 'the palette has a keyboard choice').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test.describe('search', () => {
  test('Ctrl+K, type, ArrowDown, Enter opens the item; See all results opens /search, which keeps its filters', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const season = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Podcast season',
      description: 'Interviews about sound.',
    });
    await api.call('POST', pathOf('contents.create'), {
      title: 'Microphone review',
      content: 'Which microphone to buy for the studio.',
    });
    const plan = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Guest interview plan',
      content: 'Questions for the guest about their microphones and the room.',
      collections: [season.id],
      status: 'scripting',
    });
    await api.call('POST', pathOf('notes.create'), {
      collection: season.id,
      title: 'Sound check',
      content: 'Bring the spare microphone and a long cable.',
      tags: [],
    });
    await logIn(page, user);

    await test.step('Ctrl+K opens the palette with the focus in its field', async () => {
      await page.keyboard.press('Control+K');
      await expect(palette(page)).toBeVisible();
      await expect(paletteField(page)).toBeFocused();
      await expect(palette(page).getByRole('status')).toHaveText(
        'Search content, notes, collections, files and tags by words.',
      );
    });

    await test.step('typing shows the results grouped by type, matches marked', async () => {
      await paletteField(page).fill('microphone');
      const content = palette(page).getByRole('group', { name: 'Content' });
      await expect(content.getByRole('option')).toHaveCount(2);
      // A match in a title ranks above one in a body.
      await expect(content.getByRole('option').first()).toContainText('Microphone review');
      await expect(content.getByRole('option').nth(1)).toContainText('Guest interview plan');
      const notes = palette(page).getByRole('group', { name: 'Notes' });
      await expect(notes.getByRole('option')).toContainText('Sound check');
      await expect(notes.getByRole('option')).toContainText('in Podcast season');
      await expect(notes.locator('mark').first()).toHaveText(/microphone/i);
      await checkScreen('search-palette');
    });

    await test.step('ArrowDown then Enter opens the second content item', async () => {
      await expect(await activeOption(page)).toContainText('Microphone review');
      await page.keyboard.press('ArrowDown');
      await expect(await activeOption(page)).toContainText('Guest interview plan');
      await page.keyboard.press('Enter');
      await expect(palette(page)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/content/${plan.id}$`));
      await expect(page.getByRole('heading', { name: 'Guest interview plan' })).toBeVisible();
    });

    await test.step('"/" opens the palette again; the last search is offered; See all results', async () => {
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('/');
      await expect(paletteField(page)).toBeFocused();
      const recent = palette(page).getByRole('listbox', { name: 'Recent searches' });
      await expect(recent.getByRole('option')).toHaveText(['microphone']);
      await page.keyboard.press('Enter');
      await expect(paletteField(page)).toHaveValue('microphone');
      const seeAll = palette(page).getByRole('option', { name: /See all results for/ });
      await expect(palette(page).getByRole('group', { name: 'Content' })).toBeVisible();
      await seeAll.click();
      await expect(page).toHaveURL(/\/search\?q=microphone$/);
      await expect(page).toHaveTitle('“microphone” · Search · Creator Workspace');
      await expect(page.getByRole('searchbox', { name: 'Search for' })).toHaveValue('microphone');
      await expect(page.getByTestId('search-result')).toHaveCount(3);
      await checkScreen('search');
    });

    await test.step('a filter is kept in the address through a reload and Back', async () => {
      await page.getByLabel('Type').selectOption('note');
      await expect(page).toHaveURL(/\/search\?q=microphone&type=note$/);
      await expect(page.getByTestId('search-result')).toHaveCount(1);
      await page.reload();
      await expect(page.getByLabel('Type')).toHaveValue('note');
      await expect(page.getByTestId('search-result')).toHaveCount(1);
      await page.getByTestId('search-result').click();
      await expect(page).toHaveURL(new RegExp(`/collections/${season.id}\\?note=\\d+$`));
      await expect(page.getByTestId('note').filter({ hasText: 'Sound check' })).toBeFocused();
      await page.goBack();
      await expect(page).toHaveURL(/\/search\?q=microphone&type=note$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/search\?q=microphone$/);
      await expect(page.getByTestId('search-result')).toHaveCount(3);
    });

    await test.step('Escape closes the palette and gives the focus back', async () => {
      const trigger = page.getByRole('button', { name: 'Open search' });
      await trigger.click();
      await expect(palette(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  });

  test('a tag chip leads to the filtered list; on /tags a tag is renamed and merged', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const interviews = await api.call<Created>('POST', pathOf('tags.create'), {
      name: 'interviews',
    });
    const guests = await api.call<Created>('POST', pathOf('tags.create'), { name: 'guests' });
    const item = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Guest interview plan',
      content: 'Questions for the guest.',
      tags: [interviews.id],
    });
    await api.call('POST', pathOf('contents.create'), {
      title: 'Second guest',
      content: 'Another chat.',
      tags: [guests.id],
    });
    await api.call('POST', pathOf('contents.create'), {
      title: 'Untagged idea',
      content: 'Nothing to see.',
    });
    await logIn(page, user);

    await test.step('the chip on the detail page filters /content by its tag', async () => {
      await page.goto(`/content/${item.id}`);
      await page.getByRole('link', { name: 'Show content tagged interviews' }).click();
      await expect(page).toHaveURL(new RegExp(`/content\\?tag=${interviews.id}$`));
      await expect(page.getByRole('combobox', { name: 'Tag', exact: true })).toHaveValue(
        String(interviews.id),
      );
      await expect(page.getByTestId('content-card')).toHaveCount(1);
      await expect(page.getByTestId('content-card')).toContainText('Guest interview plan');
    });

    await test.step('/tags lists each tag with its uses', async () => {
      await navigate(page, 'Tags');
      await expect(page).toHaveURL(/\/tags$/);
      await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
      const rows = page.getByTestId('tag-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'interviews' })).toContainText('1 use');
      await checkScreen('tags');
    });

    await test.step('rename shows the server validation message, then renames', async () => {
      await page.getByRole('button', { name: 'Rename tag interviews' }).click();
      const field = page.getByRole('textbox', { name: 'New name for interviews' });
      await expect(field).toBeFocused();
      await field.fill('GUESTS');
      await field.press('Enter');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('tag-row').filter({ has: field })).toContainText(
        'You already have a tag with this name.',
      );
      await field.fill('chats');
      await field.press('Enter');
      await expect(page.getByRole('button', { name: 'Rename tag chats' })).toBeFocused();
    });

    await test.step('merge "chats" into "guests": its links move, it is deleted', async () => {
      await page.getByRole('button', { name: 'Merge tag chats into another' }).click();
      const dialog = page.getByRole('dialog', { name: 'Merge Tag' });
      await expect(dialog).toContainText('is deleted');
      await dialog.getByLabel('Merge into').selectOption({ label: 'guests (1 use)' });
      await checkScreen('tags-merge-dialog');
      await dialog.getByRole('button', { name: 'Merge' }).click();
      await expect(page.getByText('Merged chats into guests.')).toBeVisible();
      await expect(page.getByTestId('tag-row')).toHaveCount(1);
      await expect(page.getByTestId('tag-row')).toContainText('2 uses');
    });

    await test.step('the list filtered by the kept tag shows both items', async () => {
      await page.getByRole('link', { name: 'Show content tagged guests' }).click();
      await expect(page).toHaveURL(new RegExp(`/content\\?tag=${guests.id}$`));
      await expect(page.getByTestId('content-card')).toHaveCount(2);
      await expect(page.getByText('Untagged idea')).toHaveCount(0);
    });
  });
});
