import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeContent, makeFile, page, WithUser } from '../../../test/library-fixtures';
import { fakeFetch, json, renderPage } from '../../../test/render';
import { ContentListPage } from './content-list-page';

function renderList(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <ContentListPage />
    </WithUser>,
    { path: '/content' },
  );
  return { fetch, user: userEvent.setup() };
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
    renderList({
      'GET /api/collections/contents-list/': () =>
        json(
          200,
          page([
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
          ]),
        ),
    });
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
    const { user } = renderList({
      'GET /api/collections/contents-list/': () =>
        json(200, page([makeContent({ id: 2, title: 'One' })])),
    });
    await user.click(await screen.findByTestId('content-card'));
    expect(screen.getByTestId('location')).toHaveTextContent('/content/2');
  });

  it('opens an item with the Enter key', async () => {
    renderList({
      'GET /api/collections/contents-list/': () =>
        json(200, page([makeContent({ id: 3, title: 'Two' })])),
    });
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
      'Are you sure you want to delete Old script? This action cannot be undone.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/content$/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete content.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No content found.')).toBeInTheDocument();
  });
});
