import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  makeContent,
  page,
  WithUser,
  pageAnswer,
} from '../../../test/library-fixtures';
import { currentSearch, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { BoardPage } from './board-page';

afterEach(() => vi.unstubAllGlobals());

function renderBoard(items: ReturnType<typeof makeContent>[], route = '/board') {
  const fetch = fakeFetch({
    'GET /api/collections/contents-list/': (url) => {
      const query = new URL(url, 'http://x').searchParams;
      const size = Number(query.get('page_size'));
      const start = (Number(query.get('page')) - 1) * size;
      return json(
        200,
        page(items.slice(start, start + size), {
          count: items.length,
          next: start + size < items.length ? 'next' : null,
        }),
      );
    },
    'GET /api/collections/list/': pageAnswer([makeCollection({ id: 3, name: 'Season 2' })]),
    'GET /api/collections/tags/': pageAnswer([]),
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <BoardPage />
    </WithUser>,
    { path: '/board', route },
  );
  return fetch;
}

describe('BoardPage', () => {
  it('loads every item page by page, in board order per column, with the card details', async () => {
    const items = Array.from({ length: 450 }, (_, i) =>
      makeContent({
        id: i + 1,
        title: `Item ${i + 1}`,
        status: i < 3 ? 'scripting' : 'idea',
        position: i < 3 ? 3 - i : i,
        word_count: 300,
        // 300 words read aloud, under a heading that is not (decision 215).
        content: `# Take one\n${'word '.repeat(300)}`,
        publish_on: i === 0 ? '2026-12-24' : null,
        collections_named_list: i === 0 ? [{ id: 3, name: 'Season 2' }] : [],
      }),
    );
    const fetch = renderBoard(items);
    const scripting = await screen.findByRole('region', { name: 'Scripting' });
    const cards = within(scripting).getAllByTestId('board-card');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual([
      'Item 3',
      'Item 2',
      'Item 1',
    ]);
    expect(cards[2]).toHaveTextContent('Season 2');
    expect(cards[2]).toHaveTextContent('Dec 24, 2026');
    expect(cards[2]).toHaveTextContent('300 words');
    // 300 words at the test user's 150 words per minute.
    expect(cards[2]).toHaveTextContent('2 min speaking time');
    const idea = screen.getByRole('region', { name: 'Idea' });
    // All 447 are counted; only those near the viewport are mounted (the column is windowed).
    expect(within(idea).getByTestId('board-column-count')).toHaveTextContent('447 items');
    const mounted = within(idea).getAllByTestId('board-card');
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.length).toBeLessThan(447);
    expect(mounted[0]!.closest('li')).toHaveAttribute('aria-setsize', '447');
    const lists = fetch.calls.filter((call) => call.url.includes('contents-list'));
    expect(lists).toHaveLength(3);
    for (const call of lists) {
      expect(call.url).toMatch(/page_size=200/);
      expect(call.url).toMatch(/ordering=position/);
    }
  });

  it('gives a viewer’s cards no move handle, and the owner’s one with the item’s name', async () => {
    renderBoard([
      makeContent({ id: 1, title: 'Mine' }),
      makeContent({ id: 2, title: 'Shared', role: 'viewer', user: 99 }),
      makeContent({ id: 3, title: 'Co-written', role: 'editor', user: 99 }),
    ]);
    expect(await screen.findByRole('button', { name: 'Move Mine' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Co-written' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Shared' })).not.toBeInTheDocument();
    expect(screen.getByText('Shared')).toBeInTheDocument();
  });

  it('shows what is shared with the person, with role badges, and filters Mine / Shared with me / All', async () => {
    const fetch = renderBoard([
      makeContent({ id: 1, title: 'Mine' }),
      makeContent({ id: 2, title: 'Shared', role: 'viewer', user: 99 }),
      makeContent({ id: 3, title: 'Co-written', role: 'editor', user: 99, status: 'scripting' }),
    ]);
    await screen.findByRole('button', { name: 'Move Mine' });
    // One request for every item the person may read (decision 220).
    const lists = fetch.calls.filter((call) => call.url.includes('contents-list'));
    expect(lists.every((call) => /scope=all/.test(call.url))).toBe(true);
    const card = (title: string) =>
      screen.getByRole('link', { name: title }).closest('[data-testid="board-card"]');
    expect(card('Co-written')).toHaveTextContent('Editor');
    expect(card('Shared')).toHaveTextContent('Viewer');
    expect(within(card('Mine') as HTMLElement).queryByTestId('role-badge')).toBeNull();

    const show = screen.getByLabelText('Show');
    await userEvent.selectOptions(show, 'Shared with me');
    expect(currentSearch()).toBe('?scope=shared');
    expect(screen.queryByRole('link', { name: 'Mine' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shared' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Co-written' })).toBeInTheDocument();
    await userEvent.selectOptions(show, 'Mine');
    expect(screen.getByRole('link', { name: 'Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Co-written' })).not.toBeInTheDocument();
    await userEvent.selectOptions(show, 'All');
    expect(currentSearch()).toBe('');
    expect(screen.getAllByTestId('board-card')).toHaveLength(3);
  });

  it('keeps the collection filter in the address and asks for that collection only', async () => {
    const fetch = renderBoard([makeContent({ id: 1, title: 'Mine' })]);
    await screen.findByRole('button', { name: 'Move Mine' });
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    const select = screen.getByLabelText('Collection');
    await within(select).findByRole('option', { name: 'Season 2' });
    await userEvent.selectOptions(select, 'Season 2');
    expect(currentSearch()).toBe('?collection=3');
    await vi.waitFor(() =>
      expect(fetch.calls.some((call) => /contents-list\/\?.*collection=3/.test(call.url))).toBe(
        true,
      ),
    );
  });
});
