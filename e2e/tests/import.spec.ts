import type { ImportJob } from '@cw/contract';
import type { Page } from '@playwright/test';
import { obsidianVault, zipOf } from '../../server/test/import-fixtures';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';

interface BarState {
  now: number;
  max: number;
  text: string;
}

/**
 * Records every state the Import card's progress bar shows (value, maximum, label), from a
 * MutationObserver in the page: React's renders cannot slip past it, whatever the poll timing,
 * so the journey asserts on what was shown without racing the 1-second poll.
 */
async function recordImportBar(page: Page): Promise<() => Promise<BarState[]>> {
  await page.evaluate(() => {
    const seen: BarState[] = [];
    (window as unknown as { importBarStates: BarState[] }).importBarStates = seen;
    const record = () => {
      const bar = document.querySelector(
        'section[aria-labelledby="import-title"] [role=progressbar]',
      );
      if (!bar) return;
      const label = document.getElementById(bar.getAttribute('aria-labelledby') ?? '');
      const state = {
        now: Number(bar.getAttribute('aria-valuenow')),
        max: Number(bar.getAttribute('aria-valuemax')),
        text: label?.textContent ?? '',
      };
      const last = seen.at(-1);
      if (!last || last.now !== state.now || last.max !== state.max || last.text !== state.text)
        seen.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { importBarStates: BarState[] }).importBarStates);
}

test.describe('import', () => {
  test('import an Obsidian vault from account settings, watch it run, and find the notes', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    // The fixture vault plus 150 notes more, so the import takes a few batches.
    const vault = obsidianVault();
    for (let i = 1; i <= 150; i++) {
      vault[`My Vault/Daily/Day ${i}.md`] = `Shot list for day ${i}. #daily\n`;
    }
    const zip = await zipOf(vault);

    await logIn(page, user);
    await page.goto('/account-settings');
    const card = page.getByRole('region', { name: 'Import' });
    await expect(card).toBeVisible();
    const barStates = await recordImportBar(page);
    // The poll that sees the import end: its job is the final state the card shows.
    const finalPoll = page.waitForResponse(
      async (response) => {
        const path = new URL(response.url()).pathname;
        if (response.request().method() !== 'GET' || !/^\/api\/import\/\d+\/$/.test(path))
          return false;
        const { status } = (await response.json()) as ImportJob;
        return status === 'done' || status === 'failed';
      },
      { timeout: 30_000 },
    );
    await card.getByTestId('import-file').setInputFiles({
      name: 'My Vault.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(
      card.getByText(
        'Import finished: 5 collections, 156 content items, 0 notes, 8 tags, 2 files.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    // The bar is gone once it ended; the job's processed count reached its total: 5 collections,
    // 156 items and 2 files.
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    const job = (await (await finalPoll).json()) as ImportJob;
    expect(job).toMatchObject({ status: 'done', processed: 163, total: 163 });
    // What the bar showed on the way: at least one state, each consistent, never going back.
    const shown = await barStates();
    expect(shown.length).toBeGreaterThan(0);
    for (const [index, state] of shown.entries()) {
      expect(state.now).toBeGreaterThanOrEqual(index > 0 ? shown[index - 1]!.now : 0);
      expect(state.now).toBeLessThanOrEqual(state.max);
      if (state.text === 'Reading the archive...') expect(state.now).toBe(0);
      else
        expect(state).toEqual({
          now: state.now,
          max: 163,
          text: `Importing... ${state.now} of 163`,
        });
    }
    await expect(card.getByText(/not valid YAML/)).toBeVisible();
    await checkScreen('account-import');

    await page.goto('/collections');
    await expect(page.getByRole('link', { name: 'Season 2 / Episodes' })).toBeVisible();
    await page.goto('/content');
    await expect(page.getByText('Über uns 🚀').first()).toBeVisible();
  });
});
