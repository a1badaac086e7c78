import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

interface Created {
  id: number;
}

test.describe('links between items (decision 211)', () => {
  test('type [[ in the editor and pick an item, follow the link, see the backlink', async ({
    page,
    request,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    const target = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Lighting plan',
      content: 'Two lamps, one bounce.',
    });
    const source = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Episode script',
      content: 'We open on the desk.\n\nThen the [[Shot list]].',
    });
    await logIn(page, user);
    await page.goto(`/content/${source.id}/edit`);
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect(content).toContainText('We open on the desk.');

    await test.step('typing [[ lists the items by title; picking one writes [[Title]]', async () => {
      await content.click();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('End');
      await page.keyboard.type(' See [[Light');
      const option = page.getByRole('option', { name: 'Lighting plan' });
      await expect(option).toBeVisible();
      await option.click();
      await expect(content).toContainText('We open on the desk. See [[Lighting plan]]');
    });

    await test.step('the saved text links to the item, with its title', async () => {
      // The item's text follows the live document within seconds.
      await expect
        .poll(
          async () =>
            (await api.call<{ content: string }>('GET', pathOf('contents.get', { id: source.id })))
              .content,
        )
        .toContain('[[Lighting plan]]');
      await page.goto(`/content/${source.id}`);
      const link = page.getByRole('link', { name: 'Lighting plan' });
      await expect(link).toHaveAttribute('href', `/content/${target.id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/content/${target.id}$`));
    });

    await test.step('the linked item lists the script under Backlinks', async () => {
      await expect(page.getByRole('heading', { name: 'Lighting plan' })).toBeVisible();
      const backlinks = page.getByRole('region', { name: 'Backlinks' });
      const back = backlinks.getByRole('link', { name: 'Episode script' });
      await expect(back).toBeVisible();
      await back.click();
      await expect(page).toHaveURL(new RegExp(`/content/${source.id}$`));
    });

    await test.step('a link to no item opens Create New Content with its title', async () => {
      await page.getByRole('link', { name: 'Shot list' }).click();
      await expect(page).toHaveURL(/\/content\/create\?title=Shot%20list$/);
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
        'Shot list',
      );
    });
  });
});
