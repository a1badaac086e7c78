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
import { fakeFetch, json, renderPage } from '../../../test/render';
import { ContentCreatePage } from './content-create-page';

function renderCreate(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch({
    'GET /api/collections/tags/': () => json(200, page([makeTag(1, 'draft'), makeTag(2, 'Final')])),
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  renderPage(
    <WithUser>
      <ContentCreatePage />
    </WithUser>,
    { path: '/content/create' },
  );
  return { fetch, user };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ContentCreatePage', () => {
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
    const { user } = renderCreate({});
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Nothing to preview yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Content'), '# Big idea');
    expect(
      await within(preview).findByRole(
        'heading',
        { level: 1, name: 'Big idea' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });

  it('creates with the spec’s body, shows Content created! and moves to /content after 1.2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fetch } = renderCreate({
      'POST /api/collections/contents-list/': () => json(201, makeContent({ id: 5 })),
    });
    await user.type(screen.getByLabelText(/^Title/), '  Episode 1 ');
    await user.type(screen.getByLabelText('Content'), 'Script');
    await user.click(screen.getByRole('combobox', { name: 'Search or select tags' }));
    await user.click(await screen.findByRole('option', { name: 'Final' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Content created!')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')!.body).toEqual({
      meta_data: {},
      title: 'Episode 1',
      content: 'Script',
      tags: [2],
      collections: [],
      files: [],
      user: testUser.id,
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/content/create');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/content/create');
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/content$/);
  });

  it('says Failed to create content. when the call fails', async () => {
    const { user } = renderCreate({
      'POST /api/collections/contents-list/': () => Promise.reject(new TypeError('offline')),
    });
    await user.type(screen.getByLabelText(/^Title/), 'T');
    await user.type(screen.getByLabelText('Content'), 'C');
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
    const { user, fetch } = renderCreate({
      'POST /api/collections/files/': [
        () => json(201, makeFile({ id: 11, name: 'a.txt', content: null })),
        () => json(413, { message: 'File too large.' }),
      ],
      'POST /api/collections/contents-list/': () => json(201, makeContent({ id: 5 })),
    });
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
    await user.type(screen.getByLabelText('Content'), 'C');
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
