import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/screens';
import { expect, test } from '../support/test';
import { contentEditor, otherBrowser, person, sharedScript } from '../support/two-people';
import { libraryApiAs } from '../support/library-api';
import { logIn } from '../support/ui';
import { registerVerifiedUser } from '../support/users';
import { pathOf } from '@cw/contract/routes';

/**
 * Comments on a passage (docs/product.md, "Comments"): an editor comments on a selection and
 * mentions the owner; the owner sees the thread at its passage, replies and resolves it. Two
 * people, each in a browser context of their own.
 */

const SCRIPT = 'Opening line. The sponsor read goes here. Closing line.';

const content = contentEditor;
const panel = (page: Page) => page.getByRole('complementary', { name: 'Comments' });

/** Selects `passage` of the script with the keyboard, as a person would with Shift+arrows. */
async function select(page: Page, passage: string) {
  await content(page).click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < SCRIPT.indexOf(passage); i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < passage.length; i++) await page.keyboard.press('Shift+ArrowRight');
}

test('an editor comments on a passage mentioning the owner; the owner replies and resolves', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
}, testInfo) => {
  const owner = person('cm-owner', 'Ada', 'Lovelace');
  const editor = person('cm-editor', 'Grace', 'Hopper');
  await registerVerifiedUser(request, mailbox, owner);
  await registerVerifiedUser(request, mailbox, editor);
  const id = await sharedScript(request, mailbox, owner, editor, 'editor', {
    title: 'Sponsor episode',
    content: SCRIPT,
  });
  const other = await otherBrowser(browser, baseURL);
  try {
    // The editor selects the passage and comments, mentioning the owner from the @ list.
    await logIn(other.page, editor);
    await other.page.goto(`/content/${id}/edit`);
    await expect(content(other.page)).toContainText(SCRIPT);
    await select(other.page, 'sponsor read');
    await other.page.getByRole('button', { name: 'Add comment' }).click();
    const composer = other.page.getByRole('region', { name: 'New comment' });
    await expect(composer).toContainText('sponsor read');
    const box = composer.getByRole('combobox', { name: 'Comment' });
    await box.pressSequentially('Cut this? @Ad');
    await expect(composer.getByRole('option', { name: 'Ada Lovelace' })).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue(/@\[Ada Lovelace\]\(user:\d+\) $/);
    const started = other.page.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/threads/'),
    );
    await composer.getByRole('button', { name: 'Comment', exact: true }).click();
    const answer = await started;
    expect(answer.status(), await answer.text()).toBe(201);
    const sent = panel(other.page).getByRole('article', { name: 'Comment by Grace Hopper' });
    await expect(sent).toContainText('@Ada Lovelace');
    await expect(other.page.locator('.cm-comment-mark')).toHaveText('sponsor read');
    await expectAccessible(other.page, testInfo, 'comments-editor');

    // The owner hears of the mention from the bell, and the entry opens the script.
    await logIn(page, owner);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /Grace Hopper mentioned you on/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/content/${id}`));

    // The owner sees the thread beside its highlighted passage, replies and resolves it.
    await page.goto(`/content/${id}/edit`);
    await expect(content(page)).toContainText('Closing line.');
    const thread = panel(page).getByRole('article', { name: 'Comment by Grace Hopper' });
    await expect(thread).toContainText('Cut this? @Ada Lovelace');
    await expect(thread.getByRole('button', { name: /sponsor read/ })).toBeVisible();
    await expect(page.locator('.cm-comment-mark')).toHaveText('sponsor read');
    await expect(page.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
    const reply = thread.getByRole('combobox', { name: 'Reply' });
    await reply.fill('Keeping it, trimmed.');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(thread).toContainText('Keeping it, trimmed.');
    await expectAccessible(page, testInfo, 'comments-owner-1280');
    await page.screenshot({ path: testInfo.outputPath('comments-1280.png') });
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await expect(thread).toBeHidden();
    await expect(page.locator('.cm-comment-mark')).toHaveCount(0);
    await panel(page)
      .getByRole('checkbox', { name: /Show resolved/ })
      .check();
    await expect(thread).toContainText('Resolved by Ada Lovelace');

    // The editor sees it resolved too.
    await other.page.reload();
    await expect(
      panel(other.page).getByRole('checkbox', { name: 'Show resolved (1)' }),
    ).toBeVisible();
    await expect(other.page.locator('.cm-comment-mark')).toHaveCount(0);

    // On a tablet or a phone the comments are a panel over the page, opened from the bar.
    for (const width of [768, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(content(page)).toContainText('Closing line.');
      await page.getByRole('button', { name: 'Comments' }).click();
      await expect(panel(page)).toBeVisible();
      await expectAccessible(page, testInfo, `comments-owner-${width}`);
      await page.screenshot({ path: testInfo.outputPath(`comments-${width}.png`) });
    }

    // The collection's activity shows the comment and the reply, each with who wrote it.
    const ownerApi = await libraryApiAs(request, owner);
    const item = await ownerApi.call<{ collections: number[] }>(
      'GET',
      pathOf('contents.get', { id }),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/collections/${item.collections[0]}`);
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity.getByText('Grace Hopper commented on “Sponsor episode”')).toBeVisible();
    await expect(activity.getByText('Ada Lovelace commented on “Sponsor episode”')).toBeVisible();
  } finally {
    await other.context.close();
  }
});
