import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  page,
  testUser,
  WithUser,
  pageAnswer,
} from '../../../test/library-fixtures';
import { currentState, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { CollectionsPage } from './collections-page';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * The list route: `?scope=shared` answers `shared` (nothing by default); the person's own list
 * answers `mine` (each in turn, when several).
 */
function lists(mine: Handler | Handler[], shared: Handler = pageAnswer([])): Handler {
  let index = 0;
  return (url, init) => {
    if (url.includes('scope=shared')) return shared(url, init);
    if (!Array.isArray(mine)) return mine(url, init);
    const pick = mine[Math.min(index, mine.length - 1)]!;
    index += 1;
    return pick(url, init);
  };
}

function renderCollections() {
  return renderPage(
    <WithUser>
      <CollectionsPage />
    </WithUser>,
    { path: '/collections' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CollectionsPage', () => {
  it('shows Loading collections... while the list loads', () => {
    const fetch = fakeFetch({ 'GET /api/collections/list/': () => new Promise(() => {}) });
    vi.stubGlobal('fetch', fetch.fn);
    renderCollections();
    expect(screen.getByRole('heading', { name: 'My Collections' })).toBeInTheDocument();
    expect(screen.getByText('Loading collections...')).toBeInTheDocument();
  });

  it('asks for the current user’s collections and shows the empty state', async () => {
    const fetch = fakeFetch({ 'GET /api/collections/list/': pageAnswer([]) });
    vi.stubGlobal('fetch', fetch.fn);
    renderCollections();
    expect(await screen.findByText('No collections found.')).toBeInTheDocument();
    expect(screen.getByText('Start by creating your first collection!')).toBeInTheDocument();
    const mine = fetch.calls.find((call) => !call.url.includes('scope='));
    expect(mine!.url).toContain(`user=${testUser.id}`);
    expect(screen.queryByRole('heading', { name: 'Shared with me' })).not.toBeInTheDocument();
  });

  it('only stops loading when the list fails (no message)', async () => {
    const fetch = fakeFetch({
      'GET /api/collections/list/': () => json(500, { message: 'Internal server error' }),
    });
    vi.stubGlobal('fetch', fetch.fn);
    renderCollections();
    expect(await screen.findByText('No collections found.')).toBeInTheDocument();
    expect(screen.queryByText('Loading collections...')).not.toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
  });

  it('shows every field of a card and opens the collection on click', async () => {
    const user = userEvent.setup();
    const fetch = fakeFetch({
      'GET /api/collections/list/': pageAnswer([
        makeCollection({
          id: 3,
          name: 'Season two',
          description: '',
          is_public: false,
          is_active: false,
          tags_named_list: [
            { id: 1, name: 'audio' },
            { id: 2, name: 'guests' },
          ],
          tags: [1, 2],
        }),
        makeCollection({
          id: 4,
          name: 'Shorts',
          description: 'Vertical videos',
          public_id: 'AbCdEfGhIjKlMnOpQrStUv',
          public_url: '/p/AbCdEfGhIjKlMnOpQrStUv',
        }),
      ]),
    });
    vi.stubGlobal('fetch', fetch.fn);
    renderCollections();
    const cards = await screen.findAllByTestId('collection-card');
    const first = within(cards[0]!);
    expect(first.getByText('Season two')).toBeInTheDocument();
    expect(first.getByText('No description provided.')).toBeInTheDocument();
    expect(first.getByText('Private')).toBeInTheDocument();
    expect(first.getByText('Inactive')).toBeInTheDocument();
    expect(first.getByText('audio')).toBeInTheDocument();
    expect(first.getByText('guests')).toBeInTheDocument();
    expect(first.getByText(/Created Nov 20, 2026/)).toBeInTheDocument();
    const second = within(cards[1]!);
    expect(second.getByText('Vertical videos')).toBeInTheDocument();
    expect(second.getByText('Public')).toBeInTheDocument();
    expect(second.getByText('On the web')).toBeInTheDocument();
    expect(first.queryByText('On the web')).toBeNull();
    expect(second.getByText('Active')).toBeInTheDocument();
    await user.click(first.getByText('Season two'));
    expect(screen.getByTestId('location')).toHaveTextContent('/collections/3');
  });

  it('loads the next page with Load more, so no collection stays hidden', async () => {
    const user = userEvent.setup();
    const fetch = fakeFetch({
      'GET /api/collections/list/': (url) =>
        url.includes('page=2')
          ? json(200, page([makeCollection({ id: 2, name: 'Older one' })], { count: 2 }))
          : json(
              200,
              page([makeCollection({ id: 1, name: 'Newest' })], {
                count: 2,
                next: '/api/collections/list/?page=2',
              }),
            ),
    });
    vi.stubGlobal('fetch', fetch.fn);
    renderCollections();
    expect(await screen.findByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('Create Collection modal', () => {
    it('has Active and Public checked, shows Creating... and sends the spec’s body', async () => {
      const user = userEvent.setup();
      let release: (response: Response) => void = () => {};
      const fetch = fakeFetch({
        'GET /api/collections/list/': lists([
          pageAnswer([]),
          pageAnswer([makeCollection({ id: 9, name: 'Fresh' })]),
        ]),
        'POST /api/collections/list/': () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      });
      vi.stubGlobal('fetch', fetch.fn);
      renderCollections();
      await screen.findByText('No collections found.');
      await user.click(screen.getAllByRole('button', { name: 'Create Collection' })[0]!);
      const dialog = screen.getByRole('dialog', { name: 'Create Collection' });
      expect(within(dialog).getByLabelText('Active')).toBeChecked();
      expect(within(dialog).getByLabelText('Public')).toBeChecked();
      await user.type(within(dialog).getByLabelText(/Name/), '  Fresh  ');
      await user.type(within(dialog).getByLabelText('Description'), 'New ideas');
      await user.click(within(dialog).getByLabelText('Public'));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(dialog).getByRole('button', { name: 'Creating...' })).toBeDisabled();
      expect(fetch.calls.at(-1)!.body).toEqual({
        meta_data: {},
        name: 'Fresh',
        description: 'New ideas',
        is_active: true,
        is_public: false,
        user: testUser.id,
        tags: [],
      });
      release(json(201, makeCollection({ id: 9, name: 'Fresh' })));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Fresh')).toBeInTheDocument();
    });

    it('requires a name', async () => {
      const user = userEvent.setup();
      const fetch = fakeFetch({ 'GET /api/collections/list/': pageAnswer([]) });
      vi.stubGlobal('fetch', fetch.fn);
      renderCollections();
      await screen.findByText('No collections found.');
      await user.click(screen.getAllByRole('button', { name: 'Create Collection' })[0]!);
      await user.type(screen.getByLabelText(/Name/), '   ');
      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(screen.getByText('Name is required.')).toBeInTheDocument();
      expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    });

    it('keeps the modal open with the inline failure text, and × closes it', async () => {
      const user = userEvent.setup();
      const fetch = fakeFetch({
        'GET /api/collections/list/': pageAnswer([]),
        'POST /api/collections/list/': () => json(500, { message: 'boom' }),
      });
      vi.stubGlobal('fetch', fetch.fn);
      renderCollections();
      await screen.findByText('No collections found.');
      await user.click(screen.getAllByRole('button', { name: 'Create Collection' })[0]!);
      await user.type(screen.getByLabelText(/Name/), 'Doomed');
      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(
        await screen.findByText('Failed to create collection. Please try again.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('Delete Collection modal', () => {
    it('asks with the exact text, deletes and reloads the list', async () => {
      const user = userEvent.setup();
      const fetch = fakeFetch({
        'GET /api/collections/list/': lists([
          pageAnswer([makeCollection({ id: 5, name: 'Old stuff' })]),
          pageAnswer([]),
        ]),
        'DELETE /api/collections/list/5/': () => new Response(null, { status: 204 }),
      });
      vi.stubGlobal('fetch', fetch.fn);
      renderCollections();
      await user.click(await screen.findByRole('button', { name: 'Delete collection Old stuff' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Collection' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete Old stuff? It moves to the trash, where you can restore it for 30 days.',
      );
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('No collections found.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('alerts Failed to delete collection. Please try again. on failure', async () => {
      const user = userEvent.setup();
      const fetch = fakeFetch({
        'GET /api/collections/list/': pageAnswer([makeCollection({ id: 5, name: 'Old stuff' })]),
        'DELETE /api/collections/list/5/': () => json(500, { message: 'nope' }),
      });
      vi.stubGlobal('fetch', fetch.fn);
      renderCollections();
      await user.click(await screen.findByRole('button', { name: 'Delete collection Old stuff' }));
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to delete collection. Please try again.',
      );
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('Old stuff')).toBeInTheDocument();
    });
  });

  describe('sharing', () => {
    it('lists "Shared with me" with the owner’s name and role, and avatars of members', async () => {
      const fetch = fakeFetch({
        'GET /api/collections/list/': lists(
          pageAnswer([
            makeCollection({
              id: 1,
              name: 'Mine',
              member_count: 4,
              members_preview: [
                { id: 21, name: 'Grace Hopper', profile_pic: null },
                { id: 22, name: 'Alan Turing', profile_pic: 'https://example.com/alan.png' },
              ],
            }),
          ]),
          pageAnswer([
            makeCollection({
              id: 2,
              name: 'Their podcast',
              role: 'viewer',
              user: 30,
              owner_name: 'Katherine Johnson',
            }),
            makeCollection({
              id: 3,
              name: 'Their videos',
              role: 'editor',
              user: 30,
              owner_name: 'Katherine Johnson',
            }),
          ]),
        ),
      });
      vi.stubGlobal('fetch', fetch.fn);
      renderCollections();

      const section = await screen.findByRole('region', { name: 'Shared with me' });
      expect(fetch.calls.some((call) => call.url.includes('scope=shared'))).toBe(true);
      const shared = within(section).getAllByTestId('collection-card');
      expect(shared).toHaveLength(2);
      const podcast = within(shared[0]!);
      expect(podcast.getByText('Shared by Katherine Johnson')).toBeInTheDocument();
      expect(podcast.getByText('Viewer')).toBeInTheDocument();
      expect(podcast.queryByRole('button', { name: /Delete collection/ })).not.toBeInTheDocument();
      expect(within(shared[1]!).getByText('Editor')).toBeInTheDocument();

      const mine = within(screen.getAllByTestId('collection-card')[0]!);
      expect(mine.getByRole('button', { name: 'Delete collection Mine' })).toBeInTheDocument();
      expect(mine.queryByText(/Shared by/)).not.toBeInTheDocument();
      const avatars = mine.getByRole('list', { name: 'Shared with' });
      expect(within(avatars).getByText('Grace Hopper')).toBeInTheDocument();
      expect(within(avatars).getByText('GH', { ignore: '.sr-only' })).toBeInTheDocument();
      expect(within(avatars).getByText('Alan Turing')).toBeInTheDocument();
      expect(within(avatars).getByText('and 2 more')).toBeInTheDocument();
    });

    it('says why the person arrived: access to a collection ended', async () => {
      vi.stubGlobal('fetch', fakeFetch({ 'GET /api/collections/list/': pageAnswer([]) }).fn);
      renderPage(
        <WithUser>
          <CollectionsPage />
        </WithUser>,
        {
          path: '/collections',
          state: { notice: 'You no longer have access to this collection.' },
        },
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You no longer have access to this collection.',
      );
      // The history entry forgets it: a reload does not say it again.
      await waitFor(() => expect(currentState()).toBeNull());
    });
  });
});
