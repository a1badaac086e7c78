import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeContent, makeFile, renderSignedIn } from '../../../test/library-fixtures';
import type { fakeFetch } from '../../../test/fake-fetch';
import { json } from '../../../test/fake-fetch';
import { ContentDetailPage } from './content-detail-page';

afterEach(() => vi.unstubAllGlobals());

/** A public item whose text changed since it was published (decision 229). */
const item = makeContent({
  id: 2,
  title: 'Ep 3 — lights',
  content: 'A cheap lamp.\n\nSAM: add end-screen timing.',
  is_public: true,
  published_version: 40,
  files: [makeFile({ id: 8, name: 'sponsor-brief.pdf', size: 12, content: 2 })],
});

const published = {
  id: 40,
  label: 'Published',
  title: 'Ep 3',
  content: 'A cheap lamp.',
  created_on: '2026-11-20T10:00:00.000Z',
};

function renderDetail(routes: Parameters<typeof fakeFetch>[0]) {
  return renderSignedIn(
    <ContentDetailPage />,
    { path: '/content/:id', route: '/content/2' },
    routes,
  );
}

describe('Update public page', () => {
  it('shows what changed since the last publish, then updates the public page', async () => {
    let current = item;
    const { user, fetch } = renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, current),
      'GET /api/collections/contents-list/2/versions/40/': () => json(200, published),
      'POST /api/collections/contents-list/2/publish/': () => {
        current = { ...current, published_version: 41 };
        return json(200, current);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update public page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update public page' });
    const changes = await within(dialog).findByTestId('public-changes');
    expect(within(changes).getByText(/SAM: add end-screen timing\./).tagName).toBe('INS');
    expect(within(dialog).getByText(/Since the last publish:/)).toBeInTheDocument();
    expect(within(dialog).getByText('Ep 3').tagName).toBe('DEL');
    await user.click(within(dialog).getByRole('button', { name: 'Update public page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Public page updated.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says so when the public page already shows the current text', async () => {
    const { user } = renderDetail({
      'GET /api/collections/contents-list/2/': () =>
        json(200, { ...item, title: 'Ep 3', content: 'A cheap lamp.' }),
      'GET /api/collections/contents-list/2/versions/40/': () => json(200, published),
    });
    await user.click(await screen.findByRole('button', { name: 'Update public page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update public page' });
    expect(
      await within(dialog).findByText('The public page already shows the current text.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update public page' })).toBeDisabled();
  });

  it('is offered to an editor of a public item, without the owner’s switch', async () => {
    renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, { ...item, role: 'editor' }),
    });
    expect(await screen.findByRole('button', { name: 'Update public page' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show on public page' })).toBeNull();
  });

  it('is not offered to a viewer, who cannot choose files either', async () => {
    renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, { ...item, role: 'viewer' }),
    });
    expect(await screen.findByRole('heading', { name: 'Ep 3 — lights' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update public page' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /On public page/ })).toBeNull();
  });

  it('is not offered on a private item', async () => {
    renderDetail({
      'GET /api/collections/contents-list/2/': () =>
        json(200, { ...item, is_public: false, published_version: null }),
    });
    expect(await screen.findByRole('switch', { name: 'Show on public page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update public page' })).toBeNull();
  });
});

describe('files on the public page (decision 230)', () => {
  it('a file is private until ticked On public page', async () => {
    let current = item;
    const { user, fetch } = renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, current),
      'PATCH /api/collections/files/8/': (_url, init) => {
        const body = JSON.parse(init.body as string) as { is_public: boolean };
        current = { ...current, files: [{ ...current.files[0]!, is_public: body.is_public }] };
        return json(200, current.files[0]);
      },
    });
    const box = await screen.findByRole('checkbox', { name: /On public page.*sponsor-brief\.pdf/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(fetch.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ is_public: true });
  });
});

describe('summary and cover (decision 231)', () => {
  it('saves the summary when it loses focus and a cover picked among the images', async () => {
    let current = {
      ...item,
      files: [
        ...item.files,
        makeFile({ id: 9, name: 'stage.png', content_type: 'image/png', content: 2 }),
      ],
    };
    const { user, fetch } = renderDetail({
      'GET /api/collections/contents-list/2/': () => json(200, current),
      'PATCH /api/collections/contents-list/2/': (_url, init) => {
        current = { ...current, ...(JSON.parse(init.body as string) as object) };
        return json(200, current);
      },
    });
    const summary = await screen.findByRole('textbox', { name: 'Summary' });
    await user.type(summary, 'How we light a room for $20.');
    await user.tab();
    const cover = screen.getByRole('combobox', { name: 'Cover' });
    // Only images are offered.
    expect(
      within(cover)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No cover', 'stage.png']);
    await user.selectOptions(cover, 'stage.png');
    await waitFor(() => expect(cover).toHaveValue('9'));
    expect(fetch.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { summary: 'How we light a room for $20.' },
      { cover: 9 },
    ]);
  });
});
