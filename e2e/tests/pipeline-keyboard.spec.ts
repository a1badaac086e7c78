import type { Page } from '@playwright/test';
import { libraryApiAs, shareCollection, type LibraryApi } from '../support/library-api';
import { expectAccessible } from '../support/screens';
import { expect, test } from '../support/test';
import { dayOfThisMonth, keyboardSensorListening } from '../support/board';
import { logIn } from '../support/ui';
import { newUser, registerVerifiedUser } from '../support/users';
import { pathOf } from '@cw/contract/routes';

/**
 * The pipeline without a mouse and with a co-creator (decision 220): an item is scheduled on
 * the calendar with the keyboard alone, and an editor of a shared collection sees its items on
 * the board and the calendar, with role badges and the Mine / Shared with me / All filter. axe
 * at 375 and 1280 px on both screens.
 */

interface Item {
  id: number;
  title: string;
  publish_on: string | null;
}

const CONTENTS = pathOf('contents.list');

/** axe at a phone's and a desktop's width; the viewport is put back afterwards. */
async function accessibleAtBothWidths(page: Page, screen: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(250);
    await expectAccessible(page, test.info(), `${screen} at ${width} px`);
  }
  await page.setViewportSize(original);
}

test.describe('the pipeline by keyboard and with co-creators', () => {
  test('an editor sees shared items on the board and schedules one on the calendar by keyboard', async ({
    page,
    request,
    mailbox,
    verifiedUser: owner,
  }) => {
    const ownerApi: LibraryApi = await libraryApiAs(request, owner);
    const season = await ownerApi.call<{ id: number }>('POST', pathOf('collections.create'), {
      name: 'Season 3',
    });
    const shared = await ownerApi.call<Item>('POST', CONTENTS, {
      title: 'Ep 3.05',
      content: 'Words to read.',
      collections: [season.id],
      publish_on: dayOfThisMonth(10),
    });
    await ownerApi.call<Item>('POST', CONTENTS, { title: 'Owner secret', content: 'x' });

    const editor = newUser('pipeline editor');
    await registerVerifiedUser(request, mailbox, editor);
    const editorApi = await shareCollection(
      request,
      mailbox,
      ownerApi,
      season.id,
      editor,
      'editor',
    );
    await editorApi.call<Item>('POST', CONTENTS, { title: 'Editor idea', content: 'x' });

    await logIn(page, editor);

    await test.step('the board shows the shared item with its role, and the filter', async () => {
      await page.goto('/board');
      const card = page.getByTestId('board-card').filter({ hasText: 'Ep 3.05' });
      await expect(card).toBeVisible();
      await expect(card.getByTestId('role-badge')).toHaveText('Editor');
      await expect(page.getByTestId('board-card').filter({ hasText: 'Editor idea' })).toBeVisible();
      await expect(page.getByText('Owner secret')).toHaveCount(0);
      await page.getByLabel('Show').selectOption({ label: 'Shared with me' });
      await expect(page).toHaveURL(/scope=shared/);
      await expect(page.getByTestId('board-card')).toHaveCount(1);
      await page.getByLabel('Show').selectOption({ label: 'All' });
      await expect(page.getByTestId('board-card')).toHaveCount(2);
      await accessibleAtBothWidths(page, 'board');
    });

    await test.step('Space, → and Space schedule it a day later; the screen reader hears words', async () => {
      await page.goto('/calendar');
      const live = page.locator('[role="status"][aria-live="assertive"]');
      const from = page.locator(`[data-day="${dayOfThisMonth(10)}"]`);
      await expect(from.getByText('Ep 3.05')).toBeVisible();
      await accessibleAtBothWidths(page, 'calendar');
      await page.getByRole('button', { name: 'Reschedule Ep 3.05' }).focus();
      await page.keyboard.press('Space');
      await expect(live).toContainText('Picked up Ep 3.05');
      await keyboardSensorListening(page);
      await page.keyboard.press('ArrowRight');
      await expect(live).toContainText('Ep 3.05 is over');
      await page.keyboard.press('Space');
      await expect(live).toContainText('Ep 3.05 scheduled for');
      await expect(live).not.toContainText('droppable');
      await expect(
        page.locator(`[data-day="${dayOfThisMonth(11)}"]`).getByText('Ep 3.05'),
      ).toBeVisible();
      await expect
        .poll(async () => (await ownerApi.call<Item>('GET', `${CONTENTS}${shared.id}/`)).publish_on)
        .toBe(dayOfThisMonth(11));
    });

    await test.step('at 375 px a chip shows its whole title (it wraps, it is not cut)', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      const chip = page.locator(`[data-day="${dayOfThisMonth(11)}"]`).getByRole('link', {
        name: 'Ep 3.05',
      });
      await expect(chip).toBeVisible();
      const cut = await chip.evaluate((link) => link.scrollWidth > link.clientWidth + 1);
      expect(cut).toBe(false);
      await page.screenshot({ path: test.info().outputPath('calendar-375.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  });

  test('→ moves a card one column at a time from a column of 20 cards', async ({
    page,
    request,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    for (let i = 1; i <= 20; i++) {
      await api.call('POST', CONTENTS, { title: `Idea ${i}`, content: 'x' });
    }
    await logIn(page, user);
    await page.goto('/board');
    const live = page.locator('[role="status"][aria-live="assertive"]');
    const idea = page.getByRole('region', { name: 'Idea', exact: true });
    await expect(idea.getByTestId('board-column-count')).toContainText('20');
    const handle = idea.getByRole('button', { name: /^Move Idea / }).first();
    const title = ((await handle.getAttribute('aria-label')) ?? '').replace(/^Move /, '');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText(`Picked up ${title} in Idea`);
    await keyboardSensorListening(page);
    for (const column of ['Scripting', 'Recording', 'Editing', 'Published']) {
      await page.keyboard.press('ArrowRight');
      await expect(live).toContainText(`${title} is over ${column}, position 1`);
    }
    await page.keyboard.press('ArrowLeft');
    await expect(live).toContainText(`${title} is over Editing, position 1`);
    await page.keyboard.press('ArrowLeft');
    await expect(live).toContainText(`${title} is over Recording, position 1`);
    await page.keyboard.press('Space');
    await expect(
      page
        .getByRole('region', { name: 'Recording', exact: true })
        .getByTestId('board-card')
        .filter({ hasText: title }),
    ).toBeVisible();
    await expect(idea.getByTestId('board-column-count')).toContainText('19');
  });
});
