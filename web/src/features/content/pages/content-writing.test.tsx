import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeaveGuard } from '../../../components/leave-guard';
import { CollabRelay } from '../../../test/collab-relay';
import { editorText, editorView, selectInEditor, typeInEditor } from '../../../test/editor';
import {
  makeCollection,
  makeContent,
  page,
  testUser,
  WithUser,
} from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import type { ContentItem } from '@cw/contract';
import { presenceColor } from '../collab/collab-session';
import { CollabTransportContext } from '../collab/use-collab-session';
import { ContentWritingPage } from './content-writing-page';

type Routes = Parameters<typeof fakeFetch>[0];

function stub(routes: Routes) {
  const fetch = fakeFetch({
    'GET /api/collections/tags/': () => json(200, page([])),
    'GET /api/collections/list/': () =>
      json(200, page([makeCollection({ id: 3, name: 'Season 2' })])),
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  return fetch;
}

const item = makeContent({ id: 2, title: 'Launch script', content: 'Opening line' });

function renderItem(relay: CollabRelay, shown: ContentItem = item, routes: Routes = {}) {
  relay.seed('content:2', shown.content);
  const fetch = stub({
    'GET /api/collections/contents-list/2/': () => json(200, shown),
    ...routes,
  });
  renderPage(
    <CollabTransportContext.Provider value={relay.connect}>
      <WithUser>
        <LeaveGuard />
        <Link to="/dashboard">Dashboard</Link>
        <ContentWritingPage />
      </WithUser>
    </CollabTransportContext.Provider>,
    { path: '/content/:id/edit', route: '/content/2/edit' },
  );
  return fetch;
}

/** Another person's editor on the same document, straight on the relay. */
function otherEditor(relay: CollabRelay, id = 9, name = 'Grace Hopper') {
  const { CollabSession } = collab;
  return new CollabSession({
    name: 'content:2',
    user: id,
    connect: relay.connect,
    presence: { id, name, ...presenceColor(id) },
    persist: false,
  });
}

const collab = await import('../collab/collab-session');

beforeEach(() => {
  localStorage.setItem('access_token', 'Bearer abc');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the writing page of an item', () => {
  it('opens the shared document, says Saved, and counts words, characters and speaking time', async () => {
    const relay = new CollabRelay();
    const fetch = renderItem(relay);
    expect(await screen.findByRole('heading', { name: 'Edit Content' })).toBeInTheDocument();
    await waitFor(() => expect(editorText()).toBe('Opening line'));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'));
    selectInEditor(editorText().length);
    typeInEditor('\n\n# Intro\n\nOne two three four five.');
    await waitFor(() =>
      expect(relay.text('content:2')).toBe('Opening line\n\n# Intro\n\nOne two three four five.'),
    );
    const status = screen.getByTestId('writing-status');
    await waitFor(() => expect(status).toHaveTextContent('8 words'));
    // 7 words read aloud (the heading is not, decision 215) at the default 150 words per
    // minute: 2.8 s, rounded up.
    expect(status).toHaveTextContent('3 s speaking time');
    // The text is the document's: never PATCHed.
    expect(fetch.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('switches Write, Split and Preview, the preview showing the document', async () => {
    const user = userEvent.setup();
    renderItem(new CollabRelay(), makeContent({ ...item, content: '# Intro\n\nHello' }));
    const view = await screen.findByRole('group', { name: 'Editor view' });
    expect(within(view).getByRole('button', { name: 'Split' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByRole('heading', { name: 'Intro' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Write' }));
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(editorView().dom).toBeVisible();
  });

  it('shows who else is here by name, and their words as they type', async () => {
    const relay = new CollabRelay();
    renderItem(relay);
    await waitFor(() => expect(editorText()).toBe('Opening line'));
    const grace = otherEditor(relay);
    const here = await screen.findByRole('list', { name: 'Also here' });
    expect(within(here).getByText('Grace Hopper')).toBeInTheDocument();
    // I am not listed to myself.
    expect(within(here).queryByText(`${testUser.first_name} ${testUser.last_name}`)).toBeNull();
    grace.text.insert(grace.text.length, ', and Grace’s line');
    await waitFor(() => expect(editorText()).toBe('Opening line, and Grace’s line'));
    grace.destroy();
  });

  it('says Offline (kept on this device) without a connection, and merges when it is back', async () => {
    const relay = new CollabRelay();
    renderItem(relay);
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'));
    const grace = otherEditor(relay);
    await waitFor(() => expect(grace.getState().synced).toBe(true));
    relay.setOffline(true, 'content:2');
    await waitFor(() =>
      expect(screen.getByTestId('save-status')).toHaveTextContent('Offline (kept on this device)'),
    );
    selectInEditor(editorText().length);
    typeInEditor(' (mine)');
    grace.text.insert(0, 'Hers: ');
    relay.setOffline(false);
    await waitFor(() => expect(editorText()).toBe('Hers: Opening line (mine)'));
    expect(relay.text('content:2')).toBe('Hers: Opening line (mine)');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'));
    grace.destroy();
  });

  it('saves a changed title by itself (PATCH without the text) and asks before leaving first', async () => {
    const user = userEvent.setup();
    const relay = new CollabRelay();
    const fetch = renderItem(relay, item, {
      'PATCH /api/collections/contents-list/2/': () => json(200, { ...item, title: 'New title' }),
    });
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Leave without saving?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(
      () =>
        expect(fetch.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
          title: 'New title',
          tags: [],
          collections: [],
          files: [],
        }),
      { timeout: 4000 },
    );
  });

  it('lets a viewer read along: the text and others’ edits arrive, nothing can be typed', async () => {
    const relay = new CollabRelay();
    const grace = otherEditor(relay);
    relay.readOnly = true;
    renderItem(relay, makeContent({ ...item, role: 'viewer', user: 9 }));
    expect(await screen.findByRole('heading', { name: 'Launch script' })).toBeInTheDocument();
    await waitFor(() => expect(editorText()).toBe('Opening line'));
    expect(editorView().state.readOnly).toBe(true);
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toBeDisabled();
    grace.text.insert(0, 'Live: ');
    await waitFor(() => expect(editorText()).toBe('Live: Opening line'));
    grace.destroy();
  });

  it('stops editing with a clear message when the server closes the document (access ended)', async () => {
    const relay = new CollabRelay();
    renderItem(relay);
    await waitFor(() => expect(editorText()).toBe('Opening line'));
    relay.deny('content:2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You no longer have access to this script.',
    );
    expect(editorView().state.readOnly).toBe(true);
    expect(editorText()).toBe('Opening line');
    expect(screen.queryByTestId('save-status')).not.toBeInTheDocument();
  });
});
