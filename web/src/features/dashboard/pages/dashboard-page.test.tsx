import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  makeContent,
  page,
  WithUser,
  pageAnswer,
} from '../../../test/library-fixtures';
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
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
  });

  it('counts collections, content items and tags, and lists recent changes newest first', async () => {
    renderDashboard({
      'GET /api/collections/list/': pageAnswer(
        [makeCollection({ id: 4, name: 'Season two', created_on: '2026-11-19T08:00:00Z' })],
        {
          count: 12,
        },
      ),
      'GET /api/collections/contents-list/': pageAnswer(
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
      'GET /api/collections/tags/': pageAnswer([], { count: 7 }),
    });
    expect(await screen.findByRole('link', { name: /Collections\s*12/ })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Ada.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Content items\s*30/ })).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument(); // tags
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
      'GET /api/collections/list/': pageAnswer([]),
      'GET /api/collections/contents-list/': pageAnswer([]),
      'GET /api/collections/tags/': pageAnswer([]),
    });
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
    // A first visit is not a return.
    expect(
      screen.getByText('Welcome, Ada. Start with a collection or a first script.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('says so when the recent items cannot be loaded', async () => {
    renderDashboard({
      'GET /api/collections/list/': () => json(500, { message: 'x' }),
      'GET /api/collections/contents-list/': () => json(500, { message: 'x' }),
      'GET /api/collections/tags/': () => json(500, { message: 'x' }),
    });
    expect(await screen.findByText('Could not load your recent items.')).toBeInTheDocument();
  });

  it('counts items per status, lists the next publications and the words of items started this week, each linking to its place', async () => {
    const now = new Date();
    const fetch = renderDashboard({
      'GET /api/collections/list/': pageAnswer([]),
      'GET /api/collections/tags/': pageAnswer([]),
      'GET /api/collections/contents-list/': (url) => {
        const query = new URL(url, 'http://x').searchParams;
        const status = query.get('status');
        if (status) return json(200, page([], { count: { idea: 4, scripting: 2 }[status] ?? 0 }));
        if (query.get('publish_on_after')) {
          return json(
            200,
            page([
              makeContent({ id: 5, title: 'Launch', status: 'editing', publish_on: '2099-01-02' }),
            ]),
          );
        }
        if (query.get('page_size') === '200') {
          return json(
            200,
            page([
              makeContent({ id: 6, word_count: 120, created_on: now.toISOString() }),
              makeContent({ id: 7, word_count: 30, created_on: now.toISOString() }),
              makeContent({ id: 1, word_count: 999, created_on: '2020-01-01T00:00:00Z' }),
            ]),
          );
        }
        return json(200, page([]));
      },
    });
    const pipeline = await screen.findByRole('region', { name: 'Pipeline' });
    await within(pipeline).findByRole('link', { name: /Idea\s*4/ });
    expect(within(pipeline).getByRole('link', { name: /Scripting\s*2/ })).toHaveAttribute(
      'href',
      '/content?status=scripting',
    );
    expect(within(pipeline).getByRole('link', { name: /Open the board/ })).toHaveAttribute(
      'href',
      '/board',
    );
    const upcoming = screen.getByRole('region', { name: 'Next publications' });
    expect(await within(upcoming).findByRole('link', { name: /Launch/ })).toHaveAttribute(
      'href',
      '/content/5',
    );
    expect(within(upcoming).getByText('Editing · Jan 2, 2099')).toBeInTheDocument();
    const upcomingCall = fetch.calls.find((call) => call.url.includes('publish_on_after'));
    expect(upcomingCall?.url).toMatch(/ordering=publish_on/);
    expect(upcomingCall?.url).toMatch(/page_size=5/);
    // 120 + 30: the item created years ago is not this week's writing.
    const words = await screen.findByTestId('words-this-week');
    await within(words).findByText('150');
    expect(words).toHaveTextContent('in 2 items started since Sunday');
  });
});
