import { boardCard, keyboardSensorListening } from '../support/board';
import { libraryApiAs, shareCollection } from '../support/library-api';
import { checkScreen as checkScreenOf } from '../support/screens';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { otherBrowser, person } from '../support/two-people';
import { registerVerifiedUser } from '../support/users';
import { pathOf } from '@cw/contract/routes';

/**
 * Notifications (docs/product.md, "Notifications"): an editor moves the owner's script on the
 * board; the owner's bell counts it, its list says it, a batched mail tells of it, and the
 * mail's one-click unsubscribe link works without signing in.
 */

interface Created {
  id: number;
}

test('an editor moves the owner’s script to Recording: the owner’s bell and mail tell of it', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  verifiedUser: owner,
  checkScreen,
}) => {
  const editor = person('editor', 'Grace', 'Hopper');
  await registerVerifiedUser(request, mailbox, editor);
  const ownerApi = await libraryApiAs(request, owner);
  const season = await ownerApi.call<Created>('POST', pathOf('collections.create'), {
    name: 'Season 4',
  });
  await ownerApi.call<Created>('POST', pathOf('contents.create'), {
    title: 'Pilot script',
    content: 'Cold open.',
    collections: [season.id],
  });

  await test.step('the owner shares the collection; the editor accepts', async () => {
    await shareCollection(request, mailbox, ownerApi, season.id, editor, 'editor');
  });

  const since = Date.now();
  const other = await otherBrowser(browser, baseURL);
  try {
    await test.step('the editor moves the script to Recording on the board', async () => {
      const editorPage = other.page;
      await logIn(editorPage, editor);
      await editorPage.goto(`/board?scope=shared`);
      await expect(boardCard(editorPage, 'Idea', 'Pilot script')).toBeVisible();
      const live = editorPage.locator('[role="status"][aria-live="assertive"]');
      await editorPage.getByRole('button', { name: 'Move Pilot script' }).focus();
      await editorPage.keyboard.press('Space');
      await expect(live).toContainText('Picked up Pilot script in Idea');
      await keyboardSensorListening(editorPage);
      await editorPage.keyboard.press('ArrowRight');
      await expect(live).toContainText('over Scripting');
      await editorPage.keyboard.press('ArrowRight');
      await expect(live).toContainText('over Recording');
      await editorPage.keyboard.press('Space');
      await expect(boardCard(editorPage, 'Recording', 'Pilot script')).toBeVisible();
      await checkScreenOf(editorPage, test.info(), 'board-after-move');
    });
  } finally {
    await other.context.close();
  }

  await test.step('the owner’s bell shows 1 unread and the status change', async () => {
    await logIn(page, owner);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', {
      name: /Grace Hopper moved “Pilot script” from Idea to Recording/,
    });
    await expect(entry).toBeVisible();
    await checkScreen('notifications-open');
    await entry.click();
    await expect(page).toHaveURL(/\/content\/\d+$/);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });

  await test.step('the collection’s activity says who moved it', async () => {
    await page.goto(`/collections/${season.id}`);
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(
      activity.getByRole('link', {
        name: 'Grace Hopper moved “Pilot script” from Idea to Recording',
      }),
    ).toBeVisible();
    await expect(activity.getByText('Grace Hopper joined as an editor')).toBeVisible();
    await activity.scrollIntoViewIfNeeded();
    await checkScreen('collection-activity');
  });

  await test.step('one mail arrives, with a one-click unsubscribe link that works', async () => {
    const mail = await mailbox.waitForMail(owner.email, {
      since,
      subject: /new notification/,
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe('1 new notification on Creator Workspace');
    expect(mail.text).toContain('Grace Hopper moved “Pilot script” from Idea to Recording');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /<(https?:\/\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(link, JSON.stringify(mail.headers)).toBeTruthy();
    const url = new URL(link!);
    // Opened in a browser, signed in or not: a page asks to confirm.
    const stranger = await browser.newContext({ baseURL });
    try {
      const unsubscribe = await stranger.newPage();
      await unsubscribe.goto(`${url.pathname}${url.search}`);
      await expect(
        unsubscribe.getByRole('heading', { name: 'Unsubscribe from notification mails' }),
      ).toBeVisible();
      await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(
        unsubscribe.getByRole('heading', { name: 'You are unsubscribed' }),
      ).toBeVisible();
    } finally {
      await stranger.close();
    }
    const settings = await ownerApi.call<{ mail: Record<string, boolean> }>(
      'GET',
      pathOf('notifications.settings'),
    );
    expect(Object.values(settings.mail)).toEqual([false, false, false, false, false]);
  });

  await test.step('account settings show the switches off', async () => {
    await page.goto('/account-settings#notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Status changes/ })).not.toBeChecked();
    await checkScreen('account-settings-notifications');
  });
});
