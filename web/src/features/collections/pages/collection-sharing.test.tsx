import type { Collection, Member } from '@cw/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionQueryOptions, SHARED_REFETCH_MS } from '../../../lib/api/collections';
import { ACCESS_CHANNEL_NAME } from '../../../lib/collection-access';
import {
  makeCollection,
  makeContent,
  makeFile,
  makeMember,
  makeNote,
  renderSignedIn,
  testUser,
  pageAnswer,
} from '../../../test/library-fixtures';
import { currentPath, currentState } from '../../../test/render';
import { json, type fakeFetch } from '../../../test/fake-fetch';
import { CollectionDetailPage } from './collection-detail-page';

const COLLECTION_PAGE = { path: '/collections/:id', route: '/collections/1' };

type Routes = Parameters<typeof fakeFetch>[0];

const GRACE = 31;
const MEMBERS = '/api/collections/list/1/members/';

const owned = makeCollection({
  id: 1,
  name: 'Podcast',
  tags: [4],
  tags_named_list: [{ id: 4, name: 'audio' }],
  member_count: 1,
  members_preview: [{ id: GRACE, name: 'Grace Hopper', profile_pic: null }],
});

/** The same collection as Grace's owner shares it with the test user. */
function sharedAs(role: 'editor' | 'viewer'): Collection {
  return { ...owned, role, user: 30, owner_name: 'Katherine Johnson' };
}

const ownerView: Member[] = [
  makeMember({ id: 1 }),
  makeMember({
    id: 2,
    email: 'grace@example.com',
    name: 'Grace Hopper',
    role: 'editor',
    user: GRACE,
  }),
  makeMember({
    id: 3,
    email: 'alan@example.com',
    name: null,
    role: 'viewer',
    status: 'invited',
    user: null,
  }),
];

/** What a member is shown: the owner, then the accepted members (the test user is #2). */
const memberView = (role: 'editor' | 'viewer'): Member[] => [
  makeMember({ id: 1, email: 'kj@example.com', name: 'Katherine Johnson', user: 30 }),
  makeMember({ id: 2, role }),
  makeMember({
    id: 4,
    email: 'grace@example.com',
    name: 'Grace Hopper',
    role: 'editor',
    user: GRACE,
  }),
];

function renderCollection(collection: Collection | Routes[string], routes: Routes = {}) {
  return renderSignedIn(<CollectionDetailPage />, COLLECTION_PAGE, {
    'GET /api/collections/list/1/':
      typeof collection === 'function' || Array.isArray(collection)
        ? collection
        : () => json(200, collection),
    'GET /api/collections/tags/': pageAnswer([]),
    'GET /api/collections/notes/': pageAnswer([]),
    [`GET ${MEMBERS}`]: () => json(200, ownerView),
    ...routes,
  });
}

async function openShare(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Share' }));
  const dialog = screen.getByRole('dialog', { name: 'Share collection' });
  await within(dialog).findByRole('heading', { name: 'People with access' });
  return dialog;
}

/**
 * Another tab of the same browser (jsdom runs on Node 20, whose BroadcastChannel carries
 * messages between channel objects of one name, as tabs' do): what it heard, and what it says.
 */
function otherTab() {
  const channel = new BroadcastChannel(ACCESS_CHANNEL_NAME);
  const heard: unknown[] = [];
  channel.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
  tabs.push(channel);
  return { heard, say: (data: unknown) => channel.postMessage(data) };
}
const tabs: BroadcastChannel[] = [];

const asksForTheCollection = (fetch: ReturnType<typeof renderCollection>['fetch']) =>
  fetch.calls.filter(
    (call) => call.method === 'GET' && call.url.split('?')[0] === '/api/collections/list/1/',
  ).length;

afterEach(() => {
  vi.unstubAllGlobals();
  for (const tab of tabs.splice(0)) tab.close();
});

