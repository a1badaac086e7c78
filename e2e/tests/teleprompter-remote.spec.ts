import { expectAccessible } from '../support/screens';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { newUser, registerVerifiedUser } from '../support/users';
import { pathOf } from '@cw/contract/routes';

/**
 * The teleprompter's phone remote (decision 242): the teleprompter on a laptop and a phone
 * signed in to the same account, each a browser context of its own, on the real server's
 * /api/collab socket.
 */
test.describe('the teleprompter remote', () => {
  test('a phone opened from the QR code’s address starts, paces, jumps and pauses the teleprompter', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    const user = newUser('remote');
    await registerVerifiedUser(request, mailbox, user);
    const api = await libraryApiAs(request, user);
    const item = await api.call<{ id: number }>('POST', pathOf('contents.create'), {
      title: 'Ep 3.05',
      content: `# Cold open\n${'Hello there. '.repeat(200)}\n\n# Sponsor\n${'This part is paid. '.repeat(200)}\n\n# Outro\nBye.`,
    });
    await logIn(page, user);
    await page.goto(`/content/${item.id}/teleprompter`);
    await page.getByRole('button', { name: 'Remote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Control from your phone' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(dialog.getByTestId('remote-status')).toHaveText('Waiting for your phone…');
    const address = (await dialog.getByRole('link').getAttribute('href'))!;
    expect(new URL(address).pathname).toMatch(/^\/remote\/[A-Za-z0-9_-]{22}$/);

    const phoneContext = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    await logIn(phone, user);
    await phone.goto(new URL(address).pathname);
    const controls = phone.getByTestId('remote-controls');
    await expect(controls).toContainText('Controlling Ep 3.05');
    await expect(dialog.getByTestId('remote-status')).toHaveText('Phone connected.');
    await expectAccessible(page, test.info(), 'teleprompter remote dialog at 1280 px');
    // The remote's page at a phone's, a tablet's and a desktop's width, axe clean at each.
    for (const width of [1280, 768, 375]) {
      await phone.setViewportSize({ width, height: 740 });
      await expectAccessible(phone, test.info(), `teleprompter remote at ${width} px`);
    }
    await page.keyboard.press('Escape');

    const stage = page.getByTestId('teleprompter-stage');
    await phone.getByRole('button', { name: 'Faster' }).tap();
    await expect(page.getByRole('spinbutton', { name: /^Speed/ })).toHaveValue('160');
    await phone.getByRole('button', { name: 'Start', exact: true }).tap();
    await expect(stage).toHaveAttribute('data-state', 'playing');
    await expect(phone.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    // The text moves: its transform changes while playing.
    const text = page.getByTestId('teleprompter-text');
    const before = await text.evaluate((element) => element.style.transform);
    await expect.poll(() => text.evaluate((element) => element.style.transform)).not.toBe(before);
    await phone.getByRole('button', { name: 'Pause', exact: true }).tap();
    await expect(stage).toHaveAttribute('data-state', 'paused');
    // Jump to the sponsor read: the text moves to that section's place.
    const paused = await text.evaluate((element) => element.style.transform);
    await phone.getByRole('button', { name: 'Sponsor' }).tap();
    await expect.poll(() => text.evaluate((element) => element.style.transform)).not.toBe(paused);
    await phoneContext.close();
  });
});
