import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../test/factories';
import { advance, fakeTimeouts, renderPage } from '../test/render';
import { fakeFetch, json } from '../test/fake-fetch';
import { AskToDelete } from '../test/delete-harness';
import { TrashToast } from './trash-toast';

/** Notes' Delete, whose request is `remove`; the toast listens beside it. */
function DeleteNote({ remove }: { remove: () => Promise<void> }) {
  return (
    <>
      <AskToDelete
        kind="Note"
        label="Ideas"
        mutation={{
          isPending: false,
          mutate: (_id, callbacks) => void remove().then(callbacks.onSuccess, callbacks.onError),
        }}
        trash="note"
      />
      <TrashToast />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

async function deleteTheNote() {
  const api = fakeFetch({
    'DELETE /api/collections/notes/7/': () => new Response(null, { status: 204 }),
    'POST /api/trash/note/7/restore/': () => json(200, { id: 7, title: 'Ideas' }),
  });
  vi.stubGlobal('fetch', api.fn);
  storeSession();
  const remove = async () => {
    await api.fn('/api/collections/notes/7/', { method: 'DELETE' });
  };
  renderPage(<DeleteNote remove={remove} />);
  const user = userEvent.setup(
    vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  await user.click(screen.getByRole('button', { name: 'Delete Ideas' }));
  // What goes to the trash is not gone for good: the dialog says where it goes (decision 219).
  const dialog = screen.getByRole('dialog', { name: 'Delete Note' });
  expect(dialog).toHaveTextContent(
    'Are you sure you want to delete Ideas? It moves to the trash, where you can restore it for 30 days.',
  );
  expect(dialog).not.toHaveTextContent('cannot be undone');
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  return { api, user };
}

describe('TrashToast', () => {
  it('says "Moved to trash · Undo" after a delete, and Undo restores the object', async () => {
    const { api, user } = await deleteTheNote();
    const toast = await screen.findByTestId('trash-toast');
    expect(toast).toHaveTextContent('Moved to trash·Undo');
    expect(screen.getByRole('status')).toContainElement(toast);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByTestId('trash-toast')).not.toBeInTheDocument());
    const restore = api.calls.find((call) => call.url.includes('/api/trash/'));
    expect(restore).toMatchObject({ method: 'POST', url: '/api/trash/note/7/restore/' });
  });

  it('goes away by itself after 6 seconds', async () => {
    fakeTimeouts();
    await deleteTheNote();
    await screen.findByTestId('trash-toast');
    advance(5900);
    expect(screen.getByTestId('trash-toast')).toBeInTheDocument();
    advance(200);
    expect(screen.queryByTestId('trash-toast')).not.toBeInTheDocument();
  });

  it('says where the object is when Undo fails', async () => {
    const { api, user } = await deleteTheNote();
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/trash/note/7/restore/': () =>
          json(503, { message: 'Down', detail: 'Down', code: 'unavailable' }),
      }).fn,
    );
    void api;
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Could not restore it. It is in the trash.'),
    ).toBeInTheDocument();
  });
});
