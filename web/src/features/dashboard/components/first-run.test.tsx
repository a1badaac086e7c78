import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '@cw/contract';
import {
  makeCollection,
  makeContent,
  dashboardAnswer,
  renderSignedIn,
  testUser,
} from '../../../test/library-fixtures';
import { currentPath } from '../../../test/render';
import { json } from '../../../test/fake-fetch';
import { DashboardPage } from '../pages/dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const EMPTY = { 'GET /api/dashboard/': dashboardAnswer() };

const renderDashboard = (routes: Parameters<typeof renderSignedIn>[2]) =>
  renderSignedIn(<DashboardPage />, { path: '/dashboard', route: '/dashboard' }, routes);

describe('the first run', () => {
  it('offers a new account a sample collection, the templates and the import', async () => {
    renderDashboard(EMPTY);
    const offers = await screen.findByRole('region', { name: 'Start somewhere' });
    expect(within(offers).getByRole('button', { name: 'Add a sample collection' })).toBeVisible();
    expect(within(offers).getByRole('button', { name: 'Browse templates' })).toBeVisible();
    expect(
      within(offers).getByRole('link', { name: 'Import from Notion/Obsidian' }),
    ).toHaveAttribute('href', '/account-settings#import');
  });

  it('is not offered once the library holds something', async () => {
    renderDashboard({
      ...EMPTY,
      'GET /api/dashboard/': dashboardAnswer({
        counts: { collections: 1, contents: 0, tags: 0 },
      }),
    });
    expect(await screen.findByText(/Welcome back/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Start somewhere' })).not.toBeInTheDocument();
  });

  it('adds the sample in one click: a collection, a script, a note and a board spread', async () => {
    let nextId = 20;
    const { user, fetch } = renderDashboard({
      ...EMPTY,
      'POST /api/collections/list/': () => json(201, makeCollection({ id: 7, name: 'Sample' })),
      'POST /api/collections/contents-list/': (_url, init) =>
        json(201, makeContent({ id: nextId++, ...(JSON.parse(init.body as string) as object) })),
      'POST /api/collections/notes/': () => json(201, { id: 3 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a sample collection' }));
    await waitFor(() => expect(currentPath()).toBe('/collections/7'));
    const items = fetch.calls
      .filter((call) => call.method === 'POST' && call.url.includes('contents-list'))
      .map((call) => call.body as Partial<ContentItem>);
    expect(items.map((item) => item.status)).toEqual([
      'scripting',
      'idea',
      'recording',
      'editing',
      'published',
    ]);
    expect(items.every((item) => item.collections?.[0] === 7 && item.user === testUser.id)).toBe(
      true,
    );
    expect(items[0]?.content).toContain('## The cut');
    expect(fetch.calls.some((call) => call.url.includes('/notes/'))).toBe(true);
  });

  it('says so when the sample could not be added', async () => {
    const { user } = renderDashboard({
      ...EMPTY,
      'POST /api/collections/list/': () => json(500, { message: 'Internal server error' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a sample collection' }));
    expect(
      await screen.findByText('Failed to add the sample collection. Please try again.'),
    ).toBeInTheDocument();
  });
});
