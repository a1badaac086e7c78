import fs from 'node:fs';
import yauzl from 'yauzl';
import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

interface Created {
  id: number;
}

/** The entry names and texts of a zip on disk. */
function readZip(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(fs.readFileSync(file), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, string>();
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

test.describe('your data', () => {
  test('Export everything downloads a zip of the person’s collections, notes and content', async ({
    page,
    request,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const season = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Road trip',
    });
    await api.call('POST', pathOf('notes.create'), {
      collection: season.id,
      title: 'Packing list',
      content: '- Camera\n- Tripod',
      tags: [],
    });
    const script = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Cold open',
      content: '# Intro\n\nWe leave at dawn.',
      collections: [season.id],
    });
    await logIn(page, user);
    await page.goto('/account-settings');
    const card = page.getByRole('region', { name: 'Your data' });
    await expect(card).toBeVisible();
    await checkScreen('account-export');

    // The card asks for a download link; the browser's own download manager fetches it (no
    // Authorization header: the link's ticket signs it in) and saves the zip as it streams.
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export everything' }).click();
    const download = await downloading;
    const link = new URL(download.url());
    expect(link.pathname).toBe(pathOf('export.download'));
    expect(link.searchParams.get('ticket')).toBeTruthy();
    expect(download.suggestedFilename()).toMatch(/^creator-workspace-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(
      card.getByText('Your export is downloading. Your browser shows its progress.'),
    ).toBeVisible();
    // The page stayed where it was.
    await expect(page).toHaveURL(/\/account-settings$/);

    const entries = await readZip(await download.path());
    const item = entries.get(`content/cold-open-${script.id}.md`);
    expect(item).toContain('title: Cold open');
    expect(item).toContain(`- road-trip-${season.id}`);
    expect(item).toMatch(/---\n\n# Intro\n\nWe leave at dawn\.$/);
    expect(entries.has(`collections/road-trip-${season.id}/collection.md`)).toBe(true);
    const notes = [...entries.keys()].filter((name) => name.includes('/notes/packing-list-'));
    expect(notes).toHaveLength(1);
    expect(JSON.parse(entries.get('manifest.json') ?? '{}')).toMatchObject({
      format: 'creator-workspace-export',
      counts: { collections: 1, notes: 1, content: 1 },
    });
  });
});
