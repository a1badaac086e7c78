import type { Activity, Paginated } from '@cw/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../test/factories';
import { renderSignedIn } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { ActivityList } from './activity-list';

const entry = (overrides: Partial<Activity>): Activity => ({
  id: 1,
  kind: 'created',
  actor_name: 'Ada Lovelace',
  content_id: null,
  content_title: null,
  from_status: null,
  to_status: null,
  member: null,
  role: null,
  created_on: '2026-11-27T05:00:00Z',
  updated_on: '2026-11-27T05:00:00Z',
  ...overrides,
});

const page = (results: Activity[], next: string | null): Paginated<Activity> => ({
  count: 3,
  next,
  previous: null,
  results,
});

describe('ActivityList', () => {
  it('says who did what, links items, and loads more', async () => {
    storeSession();
    const { user } = renderSignedIn(
      <ActivityList collectionId={4} />,
      { path: '/collections/:id', route: '/collections/4' },
      {
        'GET /api/collections/list/4/activity/': (url) =>
          url.includes('page=2')
            ? json(200, page([entry({ id: 1 })], null))
            : json(
                200,
                page(
                  [
                    entry({
                      id: 3,
                      kind: 'status',
                      actor_name: 'Grace Hopper',
                      content_id: 9,
                      content_title: 'Episode 1',
                      from_status: 'scripting',
                      to_status: 'recording',
                    }),
                    entry({ id: 2, kind: 'joined', actor_name: 'Grace Hopper', role: 'editor' }),
                  ],
                  '/api/collections/list/4/activity/?page=2&page_size=10',
                ),
              ),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(
      await screen.findByRole('link', {
        name: 'Grace Hopper moved “Episode 1” from Scripting to Recording',
      }),
    ).toHaveAttribute('href', '/content/9');
    expect(screen.getByText('Grace Hopper joined as an editor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Ada Lovelace created the collection')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing has happened', async () => {
    storeSession();
    renderSignedIn(
      <ActivityList collectionId={4} />,
      { path: '/collections/:id', route: '/collections/4' },
      { 'GET /api/collections/list/4/activity/': () => json(200, page([], null)) },
    );
    expect(await screen.findByText('Nothing has happened here yet.')).toBeInTheDocument();
  });
});
