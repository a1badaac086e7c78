import fs from 'node:fs';
import { parseSync, type NodeCue } from 'subtitle';
import type { Download, Page } from '@playwright/test';
import { pathOf } from '@cw/contract/routes';
import { boardColumn } from '../support/board';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';

/**
 * Creator tools (decisions 233–236): a first visit starts from a template; an item's chapters
 * are copied (and corrected by hand), its captions downloaded as SRT and WebVTT and read back by
 * a subtitle parser; the teleprompter copies the chapters and shows its shortcuts.
 */
const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const SCRIPT = [
  `${words(40, 'hello')}. [b-roll: the bench]`,
  '## Cold open',
  `${words(60, 'plank')}.`,
  '## The cut',
  `${words(60, 'saw')}, then ${words(30, 'sand')}.`,
  '## Outro',
  `${words(40, 'bye')}.`,
].join('\n\n');

async function cuesOf(download: Download): Promise<NodeCue['data'][]> {
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8');
  return parseSync(text)
    .filter((node): node is NodeCue => node.type === 'cue')
    .map((node) => node.data);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.describe('creator tools', () => {
  test('a first visit is offered a sample, templates and the import, and starts from a template', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await logIn(page, user);
    const offers = page.getByRole('region', { name: 'Start somewhere' });
    await expect(offers.getByRole('button', { name: 'Add a sample collection' })).toBeVisible();
    await expect(offers.getByRole('link', { name: 'Import from Notion/Obsidian' })).toBeVisible();
    await checkScreen('first-run');

    await offers.getByRole('button', { name: 'Browse templates' }).click();
    const dialog = page.getByRole('dialog', { name: 'New from template' });
    await expect(dialog.getByRole('heading', { name: 'Podcast episode' })).toBeVisible();
    await checkScreen('template-picker');
    await dialog.getByRole('button', { name: 'Use YouTube video' }).click();
    await expect(page).toHaveURL(/\/content\/\d+\/edit$/);
    const id = Number(/\/content\/(\d+)\/edit$/.exec(page.url())![1]);

    // The item has the template's title, status, tag and checklist.
    await page.goto(`/content/${id}`);
    await expect(page.getByRole('heading', { name: 'New video', level: 1 })).toBeVisible();
    await expect(page.getByText('youtube', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Thumbnail/ })).toBeVisible();
    const chapters = page.getByRole('list', { name: 'Chapters' });
    await expect(chapters.getByRole('listitem')).toHaveCount(7);
    await expect(chapters.getByRole('listitem').first()).toContainText('00:00Hook');

    // The offers are for an empty library only.
    await page.goto('/dashboard');
    await expect(page.getByText(/Welcome back/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Start somewhere' })).toHaveCount(0);
  });

  test('a first visit adds the sample collection in one click, spread over the board', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await page.getByRole('button', { name: 'Add a sample collection' }).click();
    await expect(page).toHaveURL(/\/collections\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Sample: Desk build series' })).toBeVisible();
    await page.goto('/board');
    for (const [column, title] of [
      ['Idea', 'Ep 2 — Finishing with oil'],
      ['Scripting', 'Ep 1 — Build a desk in a day'],
      ['Recording', 'Ep 1 — B-roll list'],
      ['Editing', 'Channel trailer'],
      ['Published', 'Ep 0 — Why I build in a flat'],
    ] as const) {
      await expect(boardColumn(page, column).getByText(title)).toBeVisible();
    }
  });

  test('an item copies its chapters, takes a real start, and downloads SRT and VTT captions', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const item = await api.call<{ id: number }>('POST', pathOf('contents.create'), {
      title: 'Desk build',
      content: SCRIPT,
    });
    await logIn(page, user);
    await page.goto(`/content/${item.id}`);
    const chapters = page.getByRole('list', { name: 'Chapters' });
    // At the default 150 words a minute: 16 s of intro, then 24 s, 36 s and 16 s.
    await expect(chapters.getByRole('listitem')).toHaveText([
      '00:00Intro',
      '00:16Cold open',
      '00:40The cut',
      '01:16Outro',
    ]);
    await expect(page.getByText(/Ready for YouTube/)).toBeVisible();
    await checkScreen('creator-tools');

    await page.getByRole('button', { name: 'Copy chapters' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await clipboard(page)).toBe('00:00 Intro\n00:16 Cold open\n00:40 The cut\n01:16 Outro');

    // After the recording: The cut really starts at 0:52; Outro follows it.
    await page.getByRole('button', { name: 'Correct timings' }).click();
    await page.getByLabel('The cut').fill('0:52');
    await page.getByRole('button', { name: 'Save timings' }).click();
    await expect(chapters.getByRole('listitem')).toHaveText([
      '00:00Intro',
      '00:16Cold open',
      '00:52The cutmeasured',
      '01:28Outro',
    ]);
    await page.reload();
    await expect(chapters.getByRole('listitem').nth(2)).toHaveText('00:52The cutmeasured');

    for (const [button, name] of [
      ['Download SRT', 'desk-build.srt'],
      ['Download VTT', 'desk-build.vtt'],
    ] as const) {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(name);
      const cues = await cuesOf(download);
      expect(cues.length).toBeGreaterThan(5);
      expect(cues[0]!.start).toBe(0);
      for (const cue of cues) {
        const lines = cue.text.split('\n');
        expect(lines.length).toBeLessThanOrEqual(2);
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
        expect(cue.end - cue.start).toBeGreaterThanOrEqual(1000);
        expect(cue.end - cue.start).toBeLessThanOrEqual(7000);
        expect(cue.text).not.toMatch(/b-roll|Cold open|\[/);
      }
    }

    await page.getByRole('button', { name: 'Copy show notes' }).click();
    expect(await clipboard(page)).toContain('Chapters\n00:00 Intro\n00:16 Cold open');

    // The teleprompter copies the same chapters and shows its keys.
    await page.getByRole('link', { name: 'Teleprompter' }).click();
    await page.getByRole('button', { name: 'Copy chapters' }).click();
    await expect
      .poll(() => clipboard(page))
      .toBe('00:00 Intro\n00:16 Cold open\n00:52 The cut\n01:28 Outro');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText(
      'Jump to that section',
    );
    await checkScreen('teleprompter-shortcuts');
  });
});
