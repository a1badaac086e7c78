import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrashItem } from '@cw/contract';
import { describe, expect, it, vi } from 'vitest';
import { page, WithUser } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { TrashPage } from './trash-page';

type Routes = Parameters<typeof fakeFetch>[0];

/** The server's trash: handlers change it as the server would, so refetches see the change. */
let serverTrash: TrashItem[] = [];

const item = (type: TrashItem['type'], id: number, title: string): TrashItem => ({
  type,
  id,
  title,
  deleted_on: '2026-11-20T10:00:00.000Z',
  purge_on: '2026-12-20T10:00:00.000Z',
});

function renderTrash(routes: Routes = {}, items: TrashItem[] = []) {
  serverTrash = items;
  const fetch = fakeFetch({ 'GET /api/trash/': () => json(200, page(serverTrash)), ...routes });
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <TrashPage />
    </WithUser>,
    { path: '/trash' },
  );
  return { fetch, user: userEvent.setup({ delay: null }) };
}

const row = (title: string) =>
  screen.getAllByTestId('trash-row').find((li) => li.textContent?.includes(title))!;

describe('TrashPage', () => {
  it('lists each trashed object with its type, deleted date and purge date', async () => {
    renderTrash({}, [item('collection', 3, 'Season 2'), item('note', 9, 'Guest ideas')]);
    expect(await screen.findByText('Season 2')).toBeInTheDocument();
    expect(row('Season 2')).toHaveTextContent(
      'Collection · Deleted Nov 20, 2026 · Deleted for good on Dec 20, 2026',
    );
    expect(row('Guest ideas')).toHaveTextContent('Note ·');
    expect(screen.getByRole('heading', { name: 'Trash' })).toBeInTheDocument();
  });

  it('says the trash is empty', async () => {
    renderTrash();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });

  it('restores an object', async () => {
    const { fetch, user } = renderTrash(
      {
        'POST /api/trash/content/4/restore/': () => {
          serverTrash = [];
          return json(200, { id: 4 });
        },
      },
      [item('content', 4, 'Episode 1')],
    );
    await user.click(await screen.findByRole('button', { name: 'Restore Episode 1' }));
    expect(await screen.findByText('“Episode 1” was restored.')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(true);
  });

  it('deletes one forever after a confirmation', async () => {
    const { user } = renderTrash(
      {
        'DELETE /api/trash/note/9/': () => {
          serverTrash = serverTrash.filter((entry) => entry.id !== 9);
          return new Response(null, { status: 204 });
        },
      },
      [item('note', 9, 'Guest ideas'), item('content', 4, 'Episode 1')],
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Guest ideas forever' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Forever' });
    expect(dialog).toHaveTextContent('Delete Guest ideas forever? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(screen.queryByText('Guest ideas')).not.toBeInTheDocument());
    expect(screen.getByText('Episode 1')).toBeInTheDocument();
  });

  it('empties the trash after a confirmation, and keeps a failure in the dialog', async () => {
    let fail = true;
    const { user } = renderTrash(
      {
        'DELETE /api/trash/': () => {
          if (fail) return json(503, { message: 'Down', detail: 'Down', code: 'unavailable' });
          serverTrash = [];
          return new Response(null, { status: 204 });
        },
      },
      [item('note', 9, 'Guest ideas'), item('content', 4, 'Episode 1')],
    );
    await user.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty Trash' });
    expect(dialog).toHaveTextContent('Delete everything in the trash (2) forever?');
    await user.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    expect(
      await within(dialog).findByText('Failed to delete. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    expect(
      await screen.findByText('The trash is empty.', { selector: 'p.text-base' }),
    ).toBeInTheDocument();
  });
});
