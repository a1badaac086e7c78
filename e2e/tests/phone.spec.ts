import type { Locator } from '@playwright/test';
import { pathOf } from '@cw/contract/routes';
import { dayOfThisMonth } from '../support/board';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';

test.use({ viewport: { width: 375, height: 800 } });

/** Apple's and WCAG's comfortable touch target: 44 × 44 CSS px. */
async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box!.height, 'height').toBeGreaterThanOrEqual(44);
  expect(box!.width, 'width').toBeGreaterThanOrEqual(44);
}

/** A small icon whose hit area is grown to 44 × 44 px: every point of that square reaches it. */
async function expectHitArea(target: Locator) {
  const misses = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
    const points = [-21, 0, 21].flatMap((dx) => [-21, 0, 21].map((dy) => [x + dx, y + dy]));
    return points.filter(([px, py]) => !element.contains(document.elementFromPoint(px!, py!)));
  });
  expect(misses).toEqual([]);
}

test.describe('on a phone (375 px)', () => {
  const longTitle = 'Launch video for season two';

  test('the header takes a finger, board cards show their titles, the calendar lists the month', async ({
    page,
    request,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    await api.call('POST', pathOf('contents.list'), {
      title: longTitle,
      content: 'A few words to read.',
      publish_on: dayOfThisMonth(10),
    });
    await logIn(page, user);

    await expectTouchTarget(page.getByRole('button', { name: 'Open navigation' }));
    await expectTouchTarget(page.getByRole('button', { name: /search/i }).first());
    await expectTouchTarget(page.getByRole('button', { name: /user menu/i }));

    await page.goto('/board');
    const title = page.getByTestId('board-card').getByRole('link', { name: longTitle });
    await expect(title).toBeVisible();
    // Up to two lines, no longer cut to one: this title wraps and is whole.
    const clamp = await title.evaluate((element) => ({
      lines: getComputedStyle(element).webkitLineClamp,
      wraps: element.clientHeight > parseFloat(getComputedStyle(element).lineHeight) * 1.5,
      cut: element.scrollHeight > element.clientHeight + 1,
    }));
    expect(clamp).toEqual({ lines: '2', wraps: true, cut: false });
    await expectHitArea(page.getByRole('button', { name: `Move ${longTitle}` }));

    await page.goto('/calendar');
    const agenda = page.getByRole('region', { name: 'This month' });
    await expect(agenda.getByRole('link', { name: new RegExp(longTitle) })).toBeVisible();
    await agenda.getByRole('link', { name: new RegExp(longTitle) }).click();
    await expect(page).toHaveURL(/\/content\/\d+$/);
  });
});
