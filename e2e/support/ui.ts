import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from './users';

/**
 * Small steps several journeys share, written with what a person sees: roles, labels and the
 * spec's exact texts. When a screen's wording changes, this is the one place to follow it.
 */

export const LOGIN_BUTTON = /^(log ?in|sign ?in)$/i;

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
}

export async function expectDashboard(page: Page) {
  await expect(page, 'a signed-in person lands on /dashboard').toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Log in through the /login screen and land on the dashboard. */
export async function logIn(page: Page, user: TestUser, password = user.password) {
  await page.goto('/login');
  await fillLogin(page, user.email, password);
  await expectDashboard(page);
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page, 'Logout goes to /login').toHaveURL(/\/login$/);
}

/** Side navigation (on phones it sits in a drawer behind "Open navigation"). */
export async function navigate(
  page: Page,
  item: 'Dashboard' | 'Collections' | 'Notes/Scripts' | 'Tags' | 'Trash',
) {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' }).first();
  if (!(await sidebar.isVisible()))
    await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: item })
    .first()
    .click();
}

/**
 * The text of a CodeMirror editor (its content element, e.g. `getByLabel('Content')`) as the
 * document holds it: its lines joined by newlines, without the widgets drawn between the
 * characters (others' carets with their names) that `toHaveText` would read too.
 */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((element) =>
    Array.from(element.querySelectorAll('.cm-line'))
      .map((line) => {
        const copy = line.cloneNode(true) as HTMLElement;
        copy
          .querySelectorAll('.cm-ySelectionCaret, .cm-widgetBuffer, .cm-placeholder')
          .forEach((widget) => widget.remove());
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}
