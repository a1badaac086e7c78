import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

interface Created {
  id: number;
}

/** Long enough that the editor scrolls: three sections of twelve paragraphs each. */
const section = (title: string, words: string) =>
  [`# ${title}`, ...Array.from({ length: 12 }, (_, i) => `${words} (${i + 1}).`)].join('\n\n');
const SCRIPT = [
  'Welcome back to the workshop. [look at camera]',
  '> [!tip] Say it slowly\n> Breathe before the first line.',
  '- [ ] record the intro\n- [x] write the script',
  section('Cold open', 'We start in the dark and the saw starts up'),
  '> [!warning]\n> Never reach over the blade.',
  section('The build', 'Measure twice, cut once, and sand every edge by hand'),
  section('Outro', 'Thanks for watching, see you next week in the shop'),
].join('\n\n');

test.describe('the writing room', () => {
  test('opens on a phone without moving the text as it arrives and syncs (decision 253)', async ({
    page,
    request,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    const item = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Desk build',
      // Over a thousand words: the counts then fill the bar's first line on a phone.
      content: Array.from({ length: 5 }, () => SCRIPT).join('\n\n'),
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await logIn(page, user);
    // Every layout shift of the page from its first paint, as Lighthouse sums them.
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) seen.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/content/${item.id}/edit`);
    await expect(page.getByLabel('Content', { exact: true })).toContainText(
      'Welcome back to the workshop.',
    );
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await expect(page.getByTestId('markdown-preview')).toContainText('Cold open');
    const bar = await page.getByTestId('writing-bar').boundingBox();
    // Typing flips Saved to Saving and back; the bar keeps its height.
    await page.getByLabel('Content', { exact: true }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' More.');
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    expect((await page.getByTestId('writing-bar').boundingBox())?.height).toBe(bar?.height);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.05);
  });

  test('status bar in view while writing, the outline jumps, focus mode at 1280 and 375 px, callouts and tasks', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }, testInfo) => {
    const api = await libraryApiAs(request, user);
    const collection = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Workshop',
    });
    const item = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Desk build',
      content: SCRIPT,
      collections: [collection.id],
      is_public: true,
    });
    await logIn(page, user);
    await page.goto(`/content/${item.id}/edit`);
    const editor = page.getByLabel('Content', { exact: true });
    await expect(editor).toContainText('Welcome back to the workshop.');
    const status = page.getByTestId('writing-status');
    const speaking = page.getByTestId('speaking-time');
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}.png`), animations: 'disabled' });

    await test.step('words, speaking time and Saved stay in view while writing at the end', async () => {
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n\nOne last line.');
      await expect(status).toContainText('Saved');
      await expect(status).toBeInViewport();
      await expect(speaking).toHaveText(/^\d+ min( \d+ s)? speaking time$/);
      await expect(page.locator('.cm-line', { hasText: 'One last line.' })).toBeInViewport();
    });

    await test.step('the details fold beside or below the text, remembered on this device', async () => {
      const details = page.getByRole('button', { name: 'Details' });
      await expect(details).toHaveAttribute('aria-expanded', 'false');
      const editorBox = await editor.boundingBox();
      expect(editorBox!.width).toBeGreaterThan(380);
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Details' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await page.getByRole('button', { name: 'Details' }).click();
    });

    await test.step('the outline lists the headings with their times and jumps to one', async () => {
      await page.getByRole('button', { name: 'Outline' }).click();
      const outline = page.getByRole('navigation', { name: 'Outline' });
      await expect(outline.getByRole('button')).toHaveCount(3);
      await expect(outline.getByRole('button').nth(1)).toHaveText(/^The build, \d+ s$/);
      await editor.click();
      await page.keyboard.press('Control+Home');
      await expect(page.locator('.cm-line', { hasText: '# Outro' })).not.toBeInViewport();
      await outline.getByRole('button', { name: /^Outro/ }).click();
      await expect(page.locator('.cm-line', { hasText: '# Outro' })).toBeInViewport();
      // The caret is on the heading, and the preview follows it there.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              window.getSelection()?.anchorNode?.parentElement?.closest('.cm-line')?.textContent,
          ),
        )
        .toBe('# Outro');
      await expect(
        page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Outro' }),
      ).toBeInViewport();
      await checkScreen('writing-room');
      await shot('writing-room-1280');
    });

    await test.step('focus mode: the button, Esc, and Ctrl+Shift+F', async () => {
      const room = page.getByTestId('writing-room');
      await page.getByRole('button', { name: 'Focus', exact: true }).click();
      await expect(room).toHaveAttribute('data-focus-mode', 'on');
      await expect(page.getByRole('group', { name: 'Editor view' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Outline' })).toHaveCount(0);
      await expect(editor).toBeFocused();
      await expect(status).toBeInViewport();
      await checkScreen('writing-focus');
      await shot('writing-focus-1280');
      await page.keyboard.press('Escape');
      await expect(room).not.toHaveAttribute('data-focus-mode', 'on');
      await page.keyboard.press('Control+Shift+F');
      await expect(room).toHaveAttribute('data-focus-mode', 'on');
      await page.keyboard.press('Escape');
      await expect(room).not.toHaveAttribute('data-focus-mode', 'on');
    });

    await test.step('at 375 px: the writing room and its focus mode', async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.waitForTimeout(300); // the side bar's padding eases out over 200 ms
      await expect(status).toBeInViewport();
      const wide = await page.evaluate(() =>
        Array.from(document.body.querySelectorAll('*'))
          .filter((element) => element.getBoundingClientRect().right > 376)
          .slice(-5)
          .map((element) => `${element.tagName}.${element.className}`.slice(0, 160)),
      );
      expect(wide, 'nothing sticks out of a 375 px window').toEqual([]);
      await checkScreen('writing-room-375');
      await shot('writing-room-375');
      await page.getByRole('button', { name: 'Focus', exact: true }).click();
      await expect(page.getByTestId('writing-room')).toHaveAttribute('data-focus-mode', 'on');
      await expect(status).toBeInViewport();
      await checkScreen('writing-focus-375');
      await shot('writing-focus-375');
      await page.getByRole('button', { name: 'Leave focus mode' }).click();
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    const editorTime = (await speaking.textContent())!.replace(' speaking time', '');

    await test.step('the reading view shows callouts and ticks a task into the text', async () => {
      await page.goto(`/content/${item.id}`);
      const tip = page.getByRole('note', { name: 'Tip' });
      await expect(tip).toContainText('Say it slowly');
      await expect(page.getByRole('note', { name: 'Warning' })).toContainText(
        'Never reach over the blade.',
      );
      const task = page.getByRole('checkbox', { name: 'record the intro' });
      await expect(task).not.toBeChecked();
      await task.click();
      await expect(task).toBeChecked();
      await checkScreen('content-view-callouts');
      await shot('content-view-callouts-1280');
      await expect(async () => {
        const saved = await api.call<{ content: string }>(
          'GET',
          pathOf('contents.get', { id: item.id }),
        );
        expect(saved.content).toContain('- [x] record the intro');
      }).toPass();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'record the intro' })).toBeChecked();
    });

    await test.step('the public page shows the callouts, read-only tasks and the speaking time', async () => {
      // A public item shows its published version (decision 229): the tick reaches it with
      // Update public page.
      await api.call('POST', pathOf('contents.publish', { id: item.id }));
      const { public_id: publicId } = await api.call<{ public_id: string }>(
        'POST',
        pathOf('collections.publish', { id: collection.id }),
      );
      await page.goto(pathOf('public.item', { public_id: publicId, content_id: item.id }));
      await expect(page.getByRole('note', { name: 'Tip' })).toContainText('Say it slowly');
      await expect(page.getByRole('note', { name: 'Warning' })).toContainText(
        'Never reach over the blade.',
      );
      await expect(page.getByRole('checkbox', { name: 'record the intro' })).toBeDisabled();
      await expect(page.getByRole('checkbox', { name: 'record the intro' })).toBeChecked();
      await expect(page.getByText(/speaking time$/)).toBeVisible();
      await checkScreen('public-item-callouts');
      await shot('public-item-callouts-1280');
      await page.setViewportSize({ width: 375, height: 740 });
      await shot('public-item-callouts-375');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('the teleprompter counts down the editor’s speaking time', async () => {
      await page.goto(`/content/${item.id}/teleprompter`);
      const [minutes, seconds = '0'] = editorTime.match(/\d+/g)!;
      await expect(page.getByText(`${minutes}:${seconds.padStart(2, '0')} left`)).toBeVisible();
    });
  });
});
