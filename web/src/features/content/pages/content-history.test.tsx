import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ContentItem, Version, VersionSummary } from '@cw/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeContent, page, renderSignedIn } from '../../../test/library-fixtures';
import { json, type fakeFetch } from '../../../test/fake-fetch';
import { ContentDetailPage } from './content-detail-page';

afterEach(() => vi.unstubAllGlobals());

const item = makeContent({
  id: 2,
  title: 'Launch script',
  content: 'Welcome to the slow show, everyone',
});
const summaries: VersionSummary[] = [
  {
    id: 11,
    label: 'Sent to editor',
    title: 'Launch script',
    word_count: 6,
    created_on: '2026-11-21T10:00:00.000Z',
  },
  { id: 10, label: null, title: 'Launch', word_count: 4, created_on: '2026-11-20T09:00:00.000Z' },
];
const versions: Record<number, Version> = {
  11: {
    id: 11,
    label: 'Sent to editor',
    title: 'Launch script',
    content: 'Welcome to the quick show, everyone',
    created_on: '2026-11-21T10:00:00.000Z',
  },
  10: {
    id: 10,
    label: null,
    title: 'Launch',
    content: 'Welcome to the show',
    created_on: '2026-11-20T09:00:00.000Z',
  },
};
const BASE = '/api/collections/contents-list/2';

function renderDetail(content: ContentItem, routes: Parameters<typeof fakeFetch>[0] = {}) {
  return renderSignedIn(
    <ContentDetailPage />,
    { path: '/content/:id', route: '/content/2' },
    {
      [`GET ${BASE}/`]: () => json(200, content),
      [`GET ${BASE}/versions/`]: () => json(200, page(summaries)),
      [`GET ${BASE}/versions/11/`]: () => json(200, versions[11]),
      [`GET ${BASE}/versions/10/`]: () => json(200, versions[10]),
      ...routes,
    },
  );
}

async function openHistory(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'History' }));
  return screen.findByRole('dialog', { name: 'History' });
}

describe('History on the content page', () => {
  it('lists versions newest first and marks what changed since the chosen one', async () => {
    const { user } = renderDetail(item);
    const dialog = await openHistory(user);
    const list = await within(dialog).findByRole('navigation', { name: 'Versions' });
    const entries = within(list).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/Nov 21, 2026.*Sent to editor.*6 words/),
      expect.stringMatching(/Nov 20, 2026.*Saved automatically.*4 words/),
    ]);
    expect(entries[0]).toHaveAttribute('aria-current', 'true');

    const changes = await within(dialog).findByTestId('version-changes');
    expect(within(changes).getByText('quick', { selector: 'del' })).toBeInTheDocument();
    expect(within(changes).getByText('slow', { selector: 'ins' })).toBeInTheDocument();
    expect(within(dialog).getByText('+1 added')).toBeInTheDocument();
    expect(within(dialog).getByText('−1 removed')).toBeInTheDocument();

    await user.click(entries[1]!);
    expect(entries[1]).toHaveAttribute('aria-current', 'true');
    expect(await within(dialog).findByText('Launch', { selector: 'del' })).toBeInTheDocument();
    expect(within(dialog).getByText('Launch script', { selector: 'ins' })).toBeInTheDocument();
  });

  it('saves a named version', async () => {
    const { user, fetch } = renderDetail(item, {
      [`POST ${BASE}/versions/`]: () => json(201, { ...versions[11], id: 12, label: 'Final' }),
    });
    const dialog = await openHistory(user);
    await user.type(within(dialog).getByLabelText('Version name (optional)'), 'Final');
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await within(dialog).findByText('Version saved.')).toBeInTheDocument();
    const post = fetch.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ label: 'Final' });
    expect(within(dialog).getByLabelText('Version name (optional)')).toHaveValue('');
  });

  it('restores a version after confirming, and the page shows its text', async () => {
    const restoredItem = { ...item, content: versions[11]!.content };
    const { user, fetch } = renderDetail(item, {
      [`POST ${BASE}/versions/11/restore/`]: () => json(200, restoredItem),
    });
    const dialog = await openHistory(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Restore this version' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this version?' });
    expect(confirm).toHaveTextContent('The current text is kept in History first');
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/Version restored\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'History' })).not.toBeInTheDocument(),
    );
    expect(fetch.calls.some((call) => call.url.endsWith('/versions/11/restore/'))).toBe(true);
    expect(await screen.findByText(/quick show/, {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('shows a viewer the history without Save version or Restore', async () => {
    const { user } = renderDetail({ ...item, role: 'viewer' });
    const dialog = await openHistory(user);
    expect(await within(dialog).findByTestId('version-changes')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save version' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('says so when there are no versions yet', async () => {
    const { user } = renderDetail(item, {
      [`GET ${BASE}/versions/`]: () => json(200, page([])),
    });
    const dialog = await openHistory(user);
    expect(await within(dialog).findByText(/No versions yet/)).toBeInTheDocument();
  });
});
