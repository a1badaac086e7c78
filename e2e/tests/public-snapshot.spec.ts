import { libraryApiAs } from '../support/library-api';
import { expectAccessible } from '../support/screens';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

interface Created {
  id: number;
}

/*
 * Published means a snapshot (docs/product.md, "Publishing"; decision 229): an edit of a
 * published item stays private until Update public page, which first shows what changed.
 */
test.describe('the public page of an item is a snapshot', () => {
  test('edit a published item, the public page is unchanged; Update public page shows the diff, then the edit is public', async ({
    page,
    browser,
    request,
    verifiedUser: user,
  }, testInfo) => {
    const api = await libraryApiAs(request, user);
    const season = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Season 3',
    });
    const episode = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Ep 3.04 — Lights',
      content: 'A cheap lamp and a white wall.',
      collections: [season.id],
      is_public: true,
    });
    const published = await api.call<{ public_id: string }>(
      'POST',
      pathOf('collections.publish', { id: season.id }),
    );
    const publicItem = pathOf('public.item', {
      public_id: published.public_id,
      content_id: episode.id,
    });

    // The owner's edit (as the writing page saves it).
    await api.call('PATCH', pathOf('contents.update', { id: episode.id }), {
      content: 'A cheap lamp and a white wall.\n\nSAM: add end-screen timing.',
    });

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    let visits = 0;
    // Public answers may be kept 60 s: each visit asks the server anew, as a later visitor would.
    const visit = (url: string) => visitor.goto(`${url}?visit=${(visits += 1)}`);
    expect((await visit(publicItem))?.status()).toBe(200);
    await expect(visitor.getByText('A cheap lamp and a white wall.')).toBeVisible();
    await expect(visitor.getByText('end-screen timing')).toHaveCount(0);

    await logIn(page, user);
    await page.goto(`/content/${episode.id}`);
    await page.getByRole('button', { name: 'Update public page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update public page' });
    await expect(dialog.getByText('Since the last publish:')).toBeVisible();
    await expect(dialog.locator('ins', { hasText: 'SAM: add end-screen timing.' })).toBeVisible();
    await expectAccessible(page, testInfo, 'update-public-page');
    await page.screenshot({ path: testInfo.outputPath('update-public-page.png') });
    await dialog.getByRole('button', { name: 'Update public page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Public page updated.')).toBeVisible();
    // The Public page panel on a phone: the switch, Update public page, summary and cover.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, testInfo, 'content-view-public-panel');
    await page.getByRole('textbox', { name: 'Summary' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('public-panel-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    await visit(publicItem);
    await expect(visitor.getByText('SAM: add end-screen timing.')).toBeVisible();
    await page.goto(visitor.url());
    await expectAccessible(page, testInfo, 'public-item');
    await visitorContext.close();
  });
});
