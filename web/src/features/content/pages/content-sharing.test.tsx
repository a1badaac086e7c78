import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeCollection,
  makeContent,
  makeTag,
  page,
  WithUser,
} from '../../../test/library-fixtures';
import { CollabRelay } from '../../../test/collab-relay';
import { editorView, typeInEditor } from '../../../test/editor';
import { currentPath, currentState, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { CollabTransportContext } from '../collab/use-collab-session';
import { ContentDetailPage } from './content-detail-page';
import { ContentWritingPage } from './content-writing-page';
import { renderWritingPage } from './render-writing-page';

type Routes = Parameters<typeof fakeFetch>[0];

const ITEM = '/api/collections/contents-list/2/';

/** An item of Katherine's (user 30) in a collection shared with the test user. */
const shared = (role: 'editor' | 'viewer') =>
  makeContent({
    id: 2,
    title: 'Launch script',
    content: 'Opening line',
    user: 30,
    role,
    tags: [4],
    tags_named_list: [{ id: 4, name: 'sponsor' }],
    collections: [1],
    collections_named_list: [{ id: 1, name: 'Podcast' }],
    updated_on: '2026-11-21T09:30:00.000Z',
    updated_by: { id: 31, name: 'Grace Hopper' },
  });

function render(page: 'view' | 'edit', routes: Routes) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  const relay = new CollabRelay();
  relay.seed('content:2', 'Opening line');
  renderPage(
    <CollabTransportContext.Provider value={relay.connect}>
      <WithUser>{page === 'view' ? <ContentDetailPage /> : <ContentWritingPage />}</WithUser>
    </CollabTransportContext.Provider>,
    {
      path: page === 'view' ? '/content/:id' : '/content/:id/edit',
      route: page === 'view' ? '/content/2' : '/content/2/edit',
      extraRoutes: <Route path="/content/:id" element={<p>item page</p>} />,
    },
  );
  return { fetch, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => focusManager.setFocused(undefined));
});

describe('a content item shared with the person', () => {
  it('shows a viewer the role and who edited it, without Edit or Delete', async () => {
    render('view', { [`GET ${ITEM}`]: () => json(200, shared('viewer')) });
    expect(await screen.findByRole('heading', { name: 'Launch script' })).toBeInTheDocument();
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(screen.getByText(/Edited by Grace Hopper/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText('sponsor')).toBeInTheDocument();
  });

  it('lets a viewer who opens the writing address read along, nothing to change', async () => {
    render('edit', {
      [`GET ${ITEM}`]: () => json(200, shared('viewer')),
      'GET /api/collections/tags/': () => json(200, page([])),
      'GET /api/collections/list/': () => json(200, page([])),
    });
    expect(await screen.findByRole('heading', { name: 'Launch script' })).toBeInTheDocument();
    await waitFor(() => expect(editorView().state.doc.toString()).toBe('Opening line'));
    expect(editorView().state.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/content/2/edit');
  });

  it('lets an editor change the text, with the owner’s tags and collections read-only', async () => {
    const { user, fetch } = render('edit', {
      [`GET ${ITEM}`]: () => json(200, shared('editor')),
      [`PATCH ${ITEM}`]: () => json(200, { ...shared('editor'), title: 'Launch script v2' }),
      'GET /api/collections/tags/': () => json(200, page([makeTag(1, 'mine')])),
      'GET /api/collections/list/': () => json(200, page([])),
    });
    const title = await screen.findByLabelText(/^Title/);
    expect(screen.getByText('Editor')).toBeInTheDocument();
    expect(screen.getByText('Edited by Grace Hopper')).toBeInTheDocument();
    // The details beside the text render after the editor (decision 262).
    expect(
      within(await screen.findByRole('list', { name: 'Tags' })).getByText('sponsor'),
    ).toBeVisible();
    expect(
      screen.queryByRole('combobox', { name: 'Search or select tags' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Search or select collections' }),
    ).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Collections' })).getByText('Podcast'),
    ).toBeVisible();

    await user.clear(title);
    await user.type(title, 'Launch script v2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Content updated!')).toBeInTheDocument();
    const patches = fetch.calls.filter((call) => call.method === 'PATCH');
    // The text is the shared document's; tags and collections are the owner's: only the title.
    expect(patches.at(-1)!.body).toEqual({ title: 'Launch script v2' });
  });

  it('goes back to the collections when the item answers 404 on focus (access ended)', async () => {
    render('view', {
      [`GET ${ITEM}`]: [
        () => json(200, shared('viewer')),
        () => json(404, { message: 'Not found.' }),
      ],
    });
    await screen.findByRole('heading', { name: 'Launch script' });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(currentPath()).toBe('/collections'));
    expect(currentState()).toEqual({ notice: 'You no longer have access to this collection.' });
  });

  it('an editor starting new content from a shared collection writes it there, without tags', async () => {
    const fetch = fakeFetch({
      'GET /api/collections/tags/': () => json(200, page([makeTag(1, 'mine')])),
      // The person's own collections: the shared one is not among them.
      'GET /api/collections/list/': () => json(200, page([makeCollection({ id: 3, name: 'Own' })])),
      'GET /api/collections/list/1/': () =>
        json(
          200,
          makeCollection({
            id: 1,
            name: 'Podcast',
            role: 'editor',
            user: 30,
            owner_name: 'Katherine Johnson',
          }),
        ),
      'POST /api/collections/contents-list/': (_url: string, init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { content: string };
        relay.seed('content:9', body.content);
        return json(201, makeContent({ ...body, id: 9, user: 7 }));
      },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const relay = new CollabRelay();
    renderWritingPage(relay, { path: '/content/create', search: '?collection=1' });
    const user = userEvent.setup();
    expect(await screen.findByText('In Podcast, shared by Katherine Johnson')).toBeInTheDocument();
    expect(screen.getByText('Editor')).toBeInTheDocument();
    // The details beside the text render after the editor (decision 262).
    expect(
      within(await screen.findByRole('list', { name: 'Collections' })).getByText('Podcast'),
    ).toBeVisible();
    expect(
      screen.queryByRole('combobox', { name: 'Search or select tags' }),
    ).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'Clip');
    typeInEditor('Text');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Content created!');
    const post = fetch.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ collections: [1], tags: [] });
  });
});