describe('the Share dialog (owner)', () => {
  it('lists who has access and pending invitations, and keeps focus inside', async () => {
    const { user } = renderCollection(owned);
    const dialog = await openShare(user);
    expect(dialog).toHaveAccessibleDescription('Podcast');
    expect(within(dialog).getByLabelText('Email address')).toHaveFocus();

    const people = within(dialog).getByRole('list', { name: 'People with access' });
    expect(within(people).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(people).getByText('(you)')).toBeInTheDocument();
    expect(within(people).getByText('Owner')).toBeInTheDocument();
    expect(within(people).getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue(
      'editor',
    );
    expect(within(people).getByRole('button', { name: 'Remove Grace Hopper' })).toBeInTheDocument();
    // The owner has no role to change and cannot be removed.
    expect(within(people).getAllByRole('combobox')).toHaveLength(1);

    const pending = within(dialog).getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('alan@example.com')).toBeInTheDocument();
    expect(within(pending).getByText('Invited as viewer')).toBeInTheDocument();
    expect(
      within(pending).getByRole('button', { name: 'Resend invitation to alan@example.com' }),
    ).toBeInTheDocument();

    // Tab from the last control comes back to the first (the × button); Escape closes.
    within(dialog).getByRole('button', { name: 'Done' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('invites by email with a role, and shows why an address is refused', async () => {
    const { user, fetch } = renderCollection(owned, {
      [`POST ${MEMBERS}`]: [
        () =>
          json(
            201,
            makeMember({
              id: 9,
              email: 'new@example.com',
              name: null,
              role: 'editor',
              status: 'invited',
              user: null,
            }),
          ),
        () =>
          json(400, {
            message: 'Validation failed.',
            code: 'invalid',
            errors: { email: ['This person already has access to the collection.'] },
          }),
      ],
    });
    const dialog = await openShare(user);
    const email = within(dialog).getByLabelText('Email address');

    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

    await user.type(email, 'new@example.com');
    expect(within(dialog).getByLabelText('Role')).toHaveValue('viewer');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Invitation sent to new@example.com as an editor.',
    );
    expect(email).toHaveValue('');
    const post = fetch.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ email: 'new@example.com', role: 'editor' });

    await user.type(email, 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(
      await within(dialog).findByText('This person already has access to the collection.'),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('invitations are not a mail relay: the invite form says why a 429 refused it and keeps the address', async () => {
    const { user } = renderCollection(owned, {
      [`POST ${MEMBERS}`]: [
        () =>
          json(429, {
            message: 'You can send 20 invitations an hour. Try again in 42 minutes.',
            detail: 'You can send 20 invitations an hour. Try again in 42 minutes.',
            code: 'throttled',
          }),
        () => new Response(null, { status: 429, headers: { 'retry-after': '60' } }),
      ],
    });
    const dialog = await openShare(user);
    const email = within(dialog).getByLabelText('Email address');

    await user.type(email, 'stranger@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can send 20 invitations an hour. Try again in 42 minutes.',
    );
    expect(email).toHaveValue('stranger@example.com');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');

    // Without the server's sentence (a proxy's bare 429), still a clear one.
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(
      await within(dialog).findByText(
        'Too many invitations for now. Please wait a while and try again.',
      ),
    ).toBeInTheDocument();
    expect(email).toHaveValue('stranger@example.com');
  });

  it('changes a role, removes a member, resends (with the cool-down’s message) and revokes', async () => {
    const { user, fetch } = renderCollection(owned, {
      'PATCH /api/collections/list/1/members/2/': () =>
        json(200, { ...ownerView[1], role: 'viewer' }),
      'DELETE /api/collections/list/1/members/2/': () => new Response(null, { status: 204 }),
      'POST /api/collections/list/1/members/3/resend/': () =>
        json(429, { message: 'Wait 30 seconds before sending this invitation again.' }),
      'DELETE /api/collections/list/1/members/3/': () => new Response(null, { status: 204 }),
    });
    const dialog = await openShare(user);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Role of Grace Hopper' }),
      'viewer',
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Grace Hopper is now a viewer.',
    );
    expect(fetch.calls.find((call) => call.method === 'PATCH')!.body).toEqual({ role: 'viewer' });

    await user.click(
      within(dialog).getByRole('button', { name: 'Resend invitation to alan@example.com' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Wait 30 seconds before sending this invitation again.',
    );

    await user.click(
      within(dialog).getByRole('button', { name: 'Revoke invitation to alan@example.com' }),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Invitation to alan@example.com revoked.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Remove Grace Hopper' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Grace Hopper no longer has access.',
    );
    const deletes = fetch.calls.filter((call) => call.method === 'DELETE').map((call) => call.url);
    expect(deletes).toEqual([`${MEMBERS}3/`, `${MEMBERS}2/`]);
  });
});

describe('controls a role may not use are not shown', () => {
  it('an editor reads the settings and writes notes, but manages nothing', async () => {
    renderCollection(sharedAs('editor'), {
      'GET /api/collections/notes/': pageAnswer([
        makeNote({
          id: 1,
          title: 'Guest ideas',
          updated_on: '2026-11-21T09:00:00.000Z',
          updated_by: { id: GRACE, name: 'Grace Hopper' },
        }),
        makeNote({
          id: 2,
          title: 'My own',
          updated_on: '2026-11-21T09:00:00.000Z',
          updated_by: { id: testUser.id, name: 'Ada Lovelace' },
        }),
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Podcast', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Editor')).toBeInTheDocument();
    expect(screen.getByText('Shared by Katherine Johnson')).toBeInTheDocument();
    for (const name of [
      'Edit name',
      'Share',
      'Delete',
      'Set Inactive',
      'Set Public',
      'Edit description',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox', { name: 'Add tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove tag audio' })).not.toBeInTheDocument();
    expect(screen.getByText('audio')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();

    expect(screen.getByRole('form', { name: 'Add note' })).toBeInTheDocument();
    const guest = (await screen.findAllByTestId('note'))[0]!;
    expect(within(guest).getByText(/Edited by Grace Hopper/)).toBeInTheDocument();
    expect(
      within(guest).getByRole('button', { name: 'Edit note Guest ideas' }),
    ).toBeInTheDocument();
    const own = screen.getAllByTestId('note')[1]!;
    expect(within(own).queryByText(/Edited by/)).not.toBeInTheDocument();
    expect(within(own).getByText(/· Edited$/)).toBeInTheDocument();
  });

  it('a viewer only reads: no note form, no edit or delete, no upload, no new content', async () => {
    const { user } = renderCollection(sharedAs('viewer'), {
      'GET /api/collections/notes/': pageAnswer([
        makeNote({
          id: 1,
          title: 'Guest ideas',
          updated_by: { id: 30, name: 'Katherine Johnson' },
        }),
      ]),
      'GET /api/collections/contents-list/': pageAnswer([
        makeContent({ id: 5, title: 'Intro script', role: 'viewer', user: 30 }),
      ]),
      'GET /api/collections/files/': pageAnswer([
        makeFile({ id: 8, name: 'outline.pdf', user: 30 }),
      ]),
    });
    const note = await screen.findByTestId('note');
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add note' })).not.toBeInTheDocument();
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
    // Written by the owner and never changed since.
    expect(within(note).getByText(/· Added by Katherine Johnson$/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Content' }));
    const card = await screen.findByTestId('content-card');
    expect(screen.queryByRole('link', { name: /New content/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Edit Intro script' })).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: 'Delete Intro script' }),
    ).not.toBeInTheDocument();
    expect(within(card).getByText('Viewer')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Files & Attachments' }));
    expect(await screen.findByTestId('file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete outline.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download outline.pdf' })).toBeInTheDocument();
  });
});

describe('members see who has access, and leave', () => {
  it('shows a read-only list, and Leave collection goes back to the list', async () => {
    const { user, fetch } = renderCollection(sharedAs('viewer'), {
      [`GET ${MEMBERS}`]: () => json(200, memberView('viewer')),
      [`DELETE ${MEMBERS}2/`]: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Members' }));
    const dialog = screen.getByRole('dialog', { name: 'People with access' });
    const people = await within(dialog).findByRole('list', { name: 'People with access' });
    expect(within(people).getAllByTestId('share-person')).toHaveLength(3);
    expect(within(people).getByText('Katherine Johnson')).toBeInTheDocument();
    expect(within(people).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Email address')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Leave collection' }));
    expect(within(dialog).getByText(/Leave Podcast\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentPath()).toBe('/collections'));
    expect(currentState()).toEqual({ notice: 'You left Podcast.', tone: 'success' });
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('leaving tells the person’s other open tabs at once', async () => {
    const tab = otherTab();
    const { user } = renderCollection([() => json(200, sharedAs('editor')), () => json(404)], {
      [`GET ${MEMBERS}`]: () => json(200, memberView('editor')),
      [`DELETE ${MEMBERS}2/`]: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Members' }));
    const dialog = screen.getByRole('dialog', { name: 'People with access' });
    await user.click(await within(dialog).findByRole('button', { name: 'Leave collection' }));
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(tab.heard).toEqual([{ type: 'access-lost' }]));
    // This tab goes to the list with its own notice (its collection answers 404 from now on).
    await waitFor(() => expect(currentPath()).toBe('/collections'));
    expect(currentState()).toEqual({ notice: 'You left Podcast.', tone: 'success' });
  });
});

describe('losing access in an open tab', () => {
  it('a refused call makes the page ask again; a 404 goes back to the list, saying why', async () => {
    renderCollection(
      [() => json(200, sharedAs('editor')), () => json(404, { message: 'Not found.' })],
      { 'POST /api/collections/notes/': () => json(404, { message: 'Not found.' }) },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note title'), 'Late idea');
    await user.type(screen.getByLabelText('Note content'), 'Words');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(currentPath()).toBe('/collections'));
    expect(currentState()).toEqual({ notice: 'You no longer have access to this collection.' });
  });

  it('another tab’s news of lost access makes the page ask again at once, and leave on a 404', async () => {
    const tab = otherTab();
    const { fetch } = renderCollection([
      () => json(200, sharedAs('viewer')),
      () => json(404, { message: 'Not found.' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    expect(asksForTheCollection(fetch)).toBe(1);
    tab.say({ type: 'access-lost' });
    await waitFor(() => expect(currentPath()).toBe('/collections'));
    expect(currentState()).toEqual({ notice: 'You no longer have access to this collection.' });
    expect(asksForTheCollection(fetch)).toBe(2);
  });

  it('a page still shared stays after the news; a 404 found here is passed on to the other tabs', async () => {
    const tab = otherTab();
    const { fetch } = renderCollection([
      () => json(200, sharedAs('editor')),
      () => json(200, sharedAs('editor')),
      () => json(404, { message: 'Not found.' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    tab.say({ type: 'something else' });
    tab.say({ type: 'access-lost' });
    await waitFor(() => expect(asksForTheCollection(fetch)).toBe(2));
    expect(currentPath()).toBe('/collections/1');
    expect(tab.heard).toEqual([]);

    // The next ask (the 10-second poll, or here the news again) finds the membership gone.
    tab.say({ type: 'access-lost' });
    await waitFor(() => expect(currentPath()).toBe('/collections'));
    await waitFor(() => expect(tab.heard).toEqual([{ type: 'access-lost' }]));
  });

  it('an own collection’s page does not ask again on the news', async () => {
    const tab = otherTab();
    const { fetch } = renderCollection(owned);
    expect(await screen.findByRole('heading', { name: 'Podcast' })).toBeInTheDocument();
    tab.say({ type: 'access-lost' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asksForTheCollection(fetch)).toBe(1);
    expect(currentPath()).toBe('/collections/1');
  });

  it('asks a shared collection again every 10 s and on focus; an own one never', () => {
    const options = collectionQueryOptions(1);
    const query = (role: Collection['role']) => ({ state: { data: { role } } });
    expect(SHARED_REFETCH_MS).toBe(10_000);
    const interval = options.refetchInterval as (q: ReturnType<typeof query>) => number | false;
    const onFocus = options.refetchOnWindowFocus as (q: ReturnType<typeof query>) => boolean;
    expect(interval(query('editor'))).toBe(10_000);
    expect(onFocus(query('viewer'))).toBe(true);
    expect(interval(query('owner'))).toBe(false);
    expect(onFocus(query('owner'))).toBe(false);
  });
});
