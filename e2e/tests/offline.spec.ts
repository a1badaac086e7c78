import type { Page } from '@playwright/test';
import { pathOf } from '@cw/contract/routes';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn, logOut } from '../support/ui';

// The app opens offline through its service worker (decisions 237, 238).
test.use({ serviceWorkers: 'allow' });

const content = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
const status = (page: Page) => page.getByTestId('save-status');

/** Whether the signed-in user's query cache has been kept in IndexedDB. */
function keptOffline(page: Page) {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('cw-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve(false);
          const all = db.transaction('queries').objectStore('queries').getAllKeys();
          all.onsuccess = () => resolve(all.result.length > 0);
          all.onerror = () => resolve(false);
        };
      }),
  );
}

test.describe('working offline', () => {
  test('a visited script opens offline, takes edits, and they reach the server once back online', async ({
    page,
    context,
    request,
    checkScreen,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    const trip = await api.call<{ id: number }>('POST', pathOf('collections.create'), {
      name: 'Road trip',
    });
    const script = await api.call<{ id: number }>('POST', pathOf('contents.create'), {
      title: 'Train script',
      content: 'Opening line.',
      collections: [trip.id],
    });

    await logIn(page, user);
    await page.goto('/collections');
    await expect(page.getByText('Road trip').first()).toBeVisible();
    await page.goto(`/collections/${trip.id}`);
    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(page.getByText('Train script').first()).toBeVisible();
    await page.goto(`/content/${script.id}/edit`);
    await expect(content(page)).toContainText('Opening line.');
    await expect(status(page)).toHaveText('Saved');
    await page.goto('/content');
    await expect(page.getByRole('article', { name: 'Train script' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => keptOffline(page)).toBe(true);
    // The persister writes at most once a second: let the last visit's answers land.
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    const card = page.getByRole('article', { name: 'Train script' });
    await expect(card).toBeVisible();
    await page.goto(`/collections/${trip.id}`);
    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(page.getByText('Train script').first()).toBeVisible();
    await page.goto(`/content/${script.id}/edit`);
    await expect(content(page)).toContainText('Opening line.');
    await expect(status(page)).toHaveText('Offline (kept on this device)');
    await checkScreen('offline-editor');
    await content(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Written on the train.');
    await expect(status(page)).toHaveText('Offline (kept on this device)');

    await context.setOffline(false);
    await expect(page.getByTestId('offline-indicator')).toBeHidden();
    await expect(status(page)).toHaveText('Saved', { timeout: 20_000 });
    await expect
      .poll(
        async () =>
          (await api.call<{ content: string }>('GET', pathOf('contents.get', { id: script.id })))
            .content,
        { timeout: 10_000 },
      )
      .toBe('Opening line. Written on the train.');

    // Signing out forgets what was kept on this device.
    await page.goto('/dashboard');
    await logOut(page);
    await expect.poll(() => keptOffline(page)).toBe(false);
  });
});
