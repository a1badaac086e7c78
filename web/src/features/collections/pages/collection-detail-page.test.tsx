import type { Collection, CollectionPatchBody } from '@cw/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  makeContent,
  makeFile,
  makeNote,
  makeTag,
  testUser,
  renderSignedIn,
  WithUser,
  pageAnswer,
} from '../../../test/library-fixtures';
import { storeSession } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { CollectionDetailPage } from './collection-detail-page';

const COLLECTION_PAGE = { path: '/collections/:id', route: '/collections/1' };

type Routes = Parameters<typeof fakeFetch>[0];

const allTags = [
  makeTag(1, 'audio'),
  makeTag(2, 'Guests'),
  makeTag(3, 'video'),
  makeTag(4, 'Guest list'),
];

/** A server that keeps the collection and applies PATCHes (unless `failPatch`). */
function setup(
  options: { collection?: Collection; failPatch?: boolean; notes?: Routes; extra?: Routes } = {},
) {
  let collection =
    options.collection ?? makeCollection({ id: 1, name: 'Podcast', description: 'Old words' });
  const routes: Routes = {
    'GET /api/collections/list/1/': () => json(200, collection),
    'PATCH /api/collections/list/1/': async (_url, init) => {
      if (options.failPatch) return json(500, { message: 'fail' });
      const body = JSON.parse(init.body as string) as CollectionPatchBody;
      collection = { ...collection, ...body } as Collection;
      if (body.tags) {
        collection.tags_named_list = body.tags.map((id) => {
          const tag = allTags.find((item) => item.id === id) ?? { id, name: `tag ${id}` };
          return { id, name: tag.name };
        });
      }
      return json(200, collection);
    },
    'GET /api/collections/tags/': pageAnswer(allTags),
    'GET /api/collections/notes/': pageAnswer([]),
    'GET /api/collections/list/1/followers/': () => json(200, { followers: 0, pending: 0 }),
    ...options.notes,
    ...options.extra,
  };
  const { fetch, user } = renderSignedIn(<CollectionDetailPage />, COLLECTION_PAGE, routes);
  return { fetch, user, patches: () => fetch.calls.filter((call) => call.method === 'PATCH') };
}

afterEach(() => vi.unstubAllGlobals());

