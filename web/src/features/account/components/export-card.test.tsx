import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/factories';
import { fakeFetch, json, renderPage } from '../../../test/render';
import { ExportCard, exportFileName } from './export-card';

afterEach(() => vi.unstubAllGlobals());

function renderCard(answer: () => Response) {
  const api = fakeFetch({ 'GET /api/export/': answer });
  vi.stubGlobal('fetch', api.fn);
  const createObjectURL = vi.fn(() => 'blob:export');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  storeSession();
  renderPage(<ExportCard />);
  return { api, names, click, createObjectURL, user: userEvent.setup() };
}

describe('ExportCard', () => {
  it('downloads the zip with the session’s token under the server’s file name', async () => {
    const { api, names, user } = renderCard(
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="creator-workspace-2026-11-24.zip"',
          },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(await screen.findByText('Your export has been downloaded.')).toBeInTheDocument();
    expect(names).toEqual(['creator-workspace-2026-11-24.zip']);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says so when the export fails', async () => {
    const { names, user } = renderCard(() => json(500, { message: 'boom' }));
    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(
      await screen.findByText('Failed to export your data. Please try again.'),
    ).toBeInTheDocument();
    expect(names).toEqual([]);
  });

  it('names the file by the day when the server gives no name', () => {
    expect(exportFileName(null, new Date('2027-01-02T10:00:00Z'))).toBe(
      'creator-workspace-2027-01-02.zip',
    );
    expect(exportFileName('attachment; filename="x.zip"')).toBe('x.zip');
  });
});
