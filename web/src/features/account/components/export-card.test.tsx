import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { ExportCard } from './export-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LINK = '/api/export/?ticket=t.i.cket';

/** The card, the faked API, and every link it clicked (href, download, still in the page). */
function renderCard(answer: () => Response | Promise<Response>) {
  const api = fakeFetch({ 'POST /api/export/link/': answer });
  vi.stubGlobal('fetch', api.fn);
  const clicked: { href: string; download: string; hidden: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({
      href: this.getAttribute('href') ?? '',
      download: this.hasAttribute('download') ? this.download : '(none)',
      hidden: this.hidden,
    });
  });
  storeSession();
  renderPage(<ExportCard />);
  return { api, clicked, user: userEvent.setup() };
}

describe('ExportCard', () => {
  it('asks for a download link with the session’s token and hands it to the browser', async () => {
    let answer!: (response: Response) => void;
    const { api, clicked, user } = renderCard(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    // While the link is asked for: the card says so and nothing is downloaded yet.
    expect(await screen.findByText('Preparing your export...')).toBeInTheDocument();
    expect(clicked).toEqual([]);
    answer(json(200, { url: LINK }));

    expect(
      await screen.findByText('Your export is downloading. Your browser shows its progress.'),
    ).toBeInTheDocument();
    // One hidden link with `download` (empty: the server's Content-Disposition names the file),
    // followed by the browser itself: the page never reads the zip.
    expect(clicked).toEqual([{ href: LINK, download: '', hidden: true }]);
    expect(document.querySelector(`a[href="${LINK}"]`)).toBeNull();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.method).toBe('POST');
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says so when the link cannot be had, and downloads nothing', async () => {
    const { clicked, user } = renderCard(() => json(500, { message: 'boom' }));
    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(
      await screen.findByText('Failed to export your data. Please try again.'),
    ).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});
