import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, WithUser } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { DashboardPage } from './dashboard-page';

function renderDashboard(answer: Parameters<typeof fakeFetch>[0][string]) {
  const fetch = fakeFetch({ 'GET /api/dashboard/': answer });
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <DashboardPage />
    </WithUser>,
    { path: '/dashboard' },
  );
  return fetch;
}

const summary = dashboardAnswer;

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', () => {
  it('shows the header and a loading state', () => {
    renderDashboard(() => new Promise(() => {}));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
  });

  it('loads in one request, in the person’s own days', async () => {
    const fetch = renderDashboard(summary({}));
    await screen.findByText(/Nothing here yet/);
    expect(fetch.calls).toHaveLength(1);
    const query = new URL(fetch.calls[0]!.url, 'http://x').searchParams;
    expect(query.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Sunday 00:00 local time, sent as an instant.
    const weekStart = new Date(query.get('week_start')!);
    expect(weekStart.getDay()).toBe(0);
    expect(weekStart.getHours()).toBe(0);
  });

  it('counts collections, content items and tags, and lists recent changes newest first', async () => {
    renderDashboard(
      summary({
        counts: { collections: 12, contents: 30, tags: 7 },
        recent: [
          {
            kind: 'content',
            id: 9,
            title: 'Edited script',
            changed_on: '2026-11-21T08:00:00Z',
            edited: true,
          },
          {
            kind: 'collection',
            id: 4,
            title: 'Season two',
            changed_on: '2026-11-19T08:00:00Z',
            edited: false,
          },
          {
            kind: 'content',
            id: 8,
            title: 'Old script',
            changed_on: '2026-10-01T08:00:00Z',
            edited: false,
          },
        ],
      }),
    );
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
    expect(links[1]).toHaveTextContent('Collection · Created');
  });

  it('invites to create something when the library is empty', async () => {
    renderDashboard(summary({}));
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
    // A first visit is not a return.
    expect(
      screen.getByText('Welcome, Ada. Start with a collection or a first script.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('says so when the summary cannot be loaded', async () => {
    renderDashboard(() => json(500, { message: 'x' }));
    expect(await screen.findByText('Could not load your recent items.')).toBeInTheDocument();
    expect(screen.getByText('Could not load your next publications.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Collections\s*–/ })).toBeInTheDocument();
  });

  it('counts items per status, lists the next publications and the words of items started this week, each linking to its place', async () => {
    renderDashboard(
      summary({
        counts: { collections: 0, contents: 6, tags: 0 },
        statuses: { idea: 4, scripting: 2, recording: 0, editing: 0, published: 0 },
        words_this_week: { words: 150, items: 2 },
        upcoming: [{ id: 5, title: 'Launch', status: 'editing', publish_on: '2099-01-02' }],
      }),
    );
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
    const words = await screen.findByTestId('words-this-week');
    await within(words).findByText('150');
    expect(words).toHaveTextContent('in 2 items started since Sunday');
  });
});
