import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '@cw/contract';
import { makeContent, renderSignedIn } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { ContentDetailPage } from './content-detail-page';

afterEach(() => vi.unstubAllGlobals());

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
/** At the account's 150 words a minute: Intro 20 s, Cold open 60 s, Build 40 s, Outro 16 s. */
const SCRIPT = [
  `${words(49)} [b-roll: bench] end.`,
  '# Cold open',
  `${words(149)} see [the plank](https://example.com/plank).`,
  '# Build',
  words(100),
  '# Outro',
  words(40),
].join('\n\n');

const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

function renderItem(item: ContentItem) {
  let current = item;
  return renderSignedIn(
    <ContentDetailPage />,
    { path: '/content/:id', route: `/content/${item.id}` },
    {
      [`GET /api/collections/contents-list/${item.id}/`]: () => json(200, current),
      [`PATCH /api/collections/contents-list/${item.id}/`]: (_url, init) => {
        current = { ...current, ...(JSON.parse(init?.body as string) as object) };
        return json(200, current);
      },
      [`GET /api/collections/contents-list/${item.id}/backlinks/`]: () => json(200, EMPTY_PAGE),
      [`GET /api/collections/contents-list/${item.id}/links/`]: () => json(200, EMPTY_PAGE),
    },
  );
}

const chaptersOf = () =>
  within(screen.getByRole('list', { name: 'Chapters' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('creator tools on an item', () => {
  it('lists the chapters at the pace, says it is ready for YouTube, and copies them', async () => {
    const { user } = renderItem(makeContent({ id: 4, title: 'Desk', content: SCRIPT }));
    expect(await screen.findByRole('list', { name: 'Chapters' })).toBeInTheDocument();
    expect(chaptersOf()).toEqual(['00:00Intro', '00:20Cold open', '01:20Build', '02:00Outro']);
    expect(screen.getByText(/Ready for YouTube/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy chapters' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '00:00 Intro\n00:20 Cold open\n01:20 Build\n02:00 Outro',
    );
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it("explains YouTube's rules a script breaks", async () => {
    renderItem(makeContent({ id: 5, content: '# One\n\nshort\n\n# Two\n\nshort' }));
    expect(
      await screen.findByText('YouTube will not show these chapters yet:'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'YouTube needs at least 3 chapters; this script has 2. Add headings to split it.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Each chapter must last at least 10 seconds; “One” lasts 0 s.'),
    ).toBeInTheDocument();
  });

  it('saves a real start typed after a recording, and the chapters after it follow', async () => {
    const { user, fetch } = renderItem(makeContent({ id: 6, content: SCRIPT }));
    await user.click(await screen.findByRole('button', { name: 'Correct timings' }));
    await user.type(screen.getByLabelText('Build'), '1:30');
    await user.click(screen.getByRole('button', { name: 'Save timings' }));
    await waitFor(() => expect(chaptersOf()).toContain('01:30Buildmeasured'));
    expect(chaptersOf()).toContain('02:10Outro');
    expect(fetch.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      chapter_starts: [{ title: 'Build', start: 90 }],
    });
  });

  it('refuses a start that is not a time, naming the chapter', async () => {
    const { user, fetch } = renderItem(makeContent({ id: 7, content: SCRIPT }));
    await user.click(await screen.findByRole('button', { name: 'Correct timings' }));
    await user.type(screen.getByLabelText('Outro'), 'soon');
    await user.click(screen.getByRole('button', { name: 'Save timings' }));
    expect(
      await screen.findByText('Enter the start of “Outro” as minutes:seconds, like 1:23.'),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('offers no timing correction to a viewer', async () => {
    renderItem(makeContent({ id: 8, content: SCRIPT, role: 'viewer' }));
    expect(await screen.findByRole('button', { name: 'Copy chapters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct timings' })).not.toBeInTheDocument();
  });

  it.each([
    ['Download SRT', 'desk-video.srt', /^1\n00:00:00,000 --> /],
    ['Download VTT', 'desk-video.vtt', /^WEBVTT\n\n00:00:00\.000 --> /],
  ])('%s saves a caption file named after the item', async (button, name, start) => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:captions'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = renderItem(makeContent({ id: 9, title: 'Desk video!', content: SCRIPT }));
    await user.click(await screen.findByRole('button', { name: button }));
    expect(clicked).toEqual([name]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    expect(text).toMatch(start);
    expect(text).not.toContain('b-roll');
    expect(text).not.toContain('Cold open');
    click.mockRestore();
  });

  it('copies the show notes: description, chapters and links', async () => {
    const { user } = renderItem(makeContent({ id: 10, content: SCRIPT }));
    await user.click(await screen.findByRole('button', { name: 'Copy show notes' }));
    const notes = await navigator.clipboard.readText();
    expect(notes).toMatch(/^w0 w1 .* w48 end\.\n\nChapters\n00:00 Intro\n/);
    expect(notes).toContain('\n\nLinks\n- the plank: https://example.com/plank');
  });
});
