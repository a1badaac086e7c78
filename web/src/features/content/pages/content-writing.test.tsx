import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiryBridge } from '../../../app/signed-in-root';
import { LeaveGuard } from '../../../components/leave-guard';
import { draftKey } from '../../../lib/drafts';
import {
  makeCollection,
  makeContent,
  makeFile,
  page,
  testUser,
  WithUser,
} from '../../../test/library-fixtures';
import { currentPath, fakeFetch, json, renderPage } from '../../../test/render';
import { ContentCreatePage } from './content-create-page';
import { ContentEditPage } from './content-edit-page';

type Routes = Parameters<typeof fakeFetch>[0];

const base: Routes = {
  'GET /api/collections/tags/': () => json(200, page([])),
  'GET /api/collections/list/': () =>
    json(
      200,
      page([
        makeCollection({ id: 3, name: 'Season 2' }),
        makeCollection({ id: 4, name: 'Shorts' }),
      ]),
    ),
};

function stub(routes: Routes) {
  const fetch = fakeFetch({ ...base, ...routes });
  vi.stubGlobal('fetch', fetch.fn);
  return fetch;
}

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login-search">{location.search}</p>;
}

function renderCreate(search?: string) {
  return renderPage(
    <WithUser>
      <LeaveGuard />
      <Link to="/dashboard">Dashboard</Link>
      <ContentCreatePage />
    </WithUser>,
    { path: '/content/create', search },
  );
}

const item = makeContent({ id: 2, title: 'Launch script', content: 'Opening line' });

function renderEdit() {
  return renderPage(
    <WithUser>
      <SessionExpiryBridge />
      <LeaveGuard />
      <ContentEditPage />
    </WithUser>,
    {
      path: '/content/:id/edit',
      route: '/content/2/edit',
      extraRoutes: <Route path="/login" element={<LoginProbe />} />,
    },
  );
}

