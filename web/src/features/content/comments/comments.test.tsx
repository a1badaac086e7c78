import type { Thread } from '@cw/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { editorText, editorView, selectInEditor } from '../../../test/editor';
import { makeContent, page } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { openItemTwo } from '../pages/render-writing-page';
import { anchorOf } from './anchors';

/** Comments on the writing page (docs/product.md, "Comments"). */
const SCRIPT = 'Intro. The sponsor read goes here. Outro.';
const OWNER = { id: 3, name: 'Olive Owner' };
const ME = { id: 7, name: 'Ada Lovelace' };

function thread(overrides: Partial<Thread> = {}): Thread {
  return {
    id: 11,
    content_id: 2,
    anchor: null,
    detached: false,
    resolved: false,
    resolved_on: null,
    resolved_by: null,
    created_on: '2026-11-27T10:00:00Z',
    comments: [
      {
        id: 21,
        author: OWNER,
        body: `Cut this? @[${ME.name}](user:${ME.id})`,
        mentions: [ME.id],
        created_on: '2026-11-27T10:00:00Z',
        edited_on: null,
        deleted: false,
      },
    ],
    ...overrides,
  };
}

/** Item 2 with `threads`; every POST is recorded and answers a thread. */
function renderWithThreads(threads: (text: Y.Text) => Thread[]) {
  const posts: { url: string; body: unknown }[] = [];
  const shared: { text?: Y.Text } = {};
  const item = makeContent({ id: 2, title: 'Episode', content: SCRIPT, role: 'viewer', user: 3 });
  const relay = openItemTwo(item, SCRIPT, {
    'GET /api/collections/contents-list/2/threads/': () =>
      json(200, page(shared.text ? threads(shared.text) : [])),
    'GET /api/collections/contents-list/2/people/': () => json(200, page([OWNER, ME])),
    'POST /api/collections/contents-list/2/threads/': (url, init) => {
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      return json(201, thread());
    },
    'PATCH /api/collections/contents-list/2/comments/21/': (url, init) => {
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      return json(200, thread());
    },
    'DELETE /api/collections/contents-list/2/comments/21/': (url) => {
      posts.push({ url, body: null });
      return new Response(null, { status: 204 });
    },
    'POST /api/collections/contents-list/2/threads/11/resolve/': (url) => {
      posts.push({ url, body: null });
      return json(200, thread({ resolved: true }));
    },
  });
  shared.text = relay.doc('content:2').getText('content');
  return { posts, relay };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('access_token', 'Bearer abc');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('comments on the writing page', () => {
  it('shows a thread beside its highlighted passage, with its mention', async () => {
    const from = SCRIPT.indexOf('sponsor read');
    renderWithThreads((text) => [
      thread({ anchor: { ...anchorOf(text, from, from + 12), quote: 'sponsor read' } }),
    ]);
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    const panel = screen.getByRole('complementary', { name: 'Comments' });
    const card = await within(panel).findByRole('article', { name: 'Comment by Olive Owner' });
    expect(card).toHaveTextContent('sponsor read');
    expect(await within(card).findByText('@Ada Lovelace')).toBeInTheDocument();
    await waitFor(() =>
      expect(editorView().contentDOM.querySelector('.cm-comment-mark')).toHaveTextContent(
        'sponsor read',
      ),
    );
    // A click on the passage picks its thread.
    fireEvent.click(editorView().contentDOM.querySelector('.cm-comment-mark')!);
    await waitFor(() => expect(card.className).toContain('ring-amber-400'));
    expect(screen.getByRole('button', { name: 'Comments (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('comments on a selection by Ctrl+Alt+M, mentioning someone from the @ list (a viewer too)', async () => {
    const user = userEvent.setup();
    const { posts, relay } = renderWithThreads(() => []);
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    const from = SCRIPT.indexOf('goes here');
    selectInEditor(from, from + 9);
    // The control over the selection, and its shortcut Ctrl+Alt+M.
    expect(await screen.findByRole('button', { name: 'Add comment' })).toBeInTheDocument();
    act(() => {
      fireEvent.keyDown(editorView().contentDOM, {
        key: 'm',
        code: 'KeyM',
        ctrlKey: true,
        altKey: true,
      });
    });
    const composer = await screen.findByRole('region', { name: 'New comment' });
    expect(composer).toHaveTextContent('goes here');
    const box = within(composer).getByRole('combobox', { name: 'Comment' });
    await user.type(box, 'Check with @Ol');
    const list = await within(composer).findByRole('listbox', { name: 'People who can read this' });
    expect(within(list).getByRole('option', { name: 'Olive Owner' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Check with @[Olive Owner](user:3) ');
    await user.click(within(composer).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const sent = posts[0]!.body as { body: string; anchor: { start: string; end: string } };
    expect(sent.body).toBe('Check with @[Olive Owner](user:3)');
    // The anchor names the selected passage in the shared document.
    const doc = relay.doc('content:2');
    const at = (encoded: string) =>
      Y.createAbsolutePositionFromRelativePosition(
        Y.decodeRelativePosition(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))),
        doc,
      )!.index;
    expect(SCRIPT.slice(at(sent.anchor.start), at(sent.anchor.end))).toBe('goes here');
  });

  it('resolves, hides resolved threads unless asked, and comments on the whole item', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const { posts } = renderWithThreads(() => [
      thread({ resolved, resolved_by: resolved ? OWNER : null }),
    ]);
    const panel = await screen.findByRole('complementary', { name: 'Comments' });
    const card = await within(panel).findByRole('article', { name: 'Comment by Olive Owner' });
    expect(card).toHaveTextContent('On the whole item');
    resolved = true;
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(within(panel).queryByRole('article')).not.toBeInTheDocument());
    await user.click(within(panel).getByRole('checkbox', { name: /Show resolved/ }));
    expect(await within(panel).findByText('Resolved by Olive Owner')).toBeInTheDocument();
    const whole = within(panel).getByRole('region', { name: 'Comment on the whole item' });
    await user.type(within(whole).getByRole('combobox'), 'Great episode');
    await user.click(within(whole).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(posts.at(-1)!.body).toEqual({ body: 'Great episode' }));
  });

  it('lets the author edit and delete their own comment, after asking', async () => {
    const user = userEvent.setup();
    const mine = thread();
    mine.comments[0]!.author = ME;
    const { posts } = renderWithThreads(() => [mine]);
    const card = await screen.findByRole('article', { name: 'Comment by Ada Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const box = within(card).getByRole('combobox', { name: 'Edit comment' });
    await user.clear(box);
    await user.type(box, 'Shorter, please');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts.at(-1)!.body).toEqual({ body: 'Shorter, please' }));
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(posts.at(-1)!.url).toContain('/comments/21/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
