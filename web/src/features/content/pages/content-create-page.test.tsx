import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeContent,
  makeFile,
  makeTag,
  page,
  testUser,
  WithUser,
} from '../../../test/library-fixtures';
import { CollabRelay } from '../../../test/collab-relay';
import { typeInEditor } from '../../../test/editor';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { CollabTransportContext } from '../collab/use-collab-session';
import { ContentWritingPage } from './content-writing-page';

/** POST answers with the item it was sent (id 5), and the relay holds its text, as the server does. */
function echoCreate(relay: CollabRelay) {
  return (_url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    relay.seed('content:5', body.content as string);
    const files = (body.files as number[]).map((id) => makeFile({ id, content: 5 }));
    return json(201, makeContent({ ...body, id: 5, files }));
  };
}

function renderCreate(routes: Parameters<typeof fakeFetch>[0], relay = new CollabRelay()) {
  const fetch = fakeFetch({
    'GET /api/collections/tags/': () => json(200, page([makeTag(1, 'draft'), makeTag(2, 'Final')])),
    'GET /api/collections/list/': () => json(200, page([])),
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const ui = (
    <CollabTransportContext.Provider value={relay.connect}>
      <WithUser>
        <ContentWritingPage />
      </WithUser>
    </CollabTransportContext.Provider>
  );
  window.history.replaceState(null, '', '/content/create');
  renderPage(ui, { path: '/content/create' });
  return { fetch, user, relay };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Create New Content (the writing page of a new script)', () => {
  it('requires a title and content, and counts the title up to 120', async () => {
    const { user, fetch } = renderCreate({});
    expect(screen.getByRole('heading', { name: 'Create New Content' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Content is required.')).toBeInTheDocument();
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveAttribute('maxLength', '120');
    await user.type(title, 'Hello');
    expect(screen.getByText('5/120')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('previews the content live beside the form', async () => {
    renderCreate({});
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Nothing to preview yet.')).toBeInTheDocument();
    typeInEditor('# Big idea');
    expect(
      await within(preview).findByRole(
        'heading',
        { level: 1, name: 'Big idea' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });

  it('creates the item with its first words, then Create shows Content created! and moves to /content after 1.2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const relay = new CollabRelay();
    const { user, fetch } = renderCreate(
      {
        'POST /api/collections/contents-list/': echoCreate(relay),
        'PATCH /api/collections/contents-list/5/': () =>
          json(200, makeContent({ id: 5, title: 'Episode 1', tags: [2] })),
      },
      relay,
    );
    await user.type(screen.getByLabelText(/^Title/), '  Episode 1 ');
    await user.click(screen.getByRole('combobox', { name: 'Search or select tags' }));
    await user.click(await screen.findByRole('option', { name: 'Final' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    typeInEditor('Script');
    // The first words made it an item: its address, and its shared document holds the text.
    await waitFor(() => expect(window.location.pathname).toBe('/content/5/edit'));
    expect(fetch.calls.find((call) => call.method === 'POST')!.body).toEqual({
      meta_data: {},
      title: 'Episode 1',
      content: 'Script',
      tags: [2],
      collections: [],
      files: [],
      user: testUser.id,
    });
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'));
    typeInEditor(' and more');
    await waitFor(() => expect(relay.text('content:5')).toBe('Script and more'));
    expect(screen.getByRole('heading', { name: 'Create New Content' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Content created!')).toBeInTheDocument();
    // Nothing changed since the creation: no PATCH, and the text is never sent by REST.
    expect(fetch.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    // Still here with the message (the move waits 1.2 s), then on the list. The clock also runs
    // with real time (shouldAdvanceTime), so a loaded machine may move it past 1.1 s by itself:
    // only what cannot depend on that is checked.
    expect(screen.getByTestId('location')).toHaveTextContent('/content/create');
    await act(async () => {
      vi.advanceTimersByTime(1250);
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/content$/);
  });

  it('makes one item when Create is clicked while the first words are creating it', async () => {
    const relay = new CollabRelay();
    let answer: (() => void) | undefined;
    const { user, fetch } = renderCreate(
      {
        'POST /api/collections/contents-list/': (url, init) =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(echoCreate(relay)(url, init));
          }),
      },
      relay,
    );
    await user.type(screen.getByLabelText(/^Title/), 'Episode 2');
    typeInEditor('Hello and welcome.');
    await waitFor(() => expect(answer).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await act(async () => answer!());
    expect(await screen.findByText('Content created!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' })).catch(() => undefined);
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(relay.text('content:5')).toBe('Hello and welcome.');
  });

  it('titles an item created before its title Untitled, and saves the title typed later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const relay = new CollabRelay();
    const { user, fetch } = renderCreate(
      {
        'POST /api/collections/contents-list/': echoCreate(relay),
        'PATCH /api/collections/contents-list/5/': () =>
          json(200, makeContent({ id: 5, title: 'Later' })),
      },
      relay,
    );
    typeInEditor('Words first');
    await waitFor(() => expect(window.location.pathname).toBe('/content/5/edit'));
    expect(
      (fetch.calls.find((call) => call.method === 'POST')!.body as { title: string }).title,
    ).toBe('Untitled');
    await user.type(screen.getByLabelText(/^Title/), 'Later');
    await act(async () => {
      vi.advanceTimersByTime(1600);
    });
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        title: 'Later',
        tags: [],
        collections: [],
        files: [],
      }),
    );
  });

  it('keeps the text on this device and says Offline when the creation cannot reach the server', async () => {
    renderCreate({
      'POST /api/collections/contents-list/': () => Promise.reject(new TypeError('offline')),
    });
    typeInEditor('Typed on a train');
    await waitFor(() =>
      expect(screen.getByTestId('save-status')).toHaveTextContent('Offline (kept on this device)'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/content/create');
  });

  it('says Failed to create content. when the call fails', async () => {
    const { user } = renderCreate({
      'POST /api/collections/contents-list/': () => Promise.reject(new TypeError('offline')),
    });
    await user.type(screen.getByLabelText(/^Title/), 'T');
    typeInEditor('C');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create content.')).toBeInTheDocument();
  });

  it('toggles tags in the picker and removes them as chips', async () => {
    const { user } = renderCreate({});
    expect(await screen.findByText('No tags selected')).toBeInTheDocument();
    const search = screen.getByRole('combobox', { name: 'Search or select tags' });
    await user.click(search);
    await user.click(await screen.findByRole('option', { name: 'draft' }));
    const chips = screen.getByRole('list', { name: 'Selected tags' });
    expect(within(chips).getByText('draft')).toBeInTheDocument();
    await user.click(search);
    await user.click(screen.getByRole('option', { name: 'draft' }));
    expect(screen.getByText('No tags selected')).toBeInTheDocument();
    await user.click(search);
    await user.click(screen.getByRole('option', { name: 'Final' }));
    await user.click(screen.getByRole('button', { name: 'Remove tag Final' }));
    expect(screen.getByText('No tags selected')).toBeInTheDocument();
  });

  it('offers No tags found. Create "text"? with Add, and selects the new tag', async () => {
    const { user, fetch } = renderCreate({
      'GET /api/collections/tags/': [
        () => json(200, page([makeTag(1, 'draft')])),
        () => json(200, page([makeTag(1, 'draft'), makeTag(7, 'Vlog')])),
      ],
      'POST /api/collections/tags/': () => json(201, makeTag(7, 'Vlog')),
    });
    const search = await screen.findByRole('combobox', { name: 'Search or select tags' });
    await user.type(search, 'Vlog');
    expect(screen.getByText('No tags found. Create "Vlog"?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const chips = await screen.findByRole('list', { name: 'Selected tags' });
    expect(within(chips).getByText('Vlog')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Vlog',
      user: testUser.id,
    });
  });

  it('with no tags at all shows No tags found. and New tag name + Create Tag', async () => {
    const { user } = renderCreate({
      'GET /api/collections/tags/': [
        () => json(200, page([])),
        () => json(200, page([makeTag(7, 'First')])),
      ],
      'POST /api/collections/tags/': [
        () => json(400, { message: 'Bad', errors: { name: ['Too long.'] } }),
        () => json(201, makeTag(7, 'First')),
      ],
    });
    expect(await screen.findByText('No tags found.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New tag name'), 'First');
    await user.click(screen.getByRole('button', { name: 'Create Tag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create tag: Too long.');
    await user.click(screen.getByRole('button', { name: 'Create Tag' }));
    const chips = await screen.findByRole('list', { name: 'Selected tags' });
    expect(within(chips).getByText('First')).toBeInTheDocument();
  });

  it('gives an empty tag list when the tags fail to load', async () => {
    renderCreate({ 'GET /api/collections/tags/': () => json(500, { message: 'x' }) });
    expect(await screen.findByText('No tags found.')).toBeInTheDocument();
  });

  it('uploads attachments at once and sends their ids with the item', async () => {
    const relay = new CollabRelay();
    const { user, fetch } = renderCreate(
      {
        'POST /api/collections/files/': [
          () => json(201, makeFile({ id: 11, name: 'a.txt', content: null })),
          () => json(413, { message: 'File too large.' }),
        ],
        'POST /api/collections/contents-list/': echoCreate(relay),
      },
      relay,
    );
    const input = screen.getByLabelText('Attachments');
    await user.upload(input, [
      new File(['hello'], 'a.txt', { type: 'text/plain' }),
      new File(['big'], 'big.bin'),
    ]);
    const list = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(list).getByText('a.txt')).toBeInTheDocument();
    expect(await within(list).findByText('File too large.')).toBeInTheDocument();
    const upload = fetch.calls.find((call) => call.url.endsWith('/files/'))!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    await user.type(screen.getByLabelText(/^Title/), 'T');
    typeInEditor('C');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Content created!');
    const created = fetch.calls.find((call) => call.url.endsWith('/contents-list/'))!;
    expect((created.body as { files: number[] }).files).toEqual([11]);
  });

  it('Cancel returns to /content and deletes fresh uploads', async () => {
    const { user, fetch } = renderCreate({
      'POST /api/collections/files/': () => json(201, makeFile({ id: 11, content: null })),
      'DELETE /api/collections/files/11/': () => new Response(null, { status: 204 }),
    });
    await user.upload(screen.getByLabelText('Attachments'), new File(['x'], 'outline.pdf'));
    await screen.findByText('1 B');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/content$/);
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