beforeEach(() => {
  localStorage.setItem('access_token', 'Bearer abc');
  localStorage.setItem('refresh_token', 'ref');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the writing surface', () => {
  it('switches Write, Split and Preview, and counts words, characters and speaking time', async () => {
    stub({});
    const user = userEvent.setup();
    renderCreate();
    const view = screen.getByRole('group', { name: 'Editor view' });
    expect(within(view).getByRole('button', { name: 'Split' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('region', { name: 'Preview' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Content'));
    await user.paste('# Intro\n\nOne two three four five.');
    const status = screen.getByTestId('writing-status');
    expect(status).toHaveTextContent('6 words');
    expect(status).toHaveTextContent('33 characters');
    // 6 words at the default 150 words per minute: 2.4 s, rounded up.
    expect(status).toHaveTextContent('3 s speaking time');

    await user.click(within(view).getByRole('button', { name: 'Write' }));
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Content')).toBeVisible();

    await user.click(within(view).getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByRole('heading', { name: 'Intro' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    await user.click(
      within(within(preview).getByRole('group', { name: 'Editor view' })).getByRole('button', {
        name: 'Split',
      }),
    );
    expect(screen.getByLabelText('Content')).toHaveValue('# Intro\n\nOne two three four five.');
  });
});

describe('collections on the form', () => {
  it('starts in ?collection=ID and sends the chosen collections with the item', async () => {
    const fetch = stub({
      'POST /api/collections/contents-list/': () => json(201, makeContent({ id: 9 })),
    });
    const user = userEvent.setup();
    renderCreate('?collection=3');
    const chosen = await screen.findByRole('list', { name: 'Selected collections' });
    expect(within(chosen).getByText('Season 2')).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Search or select collections' }));
    await user.click(await screen.findByRole('option', { name: 'Shorts' }));
    expect(within(chosen).getByText('Shorts')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'Clip');
    await user.type(screen.getByLabelText('Content'), 'Text');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Content created!');
    const post = fetch.calls.find((call) => call.method === 'POST')!;
    expect((post.body as { collections: number[] }).collections).toEqual([3, 4]);
  });
});

describe('drafts of a new item', () => {
  it('saves to local storage per user, offers the draft back, and forgets it once created', async () => {
    stub({ 'POST /api/collections/contents-list/': () => json(201, makeContent({ id: 9 })) });
    const user = userEvent.setup();
    const first = renderCreate();
    await user.type(screen.getByLabelText(/^Title/), 'Cold open');
    await user.click(screen.getByLabelText('Content'));
    await user.paste('We start in the dark.');
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(draftKey(testUser.id, 'new'))!) as {
      title: string;
      content: string;
    };
    expect(stored).toMatchObject({ title: 'Cold open', content: 'We start in the dark.' });
    first.unmount();

    renderCreate();
    const offer = screen.getByRole('region', { name: 'Unsaved draft' });
    expect(offer).toHaveTextContent('You have an unsaved draft');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    await user.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Cold open');
    expect(screen.getByLabelText('Content')).toHaveValue('We start in the dark.');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Content created!');
    expect(localStorage.getItem(draftKey(testUser.id, 'new'))).toBeNull();
  });

  it('Discard forgets the stored draft', async () => {
    stub({});
    localStorage.setItem(
      draftKey(testUser.id, 'new'),
      JSON.stringify({ title: 'Old', content: 'x', tags: [], collections: [], savedAt: 1 }),
    );
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
    expect(localStorage.getItem(draftKey(testUser.id, 'new'))).toBeNull();
  });
});

describe('autosave of an existing item', () => {
  it('PATCHes after a pause: Saving… then Saved; offline, it says so and retries when back online', async () => {
    let online = false;
    const fetch = stub({
      'GET /api/collections/contents-list/2/': () => json(200, item),
      'PATCH /api/collections/contents-list/2/': (_url, init) =>
        online
          ? json(200, { ...item, ...(JSON.parse(init.body as string) as object) })
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = userEvent.setup();
    renderEdit();
    const content = await screen.findByLabelText('Content');
    await user.click(content);
    await user.paste(' and more');
    expect(await screen.findByText('Offline', {}, { timeout: 4000 })).toBeInTheDocument();
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    const patches = fetch.calls.filter((call) => call.method === 'PATCH');
    expect(patches.at(-1)!.body).toEqual({
      title: 'Launch script',
      content: 'Opening line and more',
      tags: [],
      collections: [],
      files: [],
    });
    expect(localStorage.getItem(draftKey(testUser.id, 2))).toBeNull();
  });

  it('saves an added or removed attachment by itself, like a word typed', async () => {
    const attached = makeFile({ id: 7, name: 'old.pdf', content: 2 });
    const fetch = stub({
      'GET /api/collections/contents-list/2/': () => json(200, { ...item, files: [attached] }),
      'PATCH /api/collections/contents-list/2/': (_url, init) => {
        const body = JSON.parse(init.body as string) as { files: number[] };
        return json(200, {
          ...item,
          files: body.files.map((id) => makeFile({ id, content: 2 })),
        });
      },
      'POST /api/collections/files/': () => json(201, makeFile({ id: 11, content: null })),
      'DELETE /api/collections/files/7/': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderEdit();
    await screen.findByText('old.pdf');
    await user.upload(
      screen.getByLabelText('Attachments', { selector: 'input' }),
      new File(['x'], 'b-roll.mov'),
    );
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    const patches = () => fetch.calls.filter((call) => call.method === 'PATCH');
    expect((patches().at(-1)!.body as { files: number[] }).files).toEqual([7, 11]);

    const list = screen.getByRole('list', { name: 'Attachments' });
    await user.click(within(list).getByRole('button', { name: /remove old\.pdf/i }));
    await waitFor(
      () => expect((patches().at(-1)!.body as { files: number[] }).files).toEqual([11]),
      { timeout: 4000 },
    );
    // Detached by the autosave, the removed file goes; the new one is the item's now.
    await waitFor(() =>
      expect(fetch.calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/7/'))).toBe(
        true,
      ),
    );
    expect(fetch.calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/11/'))).toBe(
      false,
    );
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before an in-app link leaves; Cancel stays, Leave goes', async () => {
    stub({});
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByLabelText(/^Title/), 'Unsaved');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(currentPath()).toBe('/content/create');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/content/create');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(currentPath()).toBe('/dashboard');
    // Left before the autosave pause: the draft is kept all the same.
    expect(JSON.parse(localStorage.getItem(draftKey(testUser.id, 'new'))!)).toMatchObject({
      title: 'Unsaved',
    });
  });

  it('lets a link through when nothing is unsaved', async () => {
    stub({});
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });
});

describe('a save that meets a dead session', () => {
  it('keeps the draft, goes to /login?next=…, and after login restores and saves it', async () => {
    const fetch = stub({
      'GET /api/collections/contents-list/2/': () => json(200, item),
      'PATCH /api/collections/contents-list/2/': [
        () => json(401, { detail: 'Token expired' }),
        (_url, init) => json(200, { ...item, ...(JSON.parse(init.body as string) as object) }),
      ],
      'POST /api/auth/refresh-token/': () => json(401, { detail: 'Token is invalid' }),
    });
    const user = userEvent.setup();
    const first = renderEdit();
    const content = await screen.findByLabelText('Content');
    await user.click(content);
    await user.paste(' before the session died');
    await waitFor(() => expect(currentPath()).toBe('/login'), { timeout: 4000 });
    expect(screen.getByTestId('login-search')).toHaveTextContent(
      `?next=${encodeURIComponent('/content/2/edit')}`,
    );
    const draft = JSON.parse(localStorage.getItem(draftKey(testUser.id, 2))!) as {
      content: string;
      resume: boolean;
    };
    expect(draft).toMatchObject({ content: 'Opening line before the session died', resume: true });
    first.unmount();

    // Logged in again: back on the same form.
    localStorage.setItem('access_token', 'Bearer fresh');
    renderEdit();
    expect(await screen.findByLabelText('Content')).toHaveValue(
      'Opening line before the session died',
    );
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    const patches = fetch.calls.filter((call) => call.method === 'PATCH');
    expect(patches.at(-1)!.body).toMatchObject({
      content: 'Opening line before the session died',
    });
    expect(localStorage.getItem(draftKey(testUser.id, 2))).toBeNull();
  });
});
