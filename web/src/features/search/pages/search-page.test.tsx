import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  makeResult,
  makeTag,
  page,
  testUser,
  WithUser,
  pageAnswer,
} from '../../../test/library-fixtures';
import { currentSearch, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { SearchPage } from './search-page';

function renderSearch(
  search: (url: string) => Response | Promise<Response>,
  route = '/search?q=intro',
) {
  const fetch = fakeFetch({
    'GET /api/search/': search,
    'GET /api/collections/list/': pageAnswer([makeCollection({ id: 4, name: 'Season 2' })]),
    'GET /api/collections/tags/': pageAnswer([makeTag(5, 'draft')]),
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <SearchPage />
    </WithUser>,
    { path: '/search', route },
  );
  return { fetch, user: userEvent.setup({ delay: null }) };
}

/** The query of the last search request. */
function lastSearch(fetch: ReturnType<typeof fakeFetch>) {
  const call = fetch.calls.filter((c) => c.url.startsWith('/api/search/')).at(-1);
  return call ? new URL(call.url, 'http://x').searchParams : null;
}

afterEach(() => vi.unstubAllGlobals());

describe('SearchPage', () => {
  it('searches what the address says, with the filters, and shows the results with their matches', async () => {
    const { fetch } = renderSearch(
      pageAnswer([
        makeResult({ id: 5, title: 'Intro script', snippet: 'An intro', highlights: [[3, 8]] }),
      ]),
      '/search?q=intro&type=content&collection=4&tag=5&status=idea',
    );
    const results = await screen.findByRole('list', { name: 'Search results' });
    const row = within(results).getByRole('link', { name: /Intro script/ });
    expect(row).toHaveAttribute('href', '/content/5');
    expect([...row.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Intro',
      'intro',
    ]);
    const query = lastSearch(fetch)!;
    expect(Object.fromEntries(query)).toMatchObject({
      q: 'intro',
      type: 'content',
      collection: '4',
      tag: '5',
      status: 'idea',
      page: '1',
    });
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('intro');
    expect(await screen.findByRole('option', { name: 'Season 2', selected: true })).toBeTruthy();
    expect(screen.getByLabelText('Type')).toHaveValue('content');
    expect(screen.getByLabelText('Status')).toHaveValue('idea');
    expect(document.title).toBe('“intro” · Search · Creator Workspace');
  });

  it('keeps a new query and each filter in the address, one history entry each', async () => {
    const { user, fetch } = renderSearch(pageAnswer([makeResult()]));
    await screen.findByRole('list', { name: 'Search results' });
    await user.selectOptions(screen.getByLabelText('Type'), 'note');
    expect(currentSearch()).toBe('?q=intro&type=note');
    expect(lastSearch(fetch)!.get('type')).toBe('note');

    const field = screen.getByRole('searchbox', { name: 'Search for' });
    await user.clear(field);
    await user.type(field, 'outro{Enter}');
    expect(currentSearch()).toBe('?q=outro&type=note');
    expect(JSON.parse(localStorage.getItem(`cw.recent-searches.${testUser.id}`)!)).toEqual([
      'outro',
    ]);

    await user.click(screen.getByTestId('history-back'));
    expect(currentSearch()).toBe('?q=intro&type=note');
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('intro');
    await user.click(screen.getByTestId('history-back'));
    expect(currentSearch()).toBe('?q=intro');
    expect(screen.getByLabelText('Type')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('Status'), 'published');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentSearch()).toBe('?q=intro');
  });

  it('loads more, 20 at a time', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      makeResult({ id: i + 1, title: `Intro ${i + 1}` }),
    );
    const { user, fetch } = renderSearch((url) =>
      new URL(url, 'http://x').searchParams.get('page') === '2'
        ? json(200, page([makeResult({ id: 21, title: 'Intro 21' })], { count: 21 }))
        : json(200, page(first, { count: 21, next: '/api/search/?q=intro&page=2' })),
    );
    await screen.findByText('Showing 20 of 21');
    expect(lastSearch(fetch)!.get('page_size')).toBe('20');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Intro 21/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('search-result')).toHaveLength(21);
  });

  it('says "about" for a count past the exact ones, and nothing once every page is shown', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      makeResult({ id: i + 1, title: `Camera ${i + 1}` }),
    );
    // The server estimated 2,348 hits; there were 21.
    const { user } = renderSearch((url) =>
      new URL(url, 'http://x').searchParams.get('page') === '2'
        ? json(200, page([makeResult({ id: 21, title: 'Camera 21' })], { count: 21 }))
        : json(200, page(first, { count: 2348, next: '/api/search/?q=camera&page=2' })),
    );
    await screen.findByText('Showing 20 of about 2,348');
    expect(screen.getByRole('status')).toHaveTextContent('About 2,348 results');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Camera 21/ })).toBeInTheDocument();
    // The last page came: no promise of more, no button.
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows an empty state without a query and asks nothing', async () => {
    const { fetch } = renderSearch(pageAnswer([]), '/search');
    expect(screen.getByText('Search your workspace.')).toBeInTheDocument();
    expect(lastSearch(fetch)).toBeNull();
    expect(document.title).toBe('Search · Creator Workspace');
  });

  it('says when nothing matches', async () => {
    renderSearch(pageAnswer([]), '/search?q=zzz&tag=5');
    expect(await screen.findByText('No results for "zzz".')).toBeInTheDocument();
    expect(screen.getByText('Try other words, or clear the filters.')).toBeInTheDocument();
  });

  it('says when the search fails', async () => {
    renderSearch(() => json(500, { message: 'Internal server error' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed. Please try again.');
  });
});
