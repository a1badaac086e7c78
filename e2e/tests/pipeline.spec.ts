import type { Page } from '@playwright/test';
import { libraryApiAs, type LibraryApi } from '../support/library-api';
import { expect, test } from '../support/test';
import { boardCard, boardColumn, dayOfThisMonth, keyboardSensorListening } from '../support/board';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

interface Item {
  id: number;
  title: string;
  status: string;
  position: number;
  publish_on: string | null;
}

const CONTENTS = pathOf('contents.list');

/** A sidebar link by its exact name ("Board" is also in "Dashboard"). */
async function openFromSidebar(page: Page, name: 'Board' | 'Calendar') {
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name, exact: true })
    .first()
    .click();
}

async function seed(api: LibraryApi, body: object): Promise<Item> {
  return api.call<Item>('POST', CONTENTS, { content: 'A few words to read.', ...body });
}

test.describe('the creator’s pipeline', () => {
  test('a card moves from Idea to Scripting by mouse and by keyboard, and stays after a reload', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const collection = await api.call<{ id: number }>('POST', pathOf('collections.create'), {
      name: 'Season 2',
    });
    await seed(api, { title: 'Mouse idea', collections: [collection.id] });
    await seed(api, { title: 'Keyboard idea', publish_on: dayOfThisMonth(12) });
    await seed(api, { title: 'Already scripting', status: 'scripting' });
    await seed(api, { title: 'Cutting it', status: 'editing' });

    await logIn(page, user);
    await openFromSidebar(page, 'Board');
    await expect(page).toHaveURL(/\/board$/);
    await expect(page.getByRole('heading', { name: 'Board', level: 1 })).toBeVisible();
    for (const name of ['Idea', 'Scripting', 'Recording', 'Editing', 'Published']) {
      await expect(boardColumn(page, name)).toBeVisible();
    }
    await expect(boardCard(page, 'Idea', 'Mouse idea')).toContainText('Season 2');
    await expect(boardCard(page, 'Idea', 'Mouse idea')).toContainText('speaking time');
    await checkScreen('board');

    // Mouse: drag the handle onto the Scripting column, under its card.
    const handle = page.getByRole('button', { name: 'Move Mouse idea' });
    const target = boardCard(page, 'Scripting', 'Already scripting');
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the card and the column must be on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 15 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height + 2, { steps: 5 });
    await page.mouse.up();
    await expect(boardCard(page, 'Scripting', 'Mouse idea')).toBeVisible();
    await expect(boardCard(page, 'Idea', 'Mouse idea')).toHaveCount(0);

    // Keyboard: pick up with Space, arrow right to the next column, drop with Space.
    const keyHandle = page.getByRole('button', { name: 'Move Keyboard idea' });
    await keyHandle.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[role="status"][aria-live="assertive"]')).toContainText(
      'Picked up Keyboard idea in Idea',
    );
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[role="status"][aria-live="assertive"]')).toContainText(
      'over Scripting',
    );
    await page.keyboard.press('Space');
    await expect(boardCard(page, 'Scripting', 'Keyboard idea')).toBeVisible();

    // Saved: the server has both moves, and a reload shows them.
    await expect
      .poll(async () => {
        const list = await api.call<{ results: Item[] }>(
          'GET',
          `${CONTENTS}?status=scripting&ordering=position`,
        );
        return list.results.map((item) => item.title).sort();
      })
      .toEqual(['Already scripting', 'Keyboard idea', 'Mouse idea']);
    await page.reload();
    await expect(boardCard(page, 'Scripting', 'Mouse idea')).toBeVisible();
    await expect(boardCard(page, 'Scripting', 'Keyboard idea')).toBeVisible();
    await expect(boardColumn(page, 'Idea').getByTestId('board-card')).toHaveCount(0);

    // The collection filter lives in the address.
    await page.getByLabel('Collection', { exact: true }).selectOption({ label: 'Season 2' });
    await expect(page).toHaveURL(new RegExp(`collection=${collection.id}`));
    await expect(page.getByTestId('board-card')).toHaveCount(1);

    // The dashboard counts per status and links to the board.
    await page.goto('/dashboard');
    const pipeline = page.getByRole('region', { name: 'Pipeline' });
    await expect(pipeline.getByRole('link', { name: /Scripting\s*3/ })).toBeVisible();
    await expect(pipeline.getByRole('link', { name: /Idea\s*0/ })).toBeVisible();
    await expect(page.getByTestId('words-this-week')).toContainText('in 4 items started since');
    await checkScreen('dashboard');
    await pipeline.getByRole('link', { name: 'Open the board' }).click();
    await expect(page).toHaveURL(/\/board$/);
  });

  test('a move the server refuses is rolled back, with a message', async ({
    page,
    request,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    await seed(api, { title: 'Stubborn idea' });
    await logIn(page, user);
    await page.route('**/api/collections/contents-list/*/', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'You do not have permission to perform this action.' }),
          })
        : route.fallback(),
    );
    await page.goto('/board');
    const live = page.locator('[role="status"][aria-live="assertive"]');
    await page.getByRole('button', { name: 'Move Stubborn idea' }).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Stubborn idea');
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText('over Scripting');
    await page.keyboard.press('Space');
    await expect(
      page.getByText(/Could not move “Stubborn idea”: You do not have permission/),
    ).toBeVisible();
    await expect(boardCard(page, 'Idea', 'Stubborn idea')).toBeVisible();
    await expect(boardCard(page, 'Scripting', 'Stubborn idea')).toHaveCount(0);
  });

  test('an item is rescheduled on the calendar by dragging it to another day', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const item = await seed(api, { title: 'Launch video', publish_on: dayOfThisMonth(10) });
    await seed(api, { title: 'Someday maybe' });

    await logIn(page, user);
    await openFromSidebar(page, 'Calendar');
    await expect(page).toHaveURL(/\/calendar$/);
    const today = page.locator('[data-testid="calendar-day"][aria-current="date"]');
    await expect(today).toHaveCount(1);
    const unscheduled = page.getByRole('region', { name: /Unscheduled/ });
    await expect(unscheduled).toContainText('Someday maybe');
    const from = page.locator(`[data-day="${dayOfThisMonth(10)}"]`).getByText('Launch video');
    await expect(from).toBeVisible();
    await checkScreen('calendar');

    const targetDay = page.locator(`[data-day="${dayOfThisMonth(17)}"]`);
    await from.hover();
    await page.mouse.down();
    const box = await targetDay.boundingBox();
    if (!box) throw new Error('the day must be on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(targetDay.getByText('Launch video')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await api.call<Item>('GET', pathOf('contents.get', { id: item.id }))).publish_on,
      )
      .toBe(dayOfThisMonth(17));

    // The month moves, and Today comes back.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
    await expect(page.locator('[aria-current="date"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.locator('[data-testid="calendar-day"][aria-current="date"]')).toHaveCount(1);
    await page.reload();
    await expect(targetDay.getByText('Launch video')).toBeVisible();
  });

  test('the teleprompter starts, pauses, mirrors and jumps to a section', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const body = Array.from({ length: 40 }, (_, i) => `Line ${i} of the opening words.`).join(
      '\n\n',
    );
    const item = await seed(api, {
      title: 'Episode 7',
      content: `# Intro\n\n[smile] ${body}\n\n# The story\n\nOnce upon a time.\n\n# Outro\n\nBye now.`,
    });

    await logIn(page, user);
    await page.goto(`/content/${item.id}`);
    await page.getByRole('link', { name: 'Teleprompter' }).click();
    await expect(page).toHaveURL(new RegExp(`/content/${item.id}/teleprompter$`));
    const stage = page.getByTestId('teleprompter-stage');
    const text = page.getByTestId('teleprompter-text');
    await expect(page.getByText('[smile]')).toBeVisible();
    await expect(page.getByLabel('Speed')).toHaveValue('150');
    await checkScreen('teleprompter');

    const offset = () =>
      text.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42);
    expect(await offset()).toBeCloseTo(0);

    // Space starts: the text moves up.
    await stage.focus();
    await page.keyboard.press('Space');
    await expect(stage).toHaveAttribute('data-state', 'playing');
    await expect.poll(offset).toBeLessThan(-5);
    // Space pauses: it stays.
    await page.keyboard.press('Space');
    await expect(stage).toHaveAttribute('data-state', 'paused');
    const paused = await offset();
    await page.waitForTimeout(300);
    expect(await offset()).toBe(paused);

    // Mirror flips the text horizontally.
    await page.getByRole('button', { name: 'Mirror' }).click();
    await expect(page.getByRole('button', { name: 'Mirror' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('teleprompter-mirror')).toHaveCSS(
      'transform',
      'matrix(-1, 0, 0, 1, 0, 0)',
    );

    // 2 jumps to the second section: its heading sits on the reading line.
    await stage.focus();
    await page.keyboard.press('2');
    const heading = page.getByRole('heading', { name: 'The story' });
    await expect
      .poll(async () => {
        const [h, s] = await Promise.all([heading.boundingBox(), stage.boundingBox()]);
        return h && s ? Math.abs(Math.round(h.y - s.y - (await readingLine(page)))) : null;
      })
      .toBe(0);
  });
});

/** The reading line's distance from the top of the stage. */
async function readingLine(page: Page): Promise<number> {
  return page.getByTestId('teleprompter-stage').evaluate((stage) => {
    const line = stage.firstElementChild as HTMLElement;
    return line.getBoundingClientRect().top - stage.getBoundingClientRect().top;
  });
}
