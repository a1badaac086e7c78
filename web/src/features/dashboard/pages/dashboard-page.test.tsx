import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCollection, makeContent, page, WithUser } from '../../../test/library-fixtures';
import { fakeFetch, json, renderPage } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

function renderDashboard(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <DashboardPage />
    </WithUser>,
    { path: '/dashboard' },
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', () => {
  it('shows the header and a loading state', () => {
    renderDashboard({
      'GET /api/collections/list/': () => new Promise(() => {}),
      'GET /api/collections/contents-list/': () => new Promise(() => {}),
      'GET /api/collections/tags/': () => new Promise(() => {}),
    });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('counts collections, content items and tags, and lists recent changes newest first', async () => {
    renderDashboard({
      'GET /api/collections/list/': () =>
        json(
          200,
          page(
            [makeCollection({ id: 4, name: 'Season two', created_on: '2026-11-19T08:00:00Z' })],
            {
              count: 12,
            },
          ),
        ),
      'GET /api/collections/contents-list/': () =>
        json(
          200,
          page(
            [
              makeContent({
                id: 9,
                title: 'Edited script',
                created_on: '2026-11-01T08:00:00Z',
                updated_on: '2026-11-21T08:00:00Z',
              }),
              makeContent({ id: 8, title: 'Old script', created_on: '2026-10-01T08:00:00Z' }),
            ],
            { count: 30 },
          ),
        ),
      'GET /api/collections/tags/': () => json(200, page([], { count: 7 })),
    });
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(await screen.findByText('30')).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recently changed' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/content/9',
      '/collections/4',
      '/content/8',
    ]);
    expect(links[0]).toHaveTextContent('Edited');
  });

  it('invites to create something when the library is empty', async () => {
    renderDashboard({
      'GET /api/collections/list/': () => json(200, page([])),
      'GET /api/collections/contents-list/': () => json(200, page([])),
      'GET /api/collections/tags/': () => json(200, page([])),
    });
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
  });

  it('says so when the recent items cannot be loaded', async () => {
    renderDashboard({
      'GET /api/collections/list/': () => json(500, { message: 'x' }),
      'GET /api/collections/contents-list/': () => json(500, { message: 'x' }),
      'GET /api/collections/tags/': () => json(500, { message: 'x' }),
    });
    expect(await screen.findByText('Could not load your recent items.')).toBeInTheDocument();
  });
});
