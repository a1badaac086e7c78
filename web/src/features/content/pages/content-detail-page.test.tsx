import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeContent,
  makeFile,
  makeTag,
  page,
  renderSignedIn,
} from '../../../test/library-fixtures';
import { CollabRelay } from '../../../test/collab-relay';
import { editorView } from '../../../test/editor';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { ContentDetailPage } from './content-detail-page';
import { renderWritingPage } from './render-writing-page';

afterEach(() => vi.unstubAllGlobals());

const item = makeContent({
  id: 2,
  title: 'Launch script',
  content: '## Opening\n\nWelcome **everyone**',
  tags: [1],
  tags_named_list: [{ id: 1, name: 'draft' }],
  files: [makeFile({ id: 8, name: 'notes.txt', size: 12, content: 2 })],
  updated_on: '2026-11-21T09:30:00.000Z',
});

function renderDetail(routes: Parameters<typeof fakeFetch>[0]) {
  return renderSignedIn(
    <ContentDetailPage />,
    { path: '/content/:id', route: '/content/2' },
    routes,
  );
}

describe('ContentDetailPage', () => {
  it('shows Loading... then Content not found on failure', async () => {
    renderDetail({
      'GET /api/collections/contents-list/2/': () => json(404, { message: 'Not found.' }),
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Content not found')).toBeInTheDocument();
  });

  it('renders the item with tags, dates and attachments, and downloads one', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, fetch } = renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, item),
      'GET /api/collections/files/8/download/': () => new Response('hello world!'),
    });
    expect(await screen.findByRole('heading', { name: 'Launch script' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Opening' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('everyone', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('draft')).toBeInTheDocument();
    expect(screen.getByText(/Created Nov 20, 2026/)).toBeInTheDocument();
    expect(screen.getByText(/Edited Nov 21, 2026/)).toBeInTheDocument();
    const attachments = screen.getByRole('list', { name: 'Attachments' });
    expect(within(attachments).getByText('notes.txt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const download = fetch.calls.find((call) => call.url.includes('/download/'))!;
    expect(download.headers.get('Authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/content/2/edit');
  });

  it('links its collections, shows image thumbnails and previews images, PDFs and text by name', async () => {
    let urls = 0;
    const createObjectURL = vi.fn(() => `blob:${++urls}`);
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    localStorage.setItem('access_token', 'Bearer abc');
    const longName = 'a-very-long-file-name-for-the-storyboard-of-episode-one-final.png';
    const { user, fetch } = renderDetail({
      'GET /api/collections/contents-list/2/': () =>
        json(200, {
          ...item,
          collections: [3],
          collections_named_list: [{ id: 3, name: 'Season 2' }],
          files: [
            makeFile({ id: 8, name: 'notes.txt', size: 12, content_type: 'text/plain' }),
            makeFile({ id: 9, name: longName, content_type: 'image/png' }),
            makeFile({ id: 10, name: 'outline.pdf', content_type: 'application/pdf' }),
          ],
        }),
      'GET /api/collections/files/8/download/': () => new Response('hello world!'),
      'GET /api/collections/files/9/download/': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      'POST /api/collections/files/10/preview-link/': () =>
        json(200, { url: '/api/collections/files/10/preview/?ticket=t' }),
    });
    const collections = await screen.findByRole('list', { name: 'Collections' });
    expect(within(collections).getByRole('link', { name: 'Season 2' })).toHaveAttribute(
      'href',
      '/collections/3',
    );
    // The image's thumbnail is fetched with the token.
    await waitFor(() =>
      expect(fetch.calls.some((call) => call.url.includes('/files/9/download/'))).toBe(true),
    );
    const thumb = fetch.calls.find((call) => call.url.includes('/files/9/download/'))!;
    expect(thumb.headers.get('Authorization')).toBe('Bearer abc');
    expect(screen.getByRole('button', { name: longName })).toHaveAttribute('title', longName);

    await user.click(screen.getByRole('button', { name: 'notes.txt' }));
    const textDialog = await screen.findByRole('dialog', { name: 'notes.txt' });
    expect(await within(textDialog).findByText('hello world!')).toBeInTheDocument();
    await user.click(within(textDialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'outline.pdf' }));
    const pdfDialog = await screen.findByRole('dialog', { name: 'outline.pdf' });
    // A PDF is framed from the server's ticketed preview address (decision 191), never a blob.
    expect(await within(pdfDialog).findByTitle('outline.pdf')).toHaveAttribute(
      'src',
      '/api/collections/files/10/preview/?ticket=t',
    );
    await user.click(within(pdfDialog).getByRole('button', { name: 'Close' }));
    // The one object URL is the image's thumbnail, an image/png blob; text and the PDF made none.
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((createObjectURL.mock.calls[0] as unknown as [Blob])[0].type).toBe('image/png');
    expect(revokeObjectURL).not.toHaveBeenCalled();
  });

  it('deletes from the detail page and returns to the list', async () => {
    const { user } = renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, item),
      'DELETE /api/collections/contents-list/2/': () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Content' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/content$/));
  });
});

describe('Edit Content (the writing page of an item)', () => {
  it('fills the form from the item and its document, and saves the other fields with PATCH', async () => {
    const fetch = fakeFetch({
      'GET /api/collections/contents-list/2/': () => json(200, item),
      'GET /api/collections/tags/': () =>
        json(200, page([makeTag(1, 'draft'), makeTag(3, 'final')])),
      'PATCH /api/collections/contents-list/2/': () => json(200, { ...item, title: 'New title' }),
      'DELETE /api/collections/files/8/': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', fetch.fn);
    window.localStorage.setItem('access_token', 'Bearer abc');
    const user = userEvent.setup();
    const relay = new CollabRelay();
    relay.seed('content:2', item.content);
    renderWritingPage(relay, {
      path: '/content/:id/edit',
      route: '/content/2/edit',
      extraRoutes: <Route path="/content/:id" element={null} />,
    });
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Launch script');
    await waitFor(() => expect(editorView().state.doc.toString()).toBe(item.content));
    // The details beside the text render after the editor (decision 262).
    expect(
      within(await screen.findByRole('list', { name: 'Selected tags' })).getByText('draft'),
    ).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Content updated!')).toBeInTheDocument();
    // On a slow machine the autosave may send the title before Remove is clicked (1.5 s after
    // typing pauses): the last PATCH is the one that holds the form as saved.
    const patch = fetch.calls.filter((call) => call.method === 'PATCH').at(-1)!;
    expect(patch.body).toEqual({
      title: 'New title',
      tags: [1],
      collections: [],
      files: [],
    });
    expect(patch.headers.get('Authorization')).toBe('Bearer abc');
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent(/^\/content\/2$/),
      {
        timeout: 3000,
      },
    );
  });
});

describe('Show on public page', () => {
  it('the owner switches it on and off, saved at once', async () => {
    let current = { ...item, is_public: false };
    const { user, fetch } = renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, current),
      'PATCH /api/collections/contents-list/2/': async (_url, init) => {
        current = { ...current, ...(JSON.parse(init.body as string) as object) };
        return json(200, current);
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Show on public page' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText(/Anyone can read it on the public page/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(fetch.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { is_public: true },
      { is_public: false },
    ]);
  });

  it('is not offered on an item shared with the person', async () => {
    renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, { ...item, role: 'editor' }),
    });
    expect(await screen.findByRole('heading', { name: 'Launch script' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show on public page' })).toBeNull();
  });
});
