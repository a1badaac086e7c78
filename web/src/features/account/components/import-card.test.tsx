import type { ImportJob } from '@cw/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { ImportCard } from './import-card';

afterEach(() => vi.unstubAllGlobals());

const none = { collections: 0, content: 0, notes: 0, tags: 0, files: 0 };
const job = (values: Partial<ImportJob>): ImportJob => ({
  id: 7,
  status: 'queued',
  processed: 0,
  total: 0,
  created: none,
  updated: 0,
  skipped: 0,
  errors: [],
  ...values,
});

function renderCard(answers: ImportJob[], start: () => Response = () => json(202, job({}))) {
  let polls = 0;
  const api = fakeFetch({
    'POST /api/import/': start,
    'GET /api/import/7/': () => json(200, answers[Math.min(polls++, answers.length - 1)]!),
  });
  vi.stubGlobal('fetch', api.fn);
  storeSession();
  renderPage(<ImportCard />);
  return { api, user: userEvent.setup() };
}

const zip = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'vault.zip', { type: 'application/zip' });

describe('ImportCard', () => {
  it('uploads the zip, shows the progress bar, then a summary and what was changed', async () => {
    const { api, user } = renderCard([
      job({ status: 'running', processed: 0, total: 0 }),
      job({ status: 'running', processed: 3, total: 6 }),
      job({
        status: 'done',
        processed: 6,
        total: 6,
        created: { collections: 2, content: 3, notes: 0, tags: 4, files: 1 },
        errors: [{ path: 'Vault/Broken.md', message: 'The front matter is not valid YAML.' }],
      }),
    ]);
    await user.upload(screen.getByTestId('import-file'), zip());
    expect(
      await screen.findByText('Importing... 3 of 6', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Importing... 3 of 6' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '6');
    expect(
      await screen.findByText(
        'Import finished: 2 collections, 3 content items, 0 notes, 4 tags, 1 file.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    const messages = screen.getByRole('list', { name: 'Import messages' });
    expect(within(messages).getByText(/Vault\/Broken\.md/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toBeInstanceOf(FormData);
    expect((post.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says what an archive imported again updated and skipped', async () => {
    const { user } = renderCard([
      job({
        status: 'done',
        processed: 6,
        total: 6,
        created: { collections: 0, content: 1, notes: 0, tags: 0, files: 0 },
        updated: 2,
        skipped: 3,
      }),
    ]);
    await user.upload(screen.getByTestId('import-file'), zip());
    expect(
      await screen.findByText(
        'Import finished: 0 collections, 1 content item, 0 notes, 0 tags, 0 files. Already imported: 2 updated, 3 unchanged and skipped.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });

  it('says when the import failed, with the reason', async () => {
    const { user } = renderCard([
      job({
        status: 'failed',
        errors: [{ path: '', message: 'The file is not a zip archive.' }],
      }),
    ]);
    await user.upload(screen.getByTestId('import-file'), zip());
    expect(
      await screen.findByText('The import failed, and nothing of it was kept.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The file is not a zip archive.')).toBeInTheDocument();
  });

  it('says when the upload is refused', async () => {
    const { user } = renderCard([], () =>
      json(413, {
        message: 'The file is larger than the limit of 10 bytes.',
        code: 'payload_too_large',
      }),
    );
    await user.upload(screen.getByTestId('import-file'), zip());
    expect(
      await screen.findByText(
        'Failed to upload the archive: The file is larger than the limit of 10 bytes.',
      ),
    ).toBeInTheDocument();
  });
});
