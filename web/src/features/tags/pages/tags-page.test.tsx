import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tag } from '@cw/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTag, page, WithUser } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { TagsPage } from './tags-page';

type Routes = Parameters<typeof fakeFetch>[0];

/** The server's tags: tests change them as the server would, so refetches see the change. */
let serverTags: Tag[] = [];

function renderTags(routes: Routes = {}, tags = [makeTag(5, 'draft', 3), makeTag(6, 'ideas', 1)]) {
  serverTags = tags;
  const fetch = fakeFetch({
    'GET /api/collections/tags/': () => json(200, page(serverTags)),
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  const result = renderPage(
    <WithUser>
      <TagsPage />
    </WithUser>,
    { path: '/tags' },
  );
  return { fetch, user: userEvent.setup({ delay: null }), ...result };
}

const row = (name: string) =>
  screen.getAllByTestId('tag-row').find((item) => item.getAttribute('data-name') === name)!;

afterEach(() => vi.unstubAllGlobals());

describe('TagsPage', () => {
  it('lists every tag by name with its uses and a link to the content it is on', async () => {
    renderTags({}, [makeTag(6, 'ideas', 1), makeTag(5, 'draft', 3), makeTag(7, 'old', 0)]);
    await screen.findByRole('list', { name: 'Your tags' });
    expect(document.title).toBe('Tags · Creator Workspace');
    expect(screen.getAllByTestId('tag-row').map((item) => item.getAttribute('data-name'))).toEqual([
      'draft',
      'ideas',
      'old',
    ]);
    expect(within(row('draft')).getByTestId('tag-usage')).toHaveTextContent('3 uses');
    expect(within(row('ideas')).getByTestId('tag-usage')).toHaveTextContent('1 use');
    expect(within(row('old')).getByTestId('tag-usage')).toHaveTextContent('Not used');
    expect(screen.getByRole('link', { name: 'Show content tagged draft' })).toHaveAttribute(
      'href',
      '/content?tag=5',
    );
  });

  it('filters the list as you type', async () => {
    const { user } = renderTags();
    await user.type(await screen.findByLabelText('Filter tags'), 'IDE');
    expect(screen.getAllByTestId('tag-row')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Filter tags'));
    await user.type(screen.getByLabelText('Filter tags'), 'zzz');
    expect(screen.getByText('No tags match “zzz”.')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    renderTags({}, []);
    expect(await screen.findByText('No tags yet.')).toBeInTheDocument();
  });

  it('renames inline, shows the server validation message, and gives the focus back to Rename', async () => {
    const { user, fetch, queryClient } = renderTags({
      'PATCH /api/collections/tags/5/': [
        () =>
          json(400, {
            message: 'A tag with this name already exists.',
            code: 'invalid',
            errors: { name: ['A tag with this name already exists.'] },
          }),
        () => {
          serverTags = [makeTag(5, 'drafts', 3), makeTag(6, 'ideas', 1)];
          return json(200, serverTags[0]);
        },
      ],
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(await screen.findByRole('button', { name: 'Rename tag draft' }));
    const field = screen.getByRole('textbox', { name: 'New name for draft' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'ideas{Enter}');
    expect(await screen.findByText('A tag with this name already exists.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'drafts{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rename tag drafts' })).toHaveFocus(),
    );
    expect(fetch.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'ideas' },
      { name: 'drafts' },
    ]);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['tags', 'contents', 'collections', 'search']));
  });

  it('cancels a rename with Escape', async () => {
    const { user, fetch } = renderTags();
    await user.click(await screen.findByRole('button', { name: 'Rename tag draft' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for draft' }), 'x');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename tag draft' })).toHaveFocus();
    expect(fetch.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('merges into another tag from a dialog that explains what happens', async () => {
    const { user, fetch } = renderTags({
      'POST /api/collections/tags/5/merge/': () => {
        serverTags = [makeTag(6, 'ideas', 4)];
        return json(200, serverTags[0]);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Merge tag draft into another' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Tag' });
    expect(dialog).toHaveTextContent(
      'Every content item and collection tagged draft gets the tag you choose instead, and draft is deleted. This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the tag to merge into.');
    const select = within(dialog).getByLabelText('Merge into');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a tag', 'ideas (1 use)']);
    await user.selectOptions(select, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged draft into ideas.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.calls.find((c) => c.url.includes('/merge/'))?.body).toEqual({ into: 6 });
    expect(screen.getAllByTestId('tag-row')).toHaveLength(1);
    expect(within(row('ideas')).getByTestId('tag-usage')).toHaveTextContent('4 uses');
  });

  it('keeps a failed merge in the dialog', async () => {
    const { user } = renderTags({
      'POST /api/collections/tags/5/merge/': () => json(500, undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Merge tag draft into another' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Tag' });
    await user.selectOptions(within(dialog).getByLabelText('Merge into'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to merge the tags. Please try again.',
    );
  });

  it('deletes after the usual confirmation', async () => {
    const { user, fetch } = renderTags({
      'DELETE /api/collections/tags/6/': () => {
        serverTags = [makeTag(5, 'draft', 3)];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete tag ideas' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Tag' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete ideas? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(screen.getAllByTestId('tag-row')).toHaveLength(1);
  });
});
