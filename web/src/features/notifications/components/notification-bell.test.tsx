import type { Notification, Paginated } from '@cw/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../test/factories';
import { renderSignedIn } from '../../../test/library-fixtures';
import { currentPath } from '../../../test/render';
import { json } from '../../../test/fake-fetch';
import { NotificationBell } from './notification-bell';

const entry = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'status',
  actor_name: 'Grace Hopper',
  collection_id: null,
  collection_name: null,
  content_id: 12,
  content_title: 'Episode 12',
  comment_id: null,
  from_status: 'scripting',
  to_status: 'recording',
  role: null,
  excerpt: null,
  created_on: '2026-11-27T05:00:00Z',
  read_on: null,
  ...overrides,
});

const page = (results: Notification[]): Paginated<Notification> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

function renderBell(unread: number, entries: Notification[]) {
  storeSession();
  let count = unread;
  return renderSignedIn(
    <NotificationBell />,
    { path: '/dashboard', route: '/dashboard' },
    {
      'GET /api/notifications/unread/': () => json(200, { unread: count }),
      'GET /api/notifications/': () => json(200, page(entries)),
      'POST /api/notifications/1/read/': () => {
        count -= 1;
        return json(200, { unread: count });
      },
      'POST /api/notifications/read-all/': () => {
        count = 0;
        return json(200, { unread: 0 });
      },
    },
  );
}

describe('NotificationBell', () => {
  it('names its unread count, lists entries, and marks one read when it is opened', async () => {
    const { user, fetch } = renderBell(2, [
      entry({}),
      entry({
        id: 2,
        kind: 'invitation',
        content_id: null,
        content_title: null,
        collection_id: 4,
        collection_name: 'Season 2',
        role: 'editor',
        read_on: '2026-11-27T05:10:00Z',
      }),
    ]);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    const moved = await within(panel).findByRole('link', {
      name: /Grace Hopper moved “Episode 12” from Scripting to Recording/,
    });
    expect(moved).toHaveAccessibleName(expect.stringContaining('Unread:'));
    expect(
      within(panel).getByText('Grace Hopper invited you to “Season 2” as an editor'),
    ).toBeInTheDocument();
    await user.click(moved);
    expect(currentPath()).toBe('/content/12');
    await waitFor(() =>
      expect(fetch.calls.some((call) => call.url.includes('/api/notifications/1/read/'))).toBe(
        true,
      ),
    );
  });

  it('marks an entry without a page read in place (an invitation: its mail has the link)', async () => {
    const { user } = renderBell(1, [
      entry({ kind: 'invitation', content_id: null, collection_id: 4, collection_name: 'Shorts' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(
      await screen.findByRole('button', { name: /invited you to “Shorts” as a viewer/ }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(currentPath()).toBe('/dashboard');
  });

  it('marks all read; says when there is nothing', async () => {
    const { user } = renderBell(1, [entry({})]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  });

  it('shows an empty list', async () => {
    const { user } = renderBell(0, []);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });
});
