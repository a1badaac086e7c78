import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  makeContent,
  makeFile,
  makeTag,
  page,
  WithUser,
} from '../../../test/library-fixtures';
import { currentSearch, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import type { ContentItem } from '@cw/contract';
import { ContentListPage } from './content-list-page';

function renderList(routes: Parameters<typeof fakeFetch>[0], route = '/content') {
  const fetch = fakeFetch({
    'GET /api/collections/list/': () =>
      json(200, page([makeCollection({ id: 4, name: 'Season 2' })])),
    'GET /api/collections/tags/': () => json(200, page([makeTag(5, 'draft'), makeTag(6, 'ideas')])),
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <ContentListPage />
    </WithUser>,
    { path: '/content', route },
  );
  return { fetch, user: userEvent.setup() };
}

/** The list page showing `items` as its one page of content. */
function renderItems(items: ContentItem[], route = '/content') {
  return renderList({ 'GET /api/collections/contents-list/': () => json(200, page(items)) }, route);
}

/** The query of the last content-list request. */
function lastListQuery(fetch: ReturnType<typeof fakeFetch>) {
  const call = fetch.calls.filter((c) => c.url.includes('/contents-list/')).at(-1);
  return new URL(call!.url, 'http://x').searchParams;
}

afterEach(() => vi.unstubAllGlobals());

describe('ContentListPage', () => {
  it('shows a spinner while loading', () => {
    renderList({ 'GET /api/collections/contents-list/': () => new Promise(() => {}) });
    expect(screen.getByRole('heading', { name: 'Your Content' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows the empty state, also when the load fails', async () => {
    renderList({ 'GET /api/collections/contents-list/': () => json(500, { message: 'x' }) });
    expect(await screen.findByText('No content found.')).toBeInTheDocument();
    expect(screen.getByText('Click + New Content to get started!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Content' })).toHaveAttribute(
      'href',
      '/content/create',
    );
  });

  it('shows a card with the 400-character preview, tags, attachments, date and Edited', async () => {
    const long = 'a'.repeat(390) + ' **bold** ' + 'z'.repeat(50);
    renderItems([
      makeContent({
        id: 2,
        title: 'Long script',
        content: long,
        tags_named_list: [{ id: 1, name: 'draft' }],
        tags: [1],
        files: [makeFile({ id: 1 }), makeFile({ id: 2 })],
        updated_on: '2026-11-21T10:00:00.000Z',
      }),
      makeContent({ id: 3, title: 'Short', content: 'tiny' }),
    ]);
    const [first, second] = await screen.findAllByTestId('content-card');
    const card = within(first!);
    expect(card.getByText('Long script')).toBeInTheDocument();
    expect(await card.findByText(/\.\.\.$/)).toBeInTheDocument();
    expect(first!.textContent).not.toContain('z'.repeat(50));
    expect(card.getByText('draft')).toBeInTheDocument();
    expect(card.getByText('2 attachment(s)')).toBeInTheDocument();
    expect(card.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(card.getByText('Edited')).toBeInTheDocument();
    expect(within(second!).queryByText('Edited')).not.toBeInTheDocument();
    expect(within(second!).queryByText(/attachment/)).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Edit Long script' })).toHaveAttribute(
      'href',
      '/content/2/edit',
    );
  });

  it('opens an item on click', async () => {
    const { user } = renderItems([makeContent({ id: 2, title: 'One' })]);
    await user.click(await screen.findByTestId('content-card'));
    expect(screen.getByTestId('location')).toHaveTextContent('/content/2');
  });

  it('opens an item with the Enter key', async () => {
    renderItems([makeContent({ id: 3, title: 'Two' })]);
    const card = await screen.findByTestId('content-card');
    expect(card).toHaveAttribute('tabIndex', '0');
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/content/3');
  });

  it('loads more pages', async () => {
    const { user } = renderList({
      'GET /api/collections/contents-list/': (url) =>
        url.includes('page=2')
          ? json(200, page([makeContent({ id: 1, title: 'Older' })], { count: 2 }))
          : json(200, page([makeContent({ id: 2, title: 'Newer' })], { count: 2, next: 'x' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
  });

  it('loads the next page by the cursor its next link carries (decision 264)', async () => {
    const asked: string[] = [];
    const { user } = renderList({
      'GET /api/collections/contents-list/': (url) => {
        asked.push(url);
        return url.includes('after=')
          ? json(200, page([makeContent({ id: 1, title: 'Older' })], { count: 2 }))
          : json(
              200,
              page([makeContent({ id: 2, title: 'Newer' })], {
                count: 2,
                next: '/api/collections/contents-list/?page=2&page_size=30&after=WyItY3JlYXRlZF9vbiIsMl0',
              }),
            );
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    const second = new URL(asked.at(-1)!, 'http://local').searchParams;
    expect(second.get('page')).toBe('2');
    expect(second.get('after')).toBe('WyItY3JlYXRlZF9vbiIsMl0');
  });

  it('deletes after the Delete Content confirmation, and alerts on failure', async () => {
    const { user } = renderList({
      'GET /api/collections/contents-list/': [
        () => json(200, page([makeContent({ id: 2, title: 'Old script' })])),
        () => json(200, page([])),
      ],
      'DELETE /api/collections/contents-list/2/': [
        () => json(500, { message: 'x' }),
        () => new Response(null, { status: 204 }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Old script' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Content' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Old script? It moves to the trash, where you can restore it for 30 days.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/content$/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete content.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No content found.')).toBeInTheDocument();
  });

  it('cuts the preview at a word, leaves out a heading that repeats the title, and shows status and words', async () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    renderItems([
      makeContent({
        id: 2,
        title: 'Pilot episode',
        content: `# Pilot episode\n\n${words}`,
        status: 'editing',
        word_count: 1234,
      }),
    ]);
    const card = await screen.findByTestId('content-card');
    expect(within(card).getAllByText('Pilot episode')).toHaveLength(1);
    const preview = await within(card).findByText(/\.\.\.$/);
    expect(preview.textContent).toMatch(/word\d+\.\.\.$/);
    const cut = preview.textContent!.replace(/\.\.\.$/, '');
    expect(words.startsWith(cut)).toBe(true);
    expect(words[cut.length]).toBe(' ');
    expect(cut.length).toBeLessThanOrEqual(400);
    expect(within(card).getByText('Editing')).toBeInTheDocument();
    expect(within(card).getByText('1,234 words')).toBeInTheDocument();
  });

  it('links each tag chip to the list filtered by that tag', async () => {
    renderItems([makeContent({ id: 2, tags: [5], tags_named_list: [{ id: 5, name: 'draft' }] })]);
    const card = await screen.findByTestId('content-card');
    expect(within(card).getByRole('link', { name: 'Show content tagged draft' })).toHaveAttribute(
      'href',
      '/content?tag=5',
    );
  });

  it('reads sort and filters from the address and asks the server for them', async () => {
    const { fetch } = renderItems(
      [makeContent({ id: 2 })],
      '/content?sort=title&collection=4&tag=5&status=editing',
    );
    await screen.findByTestId('content-card');
    const query = lastListQuery(fetch);
    expect(query.get('ordering')).toBe('title');
    expect(query.get('collection')).toBe('4');
    expect(query.get('tag')).toBe('5');
    expect(query.get('status')).toBe('editing');
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
    expect(screen.getByLabelText('Status')).toHaveValue('editing');
    expect(await screen.findByRole('option', { name: 'Season 2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Collection')).toHaveValue('4');
    expect(await screen.findByRole('option', { name: 'draft' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tag')).toHaveValue('5');
  });

  it('keeps a new sort and filter in the address, and Back returns to the previous view', async () => {
    const { fetch, user } = renderList({
      'GET /api/collections/contents-list/': (url) =>
        json(
          200,
          page([
            makeContent({ id: 2, title: url.includes('status=idea') ? 'An idea' : 'Anything' }),
          ]),
        ),
    });
    await screen.findByText('Anything');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Publish date');
    expect(currentSearch()).toBe('?sort=publish');
    await user.selectOptions(screen.getByLabelText('Status'), 'Idea');
    expect(currentSearch()).toBe('?sort=publish&status=idea');
    expect(await screen.findByText('An idea')).toBeInTheDocument();
    expect(lastListQuery(fetch).get('ordering')).toBe('publish_on');
    await user.click(screen.getByTestId('history-back'));
    expect(currentSearch()).toBe('?sort=publish');
    expect(await screen.findByText('Anything')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('says when no content matches the filters and clears them', async () => {
    const { user } = renderList(
      {
        'GET /api/collections/contents-list/': (url) =>
          json(
            200,
            page(url.includes('tag=5') ? [] : [makeContent({ id: 2, title: 'Everything' })]),
          ),
      },
      '/content?tag=5',
    );
    expect(await screen.findByText('No content matches these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentSearch()).toBe('');
    expect(await screen.findByText('Everything')).toBeInTheDocument();
  });

  it('lists what is shared with the person too, and narrows to Mine or Shared with me', async () => {
    const { user, fetch } = renderList({
      'GET /api/collections/contents-list/': (url) =>
        json(
          200,
          page(
            url.includes('scope=mine')
              ? [makeContent({ id: 1, title: 'My idea' })]
              : [
                  makeContent({ id: 1, title: 'My idea' }),
                  makeContent({ id: 2, title: 'Their script', role: 'editor', user: 9 }),
                ],
          ),
        ),
    });
    expect(await screen.findByText('Their script')).toBeInTheDocument();
    expect(lastListQuery(fetch).get('scope')).toBe('all');
    await user.selectOptions(screen.getByLabelText('Show'), 'Mine');
    expect(currentSearch()).toBe('?scope=mine');
    await vi.waitFor(() => expect(screen.queryByText('Their script')).not.toBeInTheDocument());
    expect(lastListQuery(fetch).get('scope')).toBe('mine');
  });

  it('sets the document title', async () => {
    renderItems([]);
    await screen.findByText('No content found.');
    expect(document.title).toBe('Your Content · Creator Workspace');
  });
});
