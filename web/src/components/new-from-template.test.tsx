import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '@cw/contract';
import { makeContent, renderSignedIn } from '../test/library-fixtures';
import { currentPath } from '../test/render';
import { json } from '../test/fake-fetch';
import { NewFromTemplate } from './new-from-template';

afterEach(() => vi.unstubAllGlobals());

const template = (overrides: Partial<Template>): Template => ({
  id: 'youtube-video',
  builtin: true,
  name: 'YouTube video',
  description: 'Hook, intro, sections, call to action and end screen.',
  title: 'New video',
  content: '## Hook',
  status: 'scripting',
  tags: ['youtube'],
  checklist: ['Thumbnail', 'Captions'],
  created_on: null,
  ...overrides,
});
const TEMPLATES = [
  template({}),
  template({ id: '7', builtin: false, name: 'My vlog', description: '', checklist: [] }),
];

function renderButton(collection?: number) {
  return renderSignedIn(
    <NewFromTemplate collection={collection} />,
    { path: '/board', route: '/board' },
    {
      'GET /api/templates/': () => json(200, TEMPLATES),
      'POST /api/templates/youtube-video/use/': () =>
        json(201, makeContent({ id: 12, title: 'New video' })),
      'DELETE /api/templates/7/': () => new Response(null, { status: 204 }),
    },
  );
}

describe('New from template', () => {
  it('lists the built-in and saved templates, and opens the new item in the editor', async () => {
    const { user, fetch } = renderButton(4);
    await user.click(screen.getByRole('button', { name: 'New from template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New from template' });
    const list = await within(dialog).findByRole('list', { name: 'Templates' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['YouTube video', 'My vlog']);
    expect(within(list).getByText('Built-in · starts as scripting · 2 checks')).toBeInTheDocument();
    expect(within(list).getByText('Yours · starts as scripting')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Use YouTube video' }));
    await waitFor(() => expect(currentPath()).toBe('/content/12/edit'));
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ collection: 4 });
  });

  it('deletes a saved template, never a built-in one', async () => {
    const { user, fetch } = renderButton();
    await user.click(screen.getByRole('button', { name: 'New from template' }));
    await screen.findByRole('list', { name: 'Templates' });
    expect(
      screen.queryByRole('button', { name: 'Delete template YouTube video' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete template My vlog' }));
    await waitFor(() =>
      expect(fetch.calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/7/'))).toBe(
        true,
      ),
    );
  });
});
