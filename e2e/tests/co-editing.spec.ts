import type { Page } from '@playwright/test';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { contentEditor, otherBrowser, person, sharedScript } from '../support/two-people';
import { editorText, logIn } from '../support/ui';
import { registerVerifiedUser } from '../support/users';
import { pathOf } from '@cw/contract/routes';

/**
 * Writing together (docs/api.md, "Writing together"; decisions 196–199): two people in one
 * script, each in a browser context of their own, on the real server's /api/collab socket.
 */

const content = contentEditor;
const status = (page: Page) => page.getByTestId('save-status');

/** Types at the end of the script, as a person would after clicking into it. */
async function typeAtEnd(page: Page, text: string) {
  await content(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test.describe('writing together', () => {
  test('owner and editor type in one script; each sees the other’s words and name', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    const owner = person('co-owner', 'Ada', 'Lovelace');
    const editor = person('co-editor', 'Grace', 'Hopper');
    await registerVerifiedUser(request, mailbox, owner);
    await registerVerifiedUser(request, mailbox, editor);
    const id = await sharedScript(request, mailbox, owner, editor, 'editor');
    const other = await otherBrowser(browser, baseURL);
    try {
      await logIn(page, owner);
      await page.goto(`/content/${id}/edit`);
      await logIn(other.page, editor);
      await other.page.goto(`/content/${id}/edit`);
      await expect(content(page)).toContainText('Opening line.');
      await expect(content(other.page)).toContainText('Opening line.');

      await expect(page.getByRole('list', { name: 'Also here' })).toContainText('Grace Hopper');
      await expect(other.page.getByRole('list', { name: 'Also here' })).toContainText(
        'Ada Lovelace',
      );

      await typeAtEnd(page, ' Ada writes.');
      await expect(content(other.page)).toContainText('Opening line. Ada writes.');
      await typeAtEnd(other.page, ' Grace answers.');
      await expect(content(page)).toContainText('Ada writes. Grace answers.');
      // The other's cursor carries their name.
      await expect(page.locator('.cm-ySelectionInfo', { hasText: 'Grace Hopper' })).toBeAttached();
      await expect(status(page)).toHaveText('Saved');
      await expect(status(other.page)).toHaveText('Saved');

      // The item follows the document (the server derives its text within 2 s).
      await expect
        .poll(
          async () => {
            const api = await libraryApiAs(request, owner);
            return (await api.call<{ content: string }>('GET', pathOf('contents.get', { id })))
              .content;
          },
          { timeout: 5000 },
        )
        .toBe('Opening line. Ada writes. Grace answers.');
      for (const [width, height] of [
        [375, 800],
        [1280, 800],
      ] as const) {
        await page.setViewportSize({ width, height });
        // The layout's padding follows the side bar with a 200 ms transition.
        await page.waitForTimeout(250);
        await page.screenshot({
          path: test.info().outputPath(`co-editing-${width}.png`),
          fullPage: false,
          animations: 'disabled',
        });
      }
    } finally {
      await other.context.close();
    }
  });

  test('offline edits are kept on the device and merge when the connection is back', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    const owner = person('off-owner', 'Ada', 'Lovelace');
    const editor = person('off-editor', 'Grace', 'Hopper');
    await registerVerifiedUser(request, mailbox, owner);
    await registerVerifiedUser(request, mailbox, editor);
    const id = await sharedScript(request, mailbox, owner, editor, 'editor');
    const other = await otherBrowser(browser, baseURL);
    try {
      await logIn(page, owner);
      await page.goto(`/content/${id}/edit`);
      await logIn(other.page, editor);
      await other.page.goto(`/content/${id}/edit`);
      await expect(status(page)).toHaveText('Saved');
      await expect(status(other.page)).toHaveText('Saved');

      await page.context().setOffline(true);
      await expect(status(page)).toHaveText('Offline (kept on this device)');
      await typeAtEnd(page, ' Written offline.');
      await content(other.page).click();
      await other.page.keyboard.press('Control+Home');
      await other.page.keyboard.type('Meanwhile: ');

      // A reload while offline keeps the words (IndexedDB); the page itself comes from cache or
      // not at all, so only the connection comes back here.
      await page.context().setOffline(false);
      await expect(status(page)).toHaveText('Saved', { timeout: 15_000 });
      const merged = 'Meanwhile: Opening line. Written offline.';
      await expect.poll(() => editorText(content(page))).toBe(merged);
      await expect.poll(() => editorText(content(other.page))).toBe(merged);
    } finally {
      await other.context.close();
    }
  });

  test('a viewer sees the edits arrive but cannot type', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    const owner = person('view-owner', 'Ada', 'Lovelace');
    const viewer = person('view-viewer', 'Katherine', 'Johnson');
    await registerVerifiedUser(request, mailbox, owner);
    await registerVerifiedUser(request, mailbox, viewer);
    const id = await sharedScript(request, mailbox, owner, viewer, 'viewer');
    const other = await otherBrowser(browser, baseURL);
    try {
      await logIn(page, owner);
      await page.goto(`/content/${id}/edit`);
      await logIn(other.page, viewer);
      await other.page.goto(`/content/${id}/edit`);
      await expect(content(other.page)).toContainText('Opening line.');
      await expect(content(other.page)).toHaveAttribute('contenteditable', 'false');
      await expect(other.page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);

      await typeAtEnd(page, ' Live for the viewer.');
      await expect(content(other.page)).toContainText('Opening line. Live for the viewer.');
      await expect(other.page.getByRole('list', { name: 'Also here' })).toContainText(
        'Ada Lovelace',
      );

      await content(other.page).click();
      await other.page.keyboard.type('viewer typing');
      await expect(content(other.page)).not.toContainText('viewer typing');
      await expect(content(page)).not.toContainText('viewer typing');
    } finally {
      await other.context.close();
    }
  });
});
