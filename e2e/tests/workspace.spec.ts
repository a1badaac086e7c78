import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

/**
 * The library as a workspace: scripts in collections, the collection's Content and
 * Files & Attachments tabs, and /content sorted and filtered through its address.
 */

/** A library call with the session the browser holds (set-up that is not what the test is about). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const authorization = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: authorization ?? '' },
    data,
  });
  expect(response.ok(), `set-up: ${method} ${path} answered ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Created {
  id: number;
}

test.describe('workspace', () => {
  test('a script put in a collection shows in its Content tab; a file uploaded in its Files tab downloads', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await logIn(page, user);
    const season = await api<Created>(page, 'POST', pathOf('collections.create'), {
      name: 'Season 2',
    });
    await api(page, 'POST', pathOf('contents.create'), {
      title: 'Pilot script',
      content: '# Pilot script\n\nCold open: the host walks into the studio.',
      collections: [season.id],
      status: 'scripting',
    });
    await api(page, 'POST', pathOf('contents.create'), {
      title: 'Unrelated idea',
      content: 'Not in the season.',
    });

    await page.goto(`/collections/${season.id}`);
    await expect(page.getByRole('heading', { name: 'Season 2', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Season 2 · Collections · Creator Workspace');

    await test.step('the Content tab lists the script, not the other item', async () => {
      await page.getByRole('tab', { name: 'Content' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Content' });
      const card = panel.getByTestId('content-card');
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('heading', { name: 'Pilot script' })).toBeVisible();
      await expect(card.getByText('Scripting')).toBeVisible();
      await expect(panel.getByText('Unrelated idea')).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'New content' })).toHaveAttribute(
        'href',
        `/content/create?collection=${season.id}`,
      );
      await checkScreen('collection-content');
    });

    await test.step('keyboard focus on a card is visible', async () => {
      const card = page.getByTestId('content-card').first();
      await card.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(card).toBeFocused();
      const outline = await card.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.style).toBe('solid');
      expect(outline.width).toBeGreaterThanOrEqual(2);
    });

    await test.step('upload a file in the Files & Attachments tab and download it', async () => {
      await page.getByRole('tab', { name: 'Files & Attachments' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Files & Attachments' });
      await expect(panel.getByText('No files yet.')).toBeVisible();
      await panel.getByTestId('collection-file-input').setInputFiles({
        name: 'season-outline.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Episode 1: pilot.\nEpisode 2: guests.\n'),
      });
      await expect(panel.getByText('Uploaded season-outline.txt.')).toBeVisible();
      const files = panel.getByRole('list', { name: 'Files' });
      await expect(files.getByText('season-outline.txt')).toBeVisible();
      await expect(files.getByText('Collection file')).toBeVisible();
      await checkScreen('collection-files');

      const downloading = page.waitForEvent('download');
      await files.getByRole('button', { name: 'Download season-outline.txt' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('season-outline.txt');
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('Episode 1: pilot.\nEpisode 2: guests.\n');
    });

    await test.step('a reload stays on the tab', async () => {
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Files & Attachments' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByText('season-outline.txt')).toBeVisible();
    });
  });

  test('/content sorts and filters through its address, and a reload or Back keeps the view', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await logIn(page, user);
    const tag = await api<Created>(page, 'POST', pathOf('tags.create'), { name: 'guests' });
    const items = [
      { title: 'Banana episode', status: 'idea', tags: [tag.id] },
      { title: 'Apple episode', status: 'editing', tags: [] },
      { title: 'Cherry episode', status: 'editing', tags: [tag.id] },
    ];
    for (const item of items) {
      await api(page, 'POST', pathOf('contents.create'), {
        ...item,
        content: `Notes for ${item.title}.`,
      });
    }

    await page.goto('/content');
    await expect(page).toHaveTitle('Your Content · Creator Workspace');
    const titles = page.getByTestId('content-card').getByRole('heading');
    await expect(titles).toHaveText(['Cherry episode', 'Apple episode', 'Banana episode']);
    await checkScreen('content-list');

    await test.step('sort by title', async () => {
      await page.getByLabel('Sort by').selectOption({ label: 'Title' });
      await expect(page).toHaveURL(/\/content\?sort=title$/);
      await expect(titles).toHaveText(['Apple episode', 'Banana episode', 'Cherry episode']);
    });

    await test.step('filter by status, then reload', async () => {
      await page.getByLabel('Status').selectOption({ label: 'Editing' });
      await expect(page).toHaveURL(/sort=title&status=editing$/);
      await expect(titles).toHaveText(['Apple episode', 'Cherry episode']);
      await page.reload();
      await expect(page.getByLabel('Sort by')).toHaveValue('title');
      await expect(page.getByLabel('Status')).toHaveValue('editing');
      await expect(titles).toHaveText(['Apple episode', 'Cherry episode']);
      await checkScreen('content-list-filtered');
    });

    await test.step('Back returns to the sorted list without the filter', async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/content\?sort=title$/);
      await expect(titles).toHaveText(['Apple episode', 'Banana episode', 'Cherry episode']);
    });

    await test.step('a tag chip filters the list by its tag', async () => {
      await page
        .getByTestId('content-card')
        .filter({ hasText: 'Banana episode' })
        .getByRole('link', { name: 'Show content tagged guests' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/content\\?tag=${tag.id}$`));
      await expect(titles).toHaveText(['Cherry episode', 'Banana episode']);
      await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(String(tag.id));
    });
  });

  test('a visitor signed in on this device is offered the dashboard on /, /login and /register', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    for (const [path, title] of [
      ['/', 'Creator Workspace'],
      ['/login', 'Login · Creator Workspace'],
      ['/register', 'Register · Creator Workspace'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByTestId('signed-in-offer')).toBeVisible();
    }
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});