describe('CollectionDetailPage', () => {
  it('shows Loading... first', () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/collections/list/1/': () => new Promise(() => {}) }).fn,
    );
    renderPage(
      <WithUser>
        <CollectionDetailPage />
      </WithUser>,
      { path: '/collections/:id', route: '/collections/1' },
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows Collection not found when the load fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/collections/list/1/': () => json(404, { message: 'Not found.' }) }).fn,
    );
    renderPage(
      <WithUser>
        <CollectionDetailPage />
      </WithUser>,
      { path: '/collections/:id', route: '/collections/1' },
    );
    expect(await screen.findByText('Collection not found')).toBeInTheDocument();
  });

  it('shows the side panel: tags, description, status, visibility and created date', async () => {
    setup({
      collection: makeCollection({
        id: 1,
        name: 'Podcast',
        description: '',
        is_active: true,
        is_public: false,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    expect(screen.getByText('No tags yet')).toBeInTheDocument();
    expect(screen.getByText('No description.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Inactive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Public' })).toBeInTheDocument();
    expect(screen.getByText('Nov 20, 2026')).toBeInTheDocument();
  });

  describe('inline title edit', () => {
    it('saves a new trimmed name', async () => {
      const { user, patches } = setup();
      await user.click(await screen.findByRole('heading', { name: 'Podcast' }));
      const input = screen.getByLabelText('Collection name');
      await user.clear(input);
      await user.type(input, '  Podcast S2  ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('heading', { name: 'Podcast S2' })).toBeInTheDocument();
      expect(patches()[0]!.body).toEqual({ name: 'Podcast S2' });
    });

    it('leaves edit mode without a call for a blank or unchanged name', async () => {
      const { user, patches } = setup();
      await user.click(await screen.findByRole('button', { name: 'Edit name' }));
      await user.clear(screen.getByLabelText('Collection name'));
      await user.type(screen.getByLabelText('Collection name'), '   ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Edit name' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
      expect(patches()).toHaveLength(0);
    });

    it('Cancel discards the draft', async () => {
      const { user } = setup();
      await user.click(await screen.findByRole('button', { name: 'Edit name' }));
      await user.type(screen.getByLabelText('Collection name'), ' draft');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    });

    it('restores the old name when the save fails, and says so briefly', async () => {
      const { user } = setup({ failPatch: true });
      await user.click(await screen.findByRole('button', { name: 'Edit name' }));
      await user.clear(screen.getByLabelText('Collection name'));
      await user.type(screen.getByLabelText('Collection name'), 'New name');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to rename');
      expect(screen.getByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    });
  });

  describe('description edit', () => {
    it('may be saved empty, and is disabled while the update runs', async () => {
      let release: () => void = () => {};
      const { user, patches } = setup({
        extra: {
          'PATCH /api/collections/list/1/': () =>
            new Promise<Response>((resolve) => {
              release = () =>
                resolve(json(200, makeCollection({ id: 1, name: 'Podcast', description: '' })));
            }),
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Edit description' }));
      const box = screen.getByLabelText('Description');
      await user.clear(box);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(box).toBeDisabled();
      expect(patches()[0]!.body).toEqual({ description: '' });
      release();
      expect(await screen.findByText('No description.')).toBeInTheDocument();
    });

    it('restores the old value when the save fails', async () => {
      const { user } = setup({ failPatch: true });
      await user.click(await screen.findByRole('button', { name: 'Edit description' }));
      await user.clear(screen.getByLabelText('Description'));
      await user.type(screen.getByLabelText('Description'), 'New words');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Old words')).toBeInTheDocument();
      expect(screen.queryByText('New words')).not.toBeInTheDocument();
    });
  });

  describe('status and visibility', () => {
    it('toggles and updates the view after success', async () => {
      const { user, patches } = setup();
      await user.click(await screen.findByRole('button', { name: 'Set Inactive' }));
      expect(await screen.findByRole('button', { name: 'Set Active' })).toBeInTheDocument();
      expect(screen.getByText('Inactive')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Set Private' }));
      expect(await screen.findByRole('button', { name: 'Set Public' })).toBeInTheDocument();
      expect(patches().map((call) => call.body)).toEqual([
        { is_active: false },
        { is_public: false },
      ]);
    });

    it('keeps the old state and shows a brief message when a toggle fails', async () => {
      const { user } = setup({ failPatch: true });
      await user.click(await screen.findByRole('button', { name: 'Set Private' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to change the visibility. Please try again.',
      );
      expect(screen.getByRole('button', { name: 'Set Private' })).toBeInTheDocument();
    });
  });

  describe('tags side panel', () => {
    const podcastTaggedAudio = () =>
      makeCollection({
        id: 1,
        name: 'Podcast',
        tags: [1],
        tags_named_list: [{ id: 1, name: 'audio' }],
      });

    it('offers only tags not on the collection, filtered case-insensitively', async () => {
      const { user } = setup({
        collection: podcastTaggedAudio(),
      });
      await user.click(await screen.findByRole('combobox', { name: 'Add tag' }));
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
      expect(screen.queryByRole('option', { name: 'audio' })).not.toBeInTheDocument();
      await user.type(screen.getByRole('combobox'), 'GUEST');
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Guest list',
        'Guests',
      ]);
    });

    it('adds a picked tag and removes one with ×', async () => {
      const { user, patches } = setup({
        collection: podcastTaggedAudio(),
      });
      await user.click(await screen.findByRole('combobox', { name: 'Add tag' }));
      await user.click(await screen.findByRole('option', { name: 'video' }));
      const list = await screen.findByRole('list', { name: 'Collection tags' });
      expect(await within(list).findByText('video')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove tag audio' }));
      await waitFor(() => expect(within(list).queryByText('audio')).not.toBeInTheDocument());
      expect(patches().map((call) => call.body)).toEqual([{ tags: [1, 3] }, { tags: [3] }]);
    });

    it('offers Create "text" when nothing matches, creates the tag and links it', async () => {
      const { user, fetch, patches } = setup({
        extra: {
          'POST /api/collections/tags/': () => json(201, makeTag(9, 'Vlog')),
        },
      });
      await user.click(await screen.findByRole('combobox', { name: 'Add tag' }));
      await user.type(screen.getByRole('combobox'), 'Vlog');
      await user.click(await screen.findByRole('button', { name: 'Create "Vlog"' }));
      await waitFor(() => expect(patches()).toHaveLength(1));
      expect(fetch.calls.find((call) => call.method === 'POST')!.body).toEqual({
        name: 'Vlog',
        user: testUser.id,
      });
      expect(patches()[0]!.body).toEqual({ tags: [9] });
    });

    it('says so briefly when creating a tag fails', async () => {
      const { user } = setup({
        extra: { 'POST /api/collections/tags/': () => json(500, { message: 'x' }) },
      });
      await user.click(await screen.findByRole('combobox', { name: 'Add tag' }));
      await user.type(screen.getByRole('combobox'), 'Vlog');
      await user.click(await screen.findByRole('button', { name: 'Create "Vlog"' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to create tag. Please try again.',
      );
    });
  });

  describe('notes', () => {
    it('says No notes yet. Start by adding one! when there are none', async () => {
      setup();
      expect(await screen.findByText('No notes yet. Start by adding one!')).toBeInTheDocument();
    });

    it('shows Loading notes... and then a failure with a retry', async () => {
      setup({
        notes: {
          'GET /api/collections/notes/': [
            () => json(500, { message: 'x' }),
            pageAnswer([makeNote({ title: 'Back again' })]),
          ],
        },
      });
      expect(await screen.findByText('Failed to load notes.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Back again')).toBeInTheDocument();
    });

    it('lists saved notes with title, rendered content and #tags', async () => {
      setup({
        notes: {
          'GET /api/collections/notes/': pageAnswer([
            makeNote({ title: 'Guest ideas', tags: ['ideas', 'guests'] }),
          ]),
        },
      });
      const note = await screen.findByTestId('note');
      expect(within(note).getByText('Guest ideas')).toBeInTheDocument();
      expect(await within(note).findByText('history', { selector: 'em' })).toBeInTheDocument();
      expect(within(note).getByText('#ideas')).toBeInTheDocument();
      expect(within(note).getByText('#guests')).toBeInTheDocument();
    });

    it('adds a note with tags (Enter and Add; trimmed, no repeats; × removes) through the API', async () => {
      const { user, fetch } = setup({
        notes: {
          'GET /api/collections/notes/': [
            pageAnswer([]),
            pageAnswer([makeNote({ id: 4, title: 'Intro', tags: ['a', 'b'] })]),
          ],
          'POST /api/collections/notes/': () => json(201, makeNote({ id: 4 })),
        },
      });
      await screen.findByText('No notes yet. Start by adding one!');
      const addButton = screen.getByRole('button', { name: 'Add Note' });
      expect(addButton).toBeDisabled();
      await user.type(screen.getByLabelText('Note title'), 'Intro');
      const tagInput = screen.getByLabelText('Note tags');
      await user.type(tagInput, ' a {Enter}');
      await user.type(tagInput, 'a{Enter}');
      await user.type(tagInput, 'b');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      await user.type(tagInput, 'c{Enter}');
      await user.click(screen.getByRole('button', { name: 'Remove tag c' }));
      expect(addButton).toBeDisabled();
      await user.type(screen.getByLabelText('Note content'), 'Hello');
      expect(await screen.findByText('Hello', { selector: 'p' })).toBeInTheDocument();
      await user.click(addButton);
      await waitFor(() =>
        expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({
          title: 'Intro',
          content: 'Hello',
          tags: ['a', 'b'],
          collection: 1,
        }),
      );
      expect(await screen.findByTestId('note')).toBeInTheDocument();
      expect(screen.getByLabelText('Note title')).toHaveValue('');
      expect(screen.getByText('Nothing to preview yet.')).toBeInTheDocument();
    });

    it('ignores a note whose content is blank', async () => {
      const { user, fetch } = setup();
      await screen.findByText('No notes yet. Start by adding one!');
      await user.type(screen.getByLabelText('Note title'), 'Intro');
      await user.type(screen.getByLabelText('Note content'), '   ');
      await user.click(screen.getByRole('button', { name: 'Add Note' }));
      expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    });

    it('edits a note and saves it with PATCH', async () => {
      const { user, fetch } = setup({
        notes: {
          'GET /api/collections/notes/': [
            pageAnswer([makeNote({ id: 4, title: 'Intro', content: 'Old' })]),
            pageAnswer([makeNote({ id: 4, title: 'Intro v2', content: 'Old' })]),
          ],
          'PATCH /api/collections/notes/4/': () => json(200, makeNote({ id: 4 })),
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Edit note Intro' }));
      const form = screen.getByRole('form', { name: 'Edit note' });
      const title = within(form).getByLabelText('Note title');
      await user.clear(title);
      await user.type(title, 'Intro v2');
      await user.click(within(form).getByRole('button', { name: 'Save Note' }));
      expect(await screen.findByText('Intro v2')).toBeInTheDocument();
      expect(fetch.calls.find((call) => call.method === 'PATCH')!.body).toEqual({
        title: 'Intro v2',
        content: 'Old',
        tags: [],
      });
    });

    it('deletes a note after confirmation, and reports a failure', async () => {
      const { user } = setup({
        notes: {
          'GET /api/collections/notes/': [
            pageAnswer([makeNote({ id: 4, title: 'Intro' })]),
            pageAnswer([]),
          ],
          'DELETE /api/collections/notes/4/': [
            () => json(500, { message: 'x' }),
            () => new Response(null, { status: 204 }),
          ],
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete note Intro' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Note' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Failed to delete note. Please try again.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('No notes yet. Start by adding one!')).toBeInTheDocument();
    });
  });

  it('sets the document title to the collection’s name', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Podcast' });
    expect(document.title).toBe('Podcast · Collections · Creator Workspace');
  });

  it('edits a note in place: the card becomes the form, and no second form appears', async () => {
    const { user } = setup({
      notes: {
        'GET /api/collections/notes/': pageAnswer([
          makeNote({ id: 4, title: 'Intro', content: 'Old' }),
          makeNote({ id: 5, title: 'Outro', content: 'Bye' }),
        ]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit note Intro' }));
    const notes = screen.getByRole('region', { name: 'Notes' });
    const form = within(notes).getByRole('form', { name: 'Edit note' });
    expect(within(form).getByLabelText('Note title')).toHaveValue('Intro');
    expect(screen.getAllByRole('form')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Edit note Intro' })).not.toBeInTheDocument();
    const [first, second] = Array.from(notes.children);
    expect(first).toContainElement(form);
    expect(second).toHaveTextContent('Outro');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit note Intro' })).toBeInTheDocument();
    expect(screen.getAllByRole('form')).toHaveLength(1);
  });

  it('puts the notes before the side panel in reading order (a phone shows them first)', async () => {
    setup();
    const tablist = await screen.findByRole('tablist', { name: 'Collection sections' });
    const aside = screen.getByRole('complementary', { name: 'Collection details' });
    expect(tablist.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  describe('tabs', () => {
    it('are a tablist of Notes, Content and Files & Attachments, moved through with the arrows', async () => {
      const { user } = setup({
        extra: {
          'GET /api/collections/contents-list/': pageAnswer([]),
          'GET /api/collections/files/': pageAnswer([]),
        },
      });
      const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Notes',
        'Content',
        'Files & Attachments',
      ]);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      expect(tabs[0]).toHaveAttribute('tabIndex', '0');
      expect(tabs[1]).toHaveAttribute('tabIndex', '-1');
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-notes');
      tabs[0]!.focus();
      await user.keyboard('{ArrowRight}');
      expect(tabs[1]).toHaveFocus();
      expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel', { name: 'Content' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?tab=content');
      await user.keyboard('{End}');
      expect(tabs[2]).toHaveFocus();
      expect(screen.getByRole('tabpanel', { name: 'Files & Attachments' })).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(tabs[0]).toHaveFocus();
      expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
    });

    it('Content lists the collection’s items as cards and offers New content in it', async () => {
      const { user, fetch } = setup({
        extra: {
          'GET /api/collections/contents-list/': pageAnswer([
            makeContent({ id: 9, title: 'Episode 1', collections: [1] }),
          ]),
        },
      });
      await user.click(await screen.findByRole('tab', { name: 'Content' }));
      const card = await screen.findByTestId('content-card');
      expect(card).toHaveAccessibleName('Episode 1');
      const call = fetch.calls.find((c) => c.url.includes('/contents-list/'))!;
      expect(new URL(call.url, 'http://x').searchParams.get('collection')).toBe('1');
      expect(screen.getByRole('link', { name: 'New content' })).toHaveAttribute(
        'href',
        '/content/create?collection=1',
      );
    });

    it('Files & Attachments says No files yet when there are none, and no “coming soon”', async () => {
      const { user } = setup({
        extra: { 'GET /api/collections/files/': pageAnswer([]) },
      });
      await user.click(await screen.findByRole('tab', { name: 'Files & Attachments' }));
      expect(await screen.findByText('No files yet.')).toBeInTheDocument();
      expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    });

    it('Files & Attachments lists the collection’s files, uploads to the collection, downloads and deletes', async () => {
      const own = makeFile({ id: 3, name: 'cover.png', content: null, collection: 1 });
      const attached = makeFile({ id: 4, name: 'outline.pdf', content: 9 });
      const uploaded = makeFile({ id: 5, name: 'notes.txt', content: null, collection: 1 });
      storeSession();
      const { user, fetch } = setup({
        extra: {
          'GET /api/collections/files/': [
            pageAnswer([own, attached]),
            pageAnswer([uploaded, own, attached]),
            pageAnswer([own, attached]),
          ],
          'POST /api/collections/files/': () => json(201, uploaded),
          'GET /api/collections/files/3/download/': () =>
            new Response('bytes', { status: 200, headers: { 'Content-Type': 'image/png' } }),
          'DELETE /api/collections/files/5/': () => new Response(null, { status: 204 }),
          'GET /api/collections/contents-list/': pageAnswer([]),
        },
      });
      const createObjectURL = vi.fn(() => 'blob:cover');
      // jsdom has no object URLs and cannot follow the download link.
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      await user.click(await screen.findByRole('tab', { name: 'Files & Attachments' }));
      const list = await screen.findByRole('list', { name: 'Files' });
      expect(within(list).getAllByTestId('file')).toHaveLength(2);
      expect(within(list).getByRole('link', { name: 'Attached to a script' })).toHaveAttribute(
        'href',
        '/content/9',
      );
      const listCall = fetch.calls.find((c) => c.url.includes('/files/?'))!;
      expect(new URL(listCall.url, 'http://x').searchParams.get('collection')).toBe('1');

      await user.upload(
        screen.getByTestId('collection-file-input'),
        new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      );
      expect(await screen.findByText('Uploaded notes.txt.')).toBeInTheDocument();
      const post = fetch.calls.find((c) => c.method === 'POST')!;
      expect(post.body).toBeInstanceOf(FormData);
      const form = post.body as FormData;
      expect(form.get('collection')).toBe('1');
      expect((form.get('file') as File).name).toBe('notes.txt');
      expect(await screen.findByText('notes.txt')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Download cover.png' }));
      await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
      expect(click).toHaveBeenCalled();
      const download = fetch.calls.find((c) => c.url.endsWith('/files/3/download/'))!;
      expect(download.headers.get('Authorization')).toMatch(/^Bearer /);

      await user.click(screen.getByRole('button', { name: 'Delete notes.txt' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete File' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete notes.txt? This action cannot be undone.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('notes.txt')).not.toBeInTheDocument());
      expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(true);
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('says a file is too large when the upload answers 413', async () => {
      const { user } = setup({
        extra: {
          'GET /api/collections/files/': pageAnswer([]),
          'POST /api/collections/files/': () => json(413, { message: 'File too large.' }),
        },
      });
      await user.click(await screen.findByRole('tab', { name: 'Files & Attachments' }));
      await screen.findByText('No files yet.');
      await user.upload(
        screen.getByTestId('collection-file-input'),
        new File(['x'], 'huge.mov', { type: 'video/quicktime' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'huge.mov is too large to upload.',
      );
    });
  });
});

describe('Publish to web', () => {
  it('offers whole texts in the feed once published (decision 231)', async () => {
    let fullText = false;
    const current = () =>
      makeCollection({
        id: 1,
        name: 'Podcast',
        public_id: 'AbCdEfGhIjKlMnOpQrStUv',
        public_url: '/p/AbCdEfGhIjKlMnOpQrStUv',
        feed_full_text: fullText,
      });
    const { fetch, user } = setup({
      collection: current(),
      extra: {
        'PATCH /api/collections/list/1/': (_url, init) => {
          fullText = (JSON.parse(init.body as string) as { feed_full_text: boolean })
            .feed_full_text;
          return json(200, current());
        },
      },
    });
    const box = await screen.findByRole('checkbox', { name: /Whole texts in the feed/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(fetch.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      feed_full_text: true,
    });
  });

  it('shows how many follow by email, never who, and exports them (decision 247)', async () => {
    const publicId = 'AbCdEfGhIjKlMnOpQrStUv';
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:followers';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fetch, user } = setup({
      collection: makeCollection({
        id: 1,
        name: 'Podcast',
        public_id: publicId,
        public_url: `/p/${publicId}`,
      }),
      extra: {
        'GET /api/collections/list/1/followers/': () => json(200, { followers: 2, pending: 1 }),
        'GET /api/collections/list/1/followers/export/': () =>
          new Response('email,following_since\r\na@example.com,2026-11-27T10:00:00.000Z\r\n', {
            status: 200,
            headers: { 'content-type': 'text/csv; charset=utf-8' },
          }),
      },
    });
    const followers = await screen.findByTestId('followers');
    expect(await within(followers).findByTestId('follower-count')).toHaveTextContent('2 followers');
    expect(followers).toHaveTextContent('1 address not confirmed yet');
    expect(followers).not.toHaveTextContent('@');
    await user.click(within(followers).getByRole('button', { name: 'Export followers (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created[0]?.type).toBe('text/csv;charset=utf-8');
    expect(created[0]?.size).toBe(
      'email,following_since\r\na@example.com,2026-11-27T10:00:00.000Z\r\n'.length,
    );
    expect(fetch.calls.map((call) => call.url)).toContain(
      '/api/collections/list/1/followers/export/',
    );
    click.mockRestore();
  });

  it('publishes, shows the link with Copy link and Open, and unpublishes', async () => {
    let published = false;
    const publicId = 'AbCdEfGhIjKlMnOpQrStUv';
    const current = () =>
      makeCollection({
        id: 1,
        name: 'Podcast',
        public_id: published ? publicId : null,
        public_url: published ? `/p/${publicId}` : null,
      });
    const { fetch, user } = setup({
      collection: current(),
      extra: {
        'POST /api/collections/list/1/publish/': () => {
          published = true;
          return json(200, current());
        },
        'DELETE /api/collections/list/1/publish/': () => {
          published = false;
          return new Response(null, { status: 204 });
        },
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Publish to web' })).closest(
      'section',
    )!;
    expect(within(card).getByText(/Anyone with the link will see/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Publish' }));

    const link = await within(card).findByTestId('public-link');
    expect(link).toHaveValue(`${window.location.origin}/p/${publicId}`);
    expect(within(card).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `${window.location.origin}/p/${publicId}`,
    );
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/p/${publicId}`,
    );

    await user.click(within(card).getByRole('button', { name: 'Unpublish' }));
    expect(await within(card).findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(fetch.calls.map((call) => `${call.method} ${call.url}`)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('POST /api/collections/list/1/publish/'),
        expect.stringContaining('DELETE /api/collections/list/1/publish/'),
      ]),
    );
  });

  it('says so when publishing fails', async () => {
    const { user } = setup({
      extra: { 'POST /api/collections/list/1/publish/': () => json(500, { message: 'fail' }) },
    });
    const card = (await screen.findByRole('heading', { name: 'Publish to web' })).closest(
      'section',
    )!;
    expect(
      within(card).getByText(
        /as you last published them, with the files you mark \. Notes and everything else stay private\./,
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Failed to publish the collection. Please try again.',
    );
  });

  it('is not offered to a viewer, who gets only Open the public page while it is published', async () => {
    const publicId = 'AbCdEfGhIjKlMnOpQrStUv';
    const { fetch } = setup({
      collection: makeCollection({
        id: 1,
        name: 'Podcast',
        role: 'viewer',
        public_id: publicId,
        public_url: `/p/${publicId}`,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Publish to web' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Private' })).not.toBeInTheDocument();
    const panel = screen.getByRole('heading', { name: 'On the web' }).closest('section')!;
    expect(within(panel).getByRole('link', { name: 'Open the public page' })).toHaveAttribute(
      'href',
      `/p/${publicId}`,
    );
    expect(fetch.calls.some((call) => call.url.includes('/publish/'))).toBe(false);
  });

  it('is not offered to a viewer of an unpublished collection either', async () => {
    setup({ collection: makeCollection({ id: 1, name: 'Podcast', role: 'viewer' }) });
    expect(await screen.findByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Publish to web' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'On the web' })).not.toBeInTheDocument();
  });

  it('Set Private unpublishes: the card goes back to Publish', async () => {
    const publicId = 'AbCdEfGhIjKlMnOpQrStUv';
    let collection = makeCollection({
      id: 1,
      name: 'Podcast',
      is_public: true,
      public_id: publicId,
      public_url: `/p/${publicId}`,
    });
    const { user, patches } = setup({
      collection,
      extra: {
        // As the server: is_public false also clears the public link.
        'PATCH /api/collections/list/1/': (_url, init) => {
          const body = JSON.parse(init.body as string) as CollectionPatchBody;
          collection = { ...collection, ...body } as Collection;
          if (body.is_public === false) {
            collection = { ...collection, public_id: null, public_url: null };
          }
          return json(200, collection);
        },
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Publish to web' })).closest(
      'section',
    )!;
    expect(within(card).getByTestId('public-link')).toHaveValue(
      `${window.location.origin}/p/${publicId}`,
    );
    expect(within(card).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set Private' }));
    expect(await within(card).findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(within(card).queryByTestId('public-link')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Public' })).toBeInTheDocument();
    expect(patches().map((call) => call.body)).toEqual([{ is_public: false }]);
  });
});
