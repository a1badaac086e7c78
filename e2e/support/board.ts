import type { Locator, Page } from '@playwright/test';

/**
 * The pipeline's board and calendar as the journeys read them: a column by its status, a card
 * in it, a day of the month the calendar opens on, and the moment dnd-kit hears the keyboard.
 */

/** A board column by its status's exact name ("Idea", "Scripting", …). */
export function boardColumn(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The card of the item titled `title` in a board column. */
export function boardCard(page: Page, columnName: string, title: string): Locator {
  return boardColumn(page, columnName).getByTestId('board-card').filter({ hasText: title });
}

/** A day of the current month as the API writes it (the calendar opens on this month). */
export function dayOfThisMonth(day: number): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${String(day).padStart(2, '0')}`;
}

/**
 * dnd-kit's keyboard sensor starts listening for arrow keys in a timer after the pick-up (which
 * is announced at once): a frame and a timer later, that timer has run. A person's next key
 * comes far later; a test's could come first on a busy machine.
 */
export async function keyboardSensorListening(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
